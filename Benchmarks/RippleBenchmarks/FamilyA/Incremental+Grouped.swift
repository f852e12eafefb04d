// Family A's grouped case: one of 10,000 todos changes priority, then the sections by
// priority are read, through `groupedBy:` against an `@Observable` computed property
// over `Dictionary(grouping:)`.

import Observation
import Ripple

/// What the grouped script needs.
protocol GroupedTodoStore: AnyObject {
    init(items: [TodoItem])
    func setPriority(_ rank: Int, at index: Int)
    /// The number of todos in the first section and the number of sections.
    func readSections() -> (first: Int, sections: Int)
}

enum GroupedModels {
    final class RippleStore: GroupedTodoStore {
        @Tracked var items: IncrementalArray<TodoItem>
        @Derived(\RippleStore.items, groupedBy: \.priorityRank) var byPriority: ListSections<Int, TodoItem>

        init(items: [TodoItem]) { self.items = IncrementalArray(items) }
        func setPriority(_ rank: Int, at index: Int) { items[index].priority = TodoItem.Priority.allCases[rank] }
        func readSections() -> (first: Int, sections: Int) {
            let sections = byPriority
            return (sections.first?.elements.count ?? 0, sections.count)
        }
    }

    @Observable final class ObservationStore: GroupedTodoStore {
        var items: [TodoItem]
        var byPriority: [(key: Int, value: [TodoItem])] {
            Dictionary(grouping: items, by: \.priorityRank).sorted { $0.key < $1.key }
        }

        init(items: [TodoItem]) { self.items = items }
        func setPriority(_ rank: Int, at index: Int) { items[index].priority = TodoItem.Priority.allCases[rank] }
        func readSections() -> (first: Int, sections: Int) {
            let sections = byPriority
            return (sections.first?.value.count ?? 0, sections.count)
        }
    }
}

extension TodoItem {
    /// The priority as a number, for a section key that sorts.
    var priorityRank: Int { TodoItem.Priority.allCases.firstIndex(of: priority) ?? 0 }
}

/// 10,000 todos: change one's priority, then read the sections.
@inline(__always)
private func incrementalGroupedToggle<Store: GroupedTodoStore>(_: Store.Type, _ ops: Int) -> UInt64 {
    let count = 10_000
    let store = Store(items: TodoItem.sample(count: count))
    _ = store.readSections()
    var last = (first: 0, sections: 0)
    let elapsed = measure(with: store) { store in
        var read = (first: 0, sections: 0)
        for op in 0..<ops {
            store.setPriority(op % 3, at: (op &* 7919) % count)
            read = store.readSections()
        }
        last = read
    }
    var items = TodoItem.sample(count: count)
    for op in 0..<ops { items[(op &* 7919) % count].priority = TodoItem.Priority.allCases[op % 3] }
    if ops > 0 {
        checkEqual(last.first, items.count { $0.priorityRank == 0 }, "todos in the first section after the script")
    }
    return elapsed
}

@inline(never)
func bench_ripple_incrementalGroupedToggle(_ ops: Int) -> UInt64 {
    incrementalGroupedToggle(GroupedModels.RippleStore.self, ops)
}

@inline(never)
func bench_observation_incrementalGroupedToggle(_ ops: Int) -> UInt64 {
    incrementalGroupedToggle(GroupedModels.ObservationStore.self, ops)
}
