/// Counts how often derived values recompute, so that a program can show its
/// memoization at work.
///
/// Record from inside the derivation; the counter is a plain object, not tracked
/// state, so recording is not a write to the graph:
///
/// ```swift
/// final class TodoStore {
///     let recomputes = RecomputeCounter()
///     @Tracked var items: [TodoItem] = []
///     @Derived({ (store: TodoStore) in
///         store.recomputes.record("completedCount")
///         return store.items.filter(\.isCompleted).count
///     })
///     var completedCount: Int
/// }
/// ```
public final class RecomputeCounter {
    /// Recomputes since the counter was created, by name.
    public private(set) var totals: [String: Int] = [:]
    private var recent: [String] = []

    public init() {}

    /// Notes one recompute of `name`.
    public func record(_ name: String) {
        totals[name, default: 0] += 1
        recent.append(name)
    }

    /// The recomputes since the last call, one line, in order: `recomputed: a, b x2`;
    /// nil when nothing recomputed.
    public func takeReport() -> String? {
        guard !recent.isEmpty else { return nil }
        var order: [String] = []
        var counts: [String: Int] = [:]
        for name in recent {
            if counts[name] == nil { order.append(name) }
            counts[name, default: 0] += 1
        }
        recent = []
        let items = order.map { counts[$0] == 1 ? $0 : "\($0) x\(counts[$0]!)" }
        return "  recomputed: " + items.joined(separator: ", ")
    }
}
