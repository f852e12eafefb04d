import Ripple

/// Shows the work a model's derived values do after each change, counted from outside
/// the model by Ripple's ``WorkCounter``: the model declares its `@Derived` values as
/// anyone would, and the program makes a counter beside it.
///
/// ```swift
/// final class TodoStore {
///     @Tracked var items: IncrementalArray<TodoItem> = []
///     @Derived(\TodoStore.items, count: \.isCompleted) var completedCount: Int
/// }
///
/// let store = TodoStore()
/// let recomputes = RecomputeCounter(store, units: ["completedCount": "todo"])
/// ```
public final class RecomputeCounter {
    private let work: WorkCounter
    /// The singular noun of each list operator's elements, by property.
    private let units: [String: String]
    /// The work not yet reported, by property, in order of first mention.
    private var pending: [WorkCounter.Work] = []
    private var recomputeTotals: [String: Int] = [:]
    private var elementCounts: [String: Int] = [:]

    /// Counts the work of `model`'s derived values from now on; `units` names what
    /// each list operator's elements are (`"todo"`), for the report.
    public init(_ model: AnyObject, units: [String: String] = [:]) {
        work = WorkCounter(model)
        self.units = units
    }

    /// Recomputes since the counter was created, by property, for properties that are
    /// not list operators.
    public var totals: [String: Int] {
        collect()
        return recomputeTotals
    }

    /// Elements looked at since the counter was created, by list operator.
    public var elementTotals: [String: Int] {
        collect()
        return elementCounts
    }

    /// The work since the last call, one line, in order of first mention:
    /// `recomputed: completedCount (looked at 1 todo), pendingCount`; nil when there
    /// was none.
    public func takeReport() -> String? {
        collect()
        guard !pending.isEmpty else { return nil }
        let items = pending.map { entry -> String in
            if let elements = entry.elements {
                let unit = units[entry.property] ?? "element"
                return "\(entry.property) (looked at \(elements) \(unit)\(elements == 1 ? "" : "s"))"
            }
            return entry.recomputes == 1 ? entry.property : "\(entry.property) x\(entry.recomputes)"
        }
        pending = []
        return "  recomputed: " + items.joined(separator: ", ")
    }

    /// Moves the counter's work into the totals and the pending report.
    private func collect() {
        for entry in work.take() {
            if let elements = entry.elements {
                elementCounts[entry.property, default: 0] += elements
                // An update that looked at no element (a removal) did no work to show.
                if elements == 0 { continue }
            } else {
                recomputeTotals[entry.property, default: 0] += entry.recomputes
            }
            if let index = pending.firstIndex(where: { $0.property == entry.property }) {
                let earlier = pending[index]
                pending[index] = WorkCounter.Work(
                    property: entry.property, recomputes: earlier.recomputes + entry.recomputes,
                    elements: entry.elements.map { $0 + (earlier.elements ?? 0) }
                )
            } else {
                pending.append(entry)
            }
        }
    }
}
