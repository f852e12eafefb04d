// Family A's keyed case: one of 10,000 todos changes, then one is read by its id,
// through `keyedBy:` against an `@Observable` computed dictionary.

import Observation
import Ripple

/// What the keyed script needs.
protocol KeyedTodoStore: AnyObject {
    init(items: [TodoItem])
    func toggle(at index: Int)
    func item(withID id: Int) -> TodoItem?
}

enum KeyedModels {
    final class RippleStore: KeyedTodoStore {
        @Tracked var items: IncrementalArray<TodoItem>
        @Derived(\RippleStore.items, keyedBy: \.id) var itemsByID: KeyedIndex<Int, TodoItem>

        init(items: [TodoItem]) { self.items = IncrementalArray(items) }
        func toggle(at index: Int) { items[index].isCompleted.toggle() }
        func item(withID id: Int) -> TodoItem? { itemsByID[id] }
    }

    @Observable final class ObservationStore: KeyedTodoStore {
        var items: [TodoItem]
        var itemsByID: [Int: TodoItem] { Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }) }

        init(items: [TodoItem]) { self.items = items }
        func toggle(at index: Int) { items[index].isCompleted.toggle() }
        func item(withID id: Int) -> TodoItem? { itemsByID[id] }
    }
}

/// 10,000 todos: toggle one, then read one by id.
@inline(__always)
private func incrementalKeyedUpdate<Store: KeyedTodoStore>(_: Store.Type, _ ops: Int) -> UInt64 {
    let count = 10_000
    let store = Store(items: TodoItem.sample(count: count))
    _ = store.item(withID: 0)
    var completed = 0
    let elapsed = measure(with: store) { store in
        var found = 0
        for op in 0..<ops {
            let index = (op &* 7919) % count
            store.toggle(at: index)
            if store.item(withID: index)?.isCompleted == true { found &+= 1 }
        }
        completed = found
    }
    var items = TodoItem.sample(count: count)
    var expected = 0
    for op in 0..<ops {
        let index = (op &* 7919) % count
        items[index].isCompleted.toggle()
        if items[index].isCompleted { expected &+= 1 }
    }
    checkEqual(completed, expected, "todos found completed by id after each toggle")
    return elapsed
}

@inline(never)
func bench_ripple_incrementalKeyedUpdate(_ ops: Int) -> UInt64 {
    incrementalKeyedUpdate(KeyedModels.RippleStore.self, ops)
}

@inline(never)
func bench_observation_incrementalKeyedUpdate(_ ops: Int) -> UInt64 {
    incrementalKeyedUpdate(KeyedModels.ObservationStore.self, ops)
}
