import Observation
import Testing
@testable import Ripple

/// List operators inside the rest of Ripple: conforming models seen by Observation,
/// bindings to elements, batches, effects and `observe`.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ListInteropTests {
    @MainActor
    final class ObservedTodo: ObservableModel {
        let observationRegistrar = ObservationRegistrar()
        let id: Int
        @Tracked var title: String
        @Tracked var isDone = false

        init(id: Int, title: String) {
            self.id = id
            self.title = title
        }
    }

    @MainActor
    final class ObservedStore: ObservableModel {
        let observationRegistrar = ObservationRegistrar()
        @Tracked var todos = IncrementalArray((0..<100).map { ObservedTodo(id: $0, title: "task \($0)") })
        @Tracked var search = ""
        @Derived(\ObservedStore.todos, filter: { store in
            let search = store.search
            return { search.isEmpty || $0.title.contains(search) }
        })
        var shown: IncrementalArray<ObservedTodo>
        @Derived(\ObservedStore.todos, count: \.isDone) var doneCount: Int
    }

    @Test func `Observation hears of a result only when it changes`() {
        let store = ObservedStore()
        let countView = ContinuousObserver { _ = store.doneCount }
        let listView = ContinuousObserver { _ = store.shown }
        store.todos[3].isDone = true
        #expect(countView.count == 1)
        #expect(listView.count == 0, "the same todos are shown: the list is unchanged")
        store.todos[4].title = "renamed"
        #expect(countView.count == 1, "a rename changes no count")
        #expect(listView.count == 0)
        store.search = "task 1"
        #expect(listView.count == 1)
        #expect(store.shown.count == 11)
        store.search = "task 1"
        #expect(listView.count == 1, "an equal write notifies nothing")
        store.todos.append(ObservedTodo(id: 100, title: "task 100"))
        #expect(listView.count == 2)
        #expect(countView.count == 1)
    }

    @Test func `a view that reads only a derived count renders when the count changes`() {
        struct Item { var title: String; var isDone = false }
        final class Store {
            @Tracked var items = IncrementalArray((0..<10).map { Item(title: "item \($0)") })
            @Derived(\Store.items, filter: { !$0.title.isEmpty }) var shown: IncrementalArray<Item>
            @Derived({ (store: Store) in store.shown.count }) var shownCount: Int
        }
        let store = Store()
        var renders = 0
        let header = Effect {
            _ = store.shownCount
            renders += 1
        }
        store.items[2].isDone.toggle()   // a value changes; the membership does not
        #expect(renders == 1)
        store.items.append(Item(title: "new"))
        #expect(renders == 2)
        header.cancel()
    }

    @Test func `a binding to an element's property writes through the list`() {
        struct Item { var title: String }
        final class Store {
            @Tracked var items: IncrementalArray<Item> = [Item(title: "a"), Item(title: "b")]
            @Derived(\Store.items, map: \.title) var titles: IncrementalArray<String>
        }
        let store = Store()
        @Bindable var bound = store
        let title = $bound.items[1].title
        #expect(Array(store.titles) == ["a", "b"])
        title.wrappedValue = "B"
        #expect(Array(store.titles) == ["a", "B"])
        #expect(title.wrappedValue == "B")
    }

    @Test func `an effect runs once per batch, with every change applied`() {
        let numbers = Signal(IncrementalArray(Array(1...10)))
        let evens = numbers.filter { $0.isMultiple(of: 2) }
        let evenSum = evens.sum { $0 }
        var seen: [Int] = []
        let effect = Effect { seen.append(evenSum.value) }
        batch {
            numbers.update { $0.append(12) }
            numbers.update { $0[0] = 100 }
            _ = numbers.update { $0.remove(at: 1) }
        }
        #expect(seen == [30, 140])
        // Writes inside an effect's body are batched too.
        let writer = Effect { numbers.update { $0.append(14) } }
        #expect(seen.last == 154)
        writer.cancel()
        effect.cancel()
    }

    @Test func `a read inside a batch sees the batch's changes so far`() {
        let numbers = Signal(IncrementalArray([1, 2, 3]))
        let count = numbers.count(where: { $0 > 1 })
        _ = count.value
        batch {
            numbers.update { $0.append(4) }
            #expect(count.value == 3)
            numbers.update { $0[0] = 9 }
            #expect(count.value == 4)
        }
    }

    @Test func `an object's change inside a batch is seen by a read in the batch`() {
        final class Task { @Tracked var isDone = false }
        let tasks = Signal(IncrementalArray([Task(), Task()]))
        let done = tasks.count(where: \.isDone)
        #expect(done.value == 0)
        batch {
            tasks.value[0].isDone = true
            #expect(done.value == 1)
            tasks.value[0].isDone = false
            tasks.value[1].isDone = true
        }
        #expect(done.value == 1)
    }

    @Test func `observe delivers each new result`() async {
        let numbers = Signal(IncrementalArray([1, 2, 3]))
        let total = numbers.sum { $0 }
        let log = SendableLog()
        let consumer = Task { @MainActor in
            for await value in observe({ total.value }) {
                log.append("\(value)")
                if value == 10 { break }
            }
        }
        #expect(await yieldUntil { log.all == ["6"] })
        numbers.update { $0.append(4) }
        #expect(await yieldUntil { log.all == ["6", "10"] })
        await consumer.value
    }

    @Test func `a query closure that reads a signal in the element closure counts it as the query`() {
        let threshold = Signal(2)
        let numbers = Signal(IncrementalArray([1, 2, 3, 4]))
        var calls = 0
        let above = numbers.filter { value in
            calls += 1
            return value > threshold.value
        }
        #expect(Array(above.value) == [3, 4])
        numbers.update { $0.append(5) }
        #expect(Array(above.value) == [3, 4, 5])
        #expect(calls == 5)
        threshold.value = 3
        #expect(Array(above.value) == [4, 5])
        #expect(calls == 10, "one pass over the five elements")
        numbers.update { $0.removeAll { $0 == 4 } }
        threshold.value = 0
        #expect(Array(above.value) == [1, 2, 3, 5], "the query survived a pass that evaluated no element")
    }
}
