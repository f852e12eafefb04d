import Testing
@testable import Ripple

/// Tracing turned on after the models were made and read: each case in a process of
/// its own, where nothing had turned names on before.
@Suite struct TraceTurnedOnLateTests {
    @Test func `a chain traced late names every property`() async throws {
        let result = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let library = TracedLibrary()
            let view = Effect("LateView") { _ = library.summary }
            RippleTrace.trace(view)
            library.books[1].isAvailable = false
            view.cancel()
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains(
            "why: LateView: TracedLibrary.summary \"2 left\" -> \"1 left\" <- TracedLibrary.availableBooksCount 2 -> 1"
        ), "\(output)")
        #expect(output.contains("TracedBook.isAvailable true -> false"), "\(output)")
        #expect(!output.contains("Computed<"), "\(output)")
    }
}

extension TraceTurnedOnLateTests {
    @Test func `an operator traced late shows as its property, never its inner types`() async throws {
        let result = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let board = LateBoard()
            let view = Effect("BoardView") { _ = (board.openCount, board.matching.count) }
            RippleTrace.trace(view)
            board.tasks[1].isOpen = false
            board.search = "b"
            view.cancel()
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            output.contains("why: BoardView: LateBoard.openCount 2 -> 1 <- LateTask.isOpen true -> false"),
            "\(output)"
        )
        #expect(
            output.contains("LateBoard.matching [LateTask, LateTask#2] -> [LateTask#2] <- LateBoard.search \"\" -> \"b\""),
            "\(output)"
        )
        #expect(!output.contains("ElementClosures") && !output.contains("Computed<"), "\(output)")
    }

    @Test func `an operator made by a method is named by the method`() async throws {
        let result = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let numbers = Signal(IncrementalArray([1, 2, 3]), name: "numbers")
            let evens = numbers.filter { $0.isMultiple(of: 2) }
            let view = Effect("EvensView") { _ = evens.value }
            RippleTrace.trace(view)
            numbers.value.append(4)
            view.cancel()
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("why: EvensView: filter(_:) [2] -> [2, 4] <- numbers[3] -> inserted 4"), "\(output)")
    }
}

final class LateTask {
    let title: String
    @Tracked var isOpen = true

    init(_ title: String) {
        self.title = title
    }
}

final class LateBoard {
    @Tracked var tasks: IncrementalArray<LateTask> = [LateTask("a"), LateTask("b")]
    @Tracked var search = ""
    @Derived(\LateBoard.tasks, count: \.isOpen) var openCount: Int
    @Derived(\LateBoard.tasks, filter: { (board: LateBoard) in
        let search = board.search
        return { search.isEmpty || $0.title.contains(search) }
    })
    var matching: IncrementalArray<LateTask>
}

extension TraceTurnedOnLateTests {
    @Test func `a model traced before its first read is followed as its properties are made`() async throws {
        let result = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let library = TracedLibrary()
            RippleTrace.trace(library)
            let view = Effect("EarlyView") { _ = library.availableBooksCount }
            library.books[1].isAvailable = false
            view.cancel()
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains(
            "why: EarlyView: TracedLibrary.availableBooksCount 2 -> 1 <- TracedBook[2].isAvailable true -> false"
        ), "\(output)")
    }

    @Test func `a model traced without printing reports to the handlers only`() async throws {
        let result = try await #require(
            processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]
        ) {
            let subscription = RippleTrace.events { event in print("event: \(event)") }
            let shelf = TracedShelf()
            RippleTrace.trace(shelf, printing: false)
            let view = Effect("QuietView") { _ = shelf.count }
            shelf.count = 1
            view.cancel()
            subscription.cancel()
        }
        let output = String(decoding: result.standardOutputContent, as: UTF8.self)
        #expect(output.contains("event: QuietView: TracedShelf.count 0 -> 1"), "\(output)")
        #expect(!String(decoding: result.standardErrorContent, as: UTF8.self).contains("QuietView"))
    }
}

extension TraceTurnedOnLateTests {
    @Test func `a coalesced observe delivery is traced with the value delivered`() async throws {
        let result = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) {
            RippleTrace.isEnabled = true
            let hours = Signal(1.5, name: "openHours")
            var values = observe { hours.value }.makeAsyncIterator()
            _ = try await values.next()
            hours.value = 2.5
            hours.value = 3.5
            let delivered = try await values.next()
            print("delivered \(delivered ?? 0)")
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("why: observe: openHours 1.5 -> 3.5"), "\(output)")
        #expect(!output.contains("-> 2.5"), "\(output)")
    }
}

extension TraceTurnedOnLateTests {
    @Test func `a struct element's change is traced as that element and its property`() async throws {
        let result = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let list = LateTodoList()
            let view = Effect("TodoView") { _ = list.doneCount }
            RippleTrace.trace(view)
            list.items[1].isDone = true
            list.items[2].title = "Bake"
            list.items[2].isDone = true
            list.items.append(LateTodo(title: "Jam", isDone: true))
            view.cancel()
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            output.contains("why: TodoView: LateTodoList.doneCount 0 -> 1 <- LateTodoList.items[1].isDone false -> true"),
            "\(output)"
        )
        #expect(
            output.contains("LateTodoList.doneCount 1 -> 2 <- LateTodoList.items[2].isDone false -> true"),
            "\(output)"
        )
        #expect(
            output.contains("LateTodoList.doneCount 2 -> 3 <- LateTodoList.items[3] -> inserted LateTodo("),
            "\(output)"
        )
        #expect(!output.contains("elements]"), "\(output)")
    }
}

struct LateTodo {
    var title: String
    var isDone = false
}

final class LateTodoList {
    @Tracked var items: IncrementalArray<LateTodo> = [
        LateTodo(title: "Milk"), LateTodo(title: "Eggs"), LateTodo(title: "Flour"),
    ]
    @Derived(\LateTodoList.items, count: \.isDone) var doneCount: Int
}
