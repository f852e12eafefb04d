import Ripple
import RippleViews

/// The todos, the search and the priority filter, and three memoized derived values.
///
/// Each derived value records its recomputes, so the program can show that it runs
/// once per change of what it read, however many views read it, and not at all for
/// changes it did not read.
final class TodoStore {
    @Tracked var items: [TodoItem]
    @Tracked var searchText = ""
    @Tracked var selectedPriority: Priority?

    /// Counts recomputes; plain, not tracked, so recording one is not a write.
    let recomputes = RecomputeCounter()
    private var nextID: Int

    /// The todos that match the search and the priority filter. It reads titles only
    /// while searching and priorities only while filtering.
    @Derived({ (store: TodoStore) in
        let search = store.searchText.lowercased()
        let priority = store.selectedPriority
        let shown = store.items.filter { item in
            (search.isEmpty || item.title.lowercased().contains(search))
                && (priority == nil || item.priority == priority)
        }
        store.recomputes.record("filteredItems")
        return shown
    })
    var filteredItems: [TodoItem]

    @Derived({ (store: TodoStore) in
        let count = store.items.filter(\.isCompleted).count
        store.recomputes.record("completedCount")
        return count
    })
    var completedCount: Int

    /// Derived from another derived value: it recomputes only after `completedCount`
    /// or the list changed.
    @Derived({ (store: TodoStore) in
        let count = store.items.count - store.completedCount
        store.recomputes.record("pendingCount")
        return count
    })
    var pendingCount: Int

    init(items: [TodoItem]) {
        self.items = items
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
