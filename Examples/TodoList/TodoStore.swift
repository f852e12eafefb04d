import Ripple

/// The todos, the search and the priority filter, and three derived values: two
/// incremental list operators and a memoized count derived from one of them.
///
/// A change costs what it changed: toggling a todo looks at that todo once, typing into
/// the search looks at every todo once, and nothing looks at the others (the app counts
/// it from outside, with a `RecomputeCounter`).
final class TodoStore {
    @Tracked var items: IncrementalArray<TodoItem>
    @Tracked var searchText = ""
    @Tracked var selectedPriority: Priority?

    private var nextID: Int

    /// The todos that match the search and the priority filter. The outer closure is
    /// the query: a new search or priority means one pass over the todos. The inner one
    /// looks at one todo, and reads its title only while searching and its priority
    /// only while filtering, so a todo is looked at again only when what was read of it
    /// changes.
    @Derived(\TodoStore.items, filter: { store in
        let search = store.searchText.lowercased()
        let priority = store.selectedPriority
        return { item in
            (search.isEmpty || item.title.lowercased().contains(search))
                && (priority == nil || item.priority == priority)
        }
    })
    var filteredItems: IncrementalArray<TodoItem>

    /// How many todos are done: toggling one looks at that one alone.
    @Derived(\TodoStore.items, count: \.isCompleted)
    var completedCount: Int

    /// Derived from another derived value: it recomputes only after `completedCount`
    /// or the list changed.
    @Derived({ (store: TodoStore) in store.items.count - store.completedCount })
    var pendingCount: Int

    init(items: [TodoItem]) {
        self.items = IncrementalArray(items)
        self.nextID = (items.map(\.id).max() ?? 0) + 1
    }

    static func sample() -> TodoStore {
        TodoStore(items: [
            TodoItem(id: 1, title: "Buy milk", priority: .medium),
            TodoItem(id: 2, title: "Write the quarterly report", priority: .high),
            TodoItem(id: 3, title: "Call the plumber", priority: .high),
            TodoItem(id: 4, title: "Water the plants", priority: .low),
        ])
    }

    func item(_ id: Int) -> TodoItem? {
        items.first { $0.id == id }
    }

    func add(_ title: String, priority: Priority) {
        items.append(TodoItem(id: nextID, title: title, priority: priority))
        nextID += 1
    }

    func delete(_ item: TodoItem) {
        items.removeAll { $0 === item }
    }
}
