/// Counts how often derived values recompute, and how many elements the incremental
/// list operators look at, so that a program can show the work each change costs.
///
/// Record from inside the derivation; the counter is a plain object, not tracked
/// state, so recording is not a write to the graph:
///
/// ```swift
/// final class TodoStore {
///     let recomputes = RecomputeCounter()
///     @Tracked var items: IncrementalArray<TodoItem> = []
///     @Derived(\TodoStore.items, count: { store in
///         let recomputes = store.recomputes
///         return { item in
///             recomputes.lookedAt(1, "todo", for: "completedCount")
///             return item.isCompleted
///         }
///     })
///     var completedCount: Int
/// }
/// ```
public final class RecomputeCounter {
    /// Recomputes since the counter was created, by name.
    public private(set) var totals: [String: Int] = [:]
    /// Elements looked at since the counter was created, by name.
    public private(set) var elementTotals: [String: Int] = [:]
    private var recent: [(name: String, elements: Int, unit: String?)] = []

    public init() {}

    /// Notes one recompute of `name`.
    public func record(_ name: String) {
        totals[name, default: 0] += 1
        recent.append((name, 0, nil))
    }

    /// Notes that the operator behind `name` looked at `count` elements (singular
    /// noun `unit`).
    public func lookedAt(_ count: Int, _ unit: String, for name: String) {
        elementTotals[name, default: 0] += count
        recent.append((name, count, unit))
    }

    /// The work since the last call, one line, in order of first mention:
    /// `recomputed: completedCount (looked at 1 todo), pendingCount`; nil when there
    /// was none.
    public func takeReport() -> String? {
        guard !recent.isEmpty else { return nil }
        var order: [String] = []
        var recomputes: [String: Int] = [:]
        var elements: [String: (count: Int, unit: String)] = [:]
        for event in recent {
            if recomputes[event.name] == nil, elements[event.name] == nil { order.append(event.name) }
            if let unit = event.unit {
                elements[event.name, default: (0, unit)].count += event.elements
            } else {
                recomputes[event.name, default: 0] += 1
            }
        }
        recent = []
        let items = order.map { name -> String in
            if let (count, unit) = elements[name] {
                return "\(name) (looked at \(count) \(unit)\(count == 1 ? "" : "s"))"
            }
            let times = recomputes[name]!
            return times == 1 ? name : "\(name) x\(times)"
        }
        return "  recomputed: " + items.joined(separator: ", ")
    }
}
