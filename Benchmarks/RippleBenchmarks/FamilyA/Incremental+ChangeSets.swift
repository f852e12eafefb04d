// Family A's change-set case: a list view of the pending todos among 10,000 keeps its
// rows and applies what changed after each toggle, through a `ListChangeReader`
// against an `@Observable` computed property and `difference(from:)`.

import Observation
import Ripple

// TodoItem stays non-Equatable, as the other todo rows measure it: an Equatable
// element would give Ripple's `filteredItems` an equality cut-off those rows do not have.
extension TodoItem {
    /// Whether two todos show the same row.
    static func sameRow(_ a: TodoItem, _ b: TodoItem) -> Bool {
        a.id == b.id && a.title == b.title && a.isCompleted == b.isCompleted && a.priority == b.priority
    }
}

/// What the change-set script needs: toggle a todo, then bring the view's rows up to
/// date with the pending ones.
protocol ChangeSetTodoView: AnyObject {
    init(items: [TodoItem])
    func toggle(at index: Int)
    /// Updates the rows; returns how many rows changed.
    func applyChanges() -> Int
    var rowCount: Int { get }
}

enum ChangeSetModels {
    final class RippleView: ChangeSetTodoView {
        final class Store {
            @Tracked var items: IncrementalArray<TodoItem>
            @Derived(\Store.items, filter: { !$0.isCompleted }) var pending: IncrementalArray<TodoItem>
            init(items: [TodoItem]) { self.items = IncrementalArray(items) }
        }

        let store: Store
        var reader = ListChangeReader<TodoItem>()
        var rows: [TodoItem] = []

        init(items: [TodoItem]) {
            store = Store(items: items)
            _ = applyChanges()
        }

        func toggle(at index: Int) { store.items[index].isCompleted.toggle() }

        func applyChanges() -> Int {
            let changes = reader.read(store.pending)
            changes.apply(to: &rows)
            return changes.steps?.count ?? rows.count
        }

        var rowCount: Int { rows.count }
    }

    final class ObservationView: ChangeSetTodoView {
        @Observable final class Store {
            var items: [TodoItem]
            var pending: [TodoItem] { items.filter { !$0.isCompleted } }
            init(items: [TodoItem]) { self.items = items }
        }

        let store: Store
        var rows: [TodoItem] = []

        init(items: [TodoItem]) {
            store = Store(items: items)
            _ = applyChanges()
        }

        func toggle(at index: Int) { store.items[index].isCompleted.toggle() }

        func applyChanges() -> Int {
            let pending = store.pending
            let difference = pending.difference(from: rows, by: TodoItem.sameRow)
            rows = rows.applying(difference) ?? pending
            return difference.count
        }

        var rowCount: Int { rows.count }
    }
}

/// 10,000 todos: toggle one, then apply the pending list's change to the view's rows.
@inline(__always)
private func incrementalChangeSet<View: ChangeSetTodoView>(_: View.Type, _ ops: Int) -> UInt64 {
    let count = 10_000
    let view = View(items: TodoItem.sample(count: count))
    var changed = 0
    let elapsed = measure(with: view) { view in
        var total = 0
        for op in 0..<ops {
            view.toggle(at: (op &* 7919) % count)
            total &+= view.applyChanges()
        }
        changed = total
    }
    var items = TodoItem.sample(count: count)
    for op in 0..<ops { items[(op &* 7919) % count].isCompleted.toggle() }
    checkEqual(view.rowCount, items.count { !$0.isCompleted }, "rows after the script")
    checkEqual(changed, ops, "one row changed per toggle")
    return elapsed
}

@inline(never)
func bench_ripple_incrementalChangeSet(_ ops: Int) -> UInt64 {
    incrementalChangeSet(ChangeSetModels.RippleView.self, ops)
}

@inline(never)
func bench_observation_incrementalChangeSet(_ ops: Int) -> UInt64 {
    incrementalChangeSet(ChangeSetModels.ObservationView.self, ops)
}
