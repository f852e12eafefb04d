import Testing
@testable import Ripple

/// The work the operators do, counted in calls of their closures: one per changed
/// element of a list of values, exactly n for a query change, none for a read with
/// nothing changed.
@Suite struct ListWorkTests {
    /// Counts the calls of the closures that the store's operators make.
    final class Calls {
        var filter = 0
        var count = 0
        var sum = 0
        var sort = 0
        var query = 0
    }

    struct Todo {
        var title: String
        var isDone = false
        var minutes = 10
    }

    final class TodoStore {
        let calls: Calls
        @Tracked var items: IncrementalArray<Todo>
        @Tracked var search = ""

        init(count: Int, calls: Calls) {
            self.calls = calls
            items = IncrementalArray((0..<count).map { Todo(title: "task \($0)", isDone: $0 % 3 == 0, minutes: $0 % 7) })
        }

        @Derived(\TodoStore.items, filter: { store in
            store.calls.query += 1
            let search = store.search
            let calls = store.calls
            return { todo in
                calls.filter += 1
                return search.isEmpty || todo.title.contains(search)
            }
        })
        var shown: IncrementalArray<Todo>

        @Derived(\TodoStore.items, count: { store in
            let calls = store.calls
            return { todo in
                calls.count += 1
                return todo.isDone
            }
        })
        var doneCount: Int

        @Derived(\TodoStore.items, sum: { store in
            let calls = store.calls
            return { todo in
                calls.sum += 1
                return todo.minutes
            }
        })
        var totalMinutes: Int

        @Derived(\TodoStore.items, sortedByKey: { store in
            let calls = store.calls
            return { todo in
                calls.sort += 1
                return todo.minutes
            }
        })
        var byMinutes: IncrementalArray<Todo>

        func readAll() {
            _ = shown.count
            _ = doneCount
            _ = totalMinutes
            _ = byMinutes.count
        }
    }

    static let n = 10_000

    @Test func `the first read makes one pass of n calls per operator`() {
        let calls = Calls()
        let store = TodoStore(count: Self.n, calls: calls)
        store.readAll()
        #expect(calls.filter == Self.n)
        #expect(calls.count == Self.n)
        #expect(calls.sum == Self.n)
        #expect(calls.sort == Self.n)
        store.readAll()
        #expect(calls.filter == Self.n, "a read with nothing changed calls nothing")
        #expect(calls.count == Self.n)
    }

    @Test func `a changed element costs one call per operator`() {
        let calls = Calls()
        let store = TodoStore(count: Self.n, calls: calls)
        store.readAll()
        for step in 1...50 {
            store.items[step * 97].isDone.toggle()
            store.readAll()
            #expect(calls.filter == Self.n + step)
            #expect(calls.count == Self.n + step)
            #expect(calls.sum == Self.n + step)
            #expect(calls.sort == Self.n + step)
        }
        #expect(store.doneCount == store.items.filter(\.isDone).count)
    }

    @Test func `an inserted element costs one call and a removed one none`() {
        let calls = Calls()
        let store = TodoStore(count: Self.n, calls: calls)
        store.readAll()
        store.items.insert(Todo(title: "new", minutes: 3), at: Self.n / 2)
        store.readAll()
        #expect(calls.filter == Self.n + 1)
        #expect(calls.count == Self.n + 1)
        store.items.remove(at: 10)
        store.readAll()
        #expect(calls.filter == Self.n + 1)
        #expect(calls.sum == Self.n + 1)
        #expect(calls.sort == Self.n + 1)
        #expect(Array(store.byMinutes.map(\.minutes)) == store.items.map(\.minutes).sorted())
    }

    @Test func `changes made between reads cost one call each, in a batch too`() {
        let calls = Calls()
        let store = TodoStore(count: Self.n, calls: calls)
        store.readAll()
        batch {
            store.items[1].minutes = 99
            store.items[2].minutes = 98
            store.items.append(Todo(title: "late"))
        }
        store.items[3].title = "renamed"
        store.readAll()
        #expect(calls.filter == Self.n + 4)
        #expect(calls.sort == Self.n + 4)
    }

    @Test func `a query change makes one pass of exactly n calls, and only the operator that read it`() {
        let calls = Calls()
        let store = TodoStore(count: Self.n, calls: calls)
        store.readAll()
        store.search = "task 1"
        store.readAll()
        #expect(calls.query == 2)
        #expect(calls.filter == 2 * Self.n)
        #expect(calls.count == Self.n, "the count's closure does not read the search")
        #expect(store.shown.count == store.items.filter { $0.title.contains("task 1") }.count)
    }

    @Test func `assigning a changed copy back costs one call per change`() {
        let calls = Calls()
        let store = TodoStore(count: Self.n, calls: calls)
        store.readAll()
        var copy = store.items
        copy[5].title = "five"
        copy[6].isDone.toggle()
        store.items = copy
        store.readAll()
        #expect(calls.filter == Self.n + 2)
        #expect(calls.count == Self.n + 2)
    }

    @Test func `replacing the list with an unrelated one makes one pass`() {
        let calls = Calls()
        let store = TodoStore(count: 100, calls: calls)
        store.readAll()
        store.items = IncrementalArray((0..<50).map { Todo(title: "other \($0)") })
        store.readAll()
        #expect(calls.filter == 150)
        #expect(calls.count == 150)
    }

    @Test func `an operator that fell far behind makes one pass instead of replaying`() {
        let calls = Calls()
        let store = TodoStore(count: 1_000, calls: calls)
        store.readAll()
        for index in 0..<600 { store.items[index].minutes += 1 }
        store.readAll()
        // 600 changes are more than a replay is worth: one pass of 1,000 instead.
        #expect(calls.sum == 2_000)
        #expect(store.totalMinutes == store.items.reduce(0) { $0 + $1.minutes })
    }

    /// Objects: a tracked property's change is found through its element's tracker,
    /// with no pass over the list.
    final class Book {
        @Tracked var isAvailable = true
    }

    final class Library {
        let calls = Calls()
        @Tracked var books = IncrementalArray((0..<ListWorkTests.n).map { _ in Book() })
        @Derived(\Library.books, count: { library in
            let calls = library.calls
            return { book in
                calls.count += 1
                return book.isAvailable
            }
        })
        var availableCount: Int
    }

    @Test func `an object's changed property costs one call, found by its tracker`() {
        let library = Library()
        #expect(library.availableCount == Self.n)
        for step in 1...20 {
            library.books[step * 13].isAvailable.toggle()
            #expect(library.availableCount == Self.n - step)
            #expect(library.calls.count == Self.n + step)
        }
        // A write that does not change the value notifies nobody.
        library.books[13].isAvailable = false
        #expect(library.availableCount == Self.n - 20)
        #expect(library.calls.count == Self.n + 20)
    }
}
