import Ripple

/// How urgent a todo is.
enum Priority: String, CaseIterable, Comparable {
    case low, medium, high

    static func < (lhs: Priority, rhs: Priority) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One todo. A class with tracked properties, so that toggling it renders its row
/// and the counts, and never the list.
final class TodoItem: Identifiable, Equatable {
    /// The number the commands use (`toggle 2`).
    let id: Int
    @Tracked var title: String
    @Tracked var priority: Priority
    @Tracked var isCompleted = false

    init(id: Int, title: String, priority: Priority) {
        self.id = id
        self.title = title
        self.priority = priority
    }

    /// The same todo: identity, as for any object. It lets the filtered list compare
    /// equal after a recompute that kept the same todos, so nothing downstream runs.
    static func == (lhs: TodoItem, rhs: TodoItem) -> Bool {
        lhs === rhs
    }
}
