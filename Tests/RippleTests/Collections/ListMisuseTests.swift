import Testing
@testable import Ripple

/// Misuse of lists and their operators is reported with a message that names the fix
/// (or traps, where Swift would: an index out of range, an overflow), and a dropped
/// model lets go of everything its operators kept.
@Suite struct ListMisuseTests {
    static func standardError(of result: ExitTest.Result?) throws -> String {
        String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    }

    @Test func `an index out of range names the index, the count and the fix`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let list = IncrementalArray([1, 2, 3])
            _ = list[3]
        }
        let message = try Self.standardError(of: result)
        #expect(message.contains("index 3 is out of range for an IncrementalArray of 3 elements"))
        #expect(message.contains("0..<3"))
        #expect(message.contains("count"))
    }

    @Test func `inserting past the end names the valid range`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var list = IncrementalArray<Int>()
            list.insert(1, at: 1)
        }
        #expect(try Self.standardError(of: result).contains("valid: 0...0"))
    }

    @Test func `an operator made while a computed runs works, and says to make it once`() {
        let numbers = Signal(IncrementalArray([1, 2]))
        let perRead = Computed { numbers.filter { $0 > 1 }.value.count }
        let issues = RuntimeIssues.collect { #expect(perRead.value == 1) }
        #expect(issues.map(\.kind) == [.operatorMadeDuringRun])
        #expect(issues.first?.message.contains("Create it once") == true)
    }

    @Test func `an operator made in an effect's body works, and says to use Derived`() {
        let numbers = Signal(IncrementalArray([1, 2]))
        var counts: [Int] = []
        let issues = RuntimeIssues.collect {
            let effect = Effect { counts.append(numbers.count(where: { $0 > 1 }).value) }
            numbers.value.append(3)
            effect.cancel()
        }
        #expect(counts == [1, 2])
        #expect(issues.map(\.kind) == [.operatorMadeDuringRun])
        #expect(issues.first?.message.contains("@Derived") == true)
    }

    @Test func `a closure that writes state applies the write, as in a computed`() {
        let log = Signal(0)
        let numbers = Signal(IncrementalArray([1, 2]))
        let sneaky = numbers.filter { value in
            log.value += 1
            return value > 1
        }
        let issues = RuntimeIssues.collect { #expect(sneaky.value.count == 1) }
        #expect(log.value == 2)
        #expect(issues.map(\.kind) == [.writeDuringEvaluation])
    }

    @Test func `an Int sum beyond Int says so`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let numbers = Signal(IncrementalArray([Int.max, 1]))
            _ = numbers.sum { $0 }.value
        }
        #expect(try Self.standardError(of: result).contains("does not fit in Int"))
    }

    @Test func `an Int sum whose parts overflow but whose total fits is exact`() {
        let numbers = Signal(IncrementalArray([Int.max, 1, -2]))
        let total = numbers.sum { $0 }
        #expect(total.value == Int.max - 1)
    }

    // MARK: Lifetimes

    final class Book {
        @Tracked var isAvailable = true
    }

    final class Library {
        @Tracked var books = IncrementalArray((0..<50).map { _ in Book() })
        @Derived(\Library.books, count: \.isAvailable) var available: Int
        @Derived(\Library.books, sortedByKey: { $0.isAvailable ? 1 : 0 }) var sorted: IncrementalArray<Book>
    }

    @Test func `a dropped model lets go of its operators, their trackers and the journal`() {
        weak var weakLibrary: Library?
        weak var weakBook: Book?
        weak var weakJournal: ChangeJournal<Book>?
        do {
            let library = Library()
            weakLibrary = library
            weakBook = library.books[7]
            #expect(library.available == 50)
            #expect(library.sorted.count == 50)
            library.books[7].isAvailable = false
            library.books.append(Book())
            #expect(library.available == 50)
            weakJournal = library.books.journal
        }
        #expect(weakLibrary == nil)
        #expect(weakBook == nil)
        #expect(weakJournal == nil)
    }

    @Test func `an operator that outlives its model keeps the last result`() {
        var library: Library? = Library()
        let book = library!.books[0]                 // outlives the library
        var seen: [Int] = []
        var runs = 0
        let effect = Effect {
            runs += 1
            if let library { seen.append(library.available) }
        }
        book.isAvailable = false
        #expect(seen == [50, 49])
        library = nil
        // The effect still follows the count's node, which the book's change reaches:
        // the node keeps its last value, so the effect does not run.
        book.isAvailable = true
        #expect(runs == 2)
        #expect(seen == [50, 49])
        effect.cancel()
    }

    @Test func `a standalone operator released with its source lets go of both`() {
        weak var weakSource: Signal<IncrementalArray<Int>>?
        weak var weakOperator: Computed<Int>?
        do {
            let numbers = Signal(IncrementalArray([1, 2, 3]))
            let count = numbers.count(where: { $0 > 1 })
            #expect(count.value == 2)
            weakSource = numbers
            weakOperator = count
        }
        #expect(weakSource == nil)
        #expect(weakOperator == nil)
    }
}
