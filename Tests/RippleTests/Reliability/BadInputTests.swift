import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Ripple

/// Every public entry point that can receive bad input has a defined outcome: a value,
/// a thrown error, nothing at all, or (for misuse) a fatal error with a message (see
/// `MisuseTests` and the exit tests of `EnvironmentTests`). This suite pins the
/// outcomes that are not crashes.
@Suite struct BadInputTests {
    // MARK: Environment lookups

    @Test func `a lookup outside every scope finds nothing and answers defaults`() throws {
        let screen = LibraryScreen()
        #expect(screen.maybeLibrary == nil)
        #expect(screen.theme == "light")
        #expect(EnvironmentValues.current[Library.self] == nil)
        #expect(throws: EnvironmentError.missing(typeName: "Library")) {
            try EnvironmentValues.current.require(Library.self)
        }
    }

    @Test func `a store is found by the type it was inserted as, not by a supertype or subtype`() {
        var values = EnvironmentValues()
        values.insert(Branch() as LibraryBase)
        #expect(values[LibraryBase.self] != nil)
        #expect(values[Branch.self] == nil)
        values.insert(Branch())
        #expect(values[Branch.self] != nil)
        withEnvironment(values) {
            @Environment(Branch.self) var branch: Branch?
            #expect(branch != nil)
        }
    }

    @Test func `a store removed from a scope is missing inside it`() throws {
        var values = EnvironmentValues()
        values.insert(Library())
        values[Library.self] = nil
        withEnvironment(values) {
            #expect(LibraryScreen().maybeLibrary == nil)
            #expect(throws: EnvironmentError.missing(typeName: "Library")) {
                try EnvironmentValues.current.require(Library.self)
            }
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func `another thread does not see the scope open on this one`() throws {
        let library = Library()
        let seen = try #require(withEnvironment(library) { () -> (Bool, String)? in
            let result = ThreadResult<(Bool, String)>()
            let thread = Thread {
                result.set((EnvironmentValues.current[Library.self] == nil, EnvironmentValues.current.theme))
            }
            thread.start()
            return result.wait(for: "the other thread's lookup")
        })
        #expect(seen.0)
        #expect(seen.1 == "light")
    }

    @Test(.timeLimit(.minutes(5)))
    func `a detached task sees no scope: optional nil, key default, require throws`() async {
        let outcome = await withEnvironment(Library()) {
            await Task.detached { () -> (Bool, String, EnvironmentError?) in
                let screen = LibraryScreen()
                do throws(EnvironmentError) {
                    _ = try EnvironmentValues.current.require(Library.self)
                    return (screen.maybeLibrary == nil, screen.theme, nil)
                } catch {
                    return (screen.maybeLibrary == nil, screen.theme, error)
                }
            }.value
        }
        #expect(outcome.0)
        #expect(outcome.1 == "light")
        #expect(outcome.2 == .missing(typeName: "Library"))
    }

    // MARK: Bindings to models that are gone

    @Test func `a binding made by Bindable keeps its model alive and writes reach its readers`() {
        weak var weakBook: Book?
        var title: Binding<String>?
        var seen: [String] = []
        var effect: Effect?
        do {
            let book = Book()
            weakBook = book
            title = Bindable(book).title
            effect = Effect { [weak book] in seen.append(book?.title ?? "gone") }
        }
        #expect(weakBook != nil)            // only the binding holds it now
        title?.wrappedValue = "Dune"
        #expect(seen == ["Sample Book Title", "Dune"])
        title = nil
        #expect(weakBook == nil)
        #expect(seen == ["Sample Book Title", "Dune"])   // the model died: nothing changed
        effect?.cancel()
    }

    @Test func `a binding that holds its model weakly reads its fallback and drops writes once the model is gone`() {
        var book: Book? = Book()
        let title = Binding<String>(
            get: { [weak book] in book?.title ?? "" },
            set: { [weak book] in book?.title = $0 }
        )
        title.wrappedValue = "Dune"
        #expect(book?.title == "Dune")
        book = nil
        #expect(title.wrappedValue == "")
        title.wrappedValue = "Emma"         // nowhere to go: ignored
        #expect(title.wrappedValue == "")
    }

    @Test func `a derived value whose model is gone keeps its last value and never recomputes`() {
        let computations = CallCounter()
        CountedLibrary.$computations.withValue(computations) {
            let shared = Book()
            var library: CountedLibrary? = CountedLibrary(books: [shared, Book()])
            weak let weakLibrary = library
            var runs = 0
            var seen: [Int] = []
            let effect = Effect { [weak library] in
                runs += 1
                if let count = library?.availableBooksCount { seen.append(count) }
            }
            shared.isAvailable = false          // while the model lives, the count follows
            #expect(seen == [2, 1])
            #expect(computations.count == 2)
            library = nil
            #expect(weakLibrary == nil)
            shared.isAvailable = true           // its model is gone: the node keeps 1
            #expect(computations.count == 2)
            #expect(runs == 2)                  // and its observer is told of no change
            effect.cancel()
        }
    }

    // MARK: Cancelled effects

    @Test func `writes to what a cancelled effect read run nothing, in a batch or not`() {
        let input = Signal(0)
        var runs = 0, cleanups = 0
        let effect = Effect { runs += 1; _ = input.value; onCleanup { cleanups += 1 } }
        effect.cancel()
        input.value = 1
        batch { input.value = 2 }
        input.update { $0 += 1 }
        #expect(runs == 1 && cleanups == 1)
        #expect(input.subs == nil)
        #expect(effect.isCancelled)
    }

    @Test func `an effect cancelled inside the batch that changed its input does not run at its end`() {
        let input = Signal(0)
        var runs = 0
        let effect = Effect { runs += 1; _ = input.value }
        batch {
            input.value = 1
            effect.cancel()
            input.value = 2
        }
        #expect(runs == 1)
        #expect(input.subs == nil)
    }

    @Test func `an effect released inside the batch that changed its input does not run at its end`() {
        let input = Signal(0)
        var runs = 0
        var effect: Effect? = Effect { runs += 1; _ = input.value }
        weak let released = effect
        batch {
            input.value = 1
            effect = nil
        }
        #expect(runs == 1)
        #expect(released == nil)            // the batch's log did not keep it alive
        #expect(input.subs == nil)
        _ = effect
    }

    @Test func `an effect cancelled from its own cleanup does not run again`() {
        let input = Signal(0)
        var log: [String] = []
        weak var handle: Effect?
        let effect = Effect {
            let value = input.value
            log.append("run \(value)")
            onCleanup {
                log.append("cleanup \(value)")
                handle?.cancel()
            }
        }
        handle = effect
        input.value = 1
        input.value = 2
        #expect(log == ["run 0", "cleanup 0"])
        #expect(effect.isCancelled)
        #expect(input.subs == nil)
    }

    @Test func `a cleanup registered after an effect cancelled itself runs once, when the run ends`() {
        let input = Signal(0)
        var log: [String] = []
        weak var handle: Effect?
        let effect = Effect {
            guard input.value == 1 else { return }
            handle?.cancel()
            onCleanup { log.append("cleanup") }
            log.append("end of run")
        }
        handle = effect
        input.value = 1
        input.value = 2
        #expect(log == ["end of run", "cleanup"])
        #expect(effect.isCancelled)
    }

    @Test func `a child of a cancelled parent is cancelled and its inputs run nothing`() {
        let input = Signal(0)
        var childRuns = 0
        var child: Effect?
        let parent = Effect {
            child = Effect { childRuns += 1; _ = input.value }
        }
        parent.cancel()
        input.value = 1
        #expect(childRuns == 1)
        #expect(child?.isCancelled == true)
        child?.cancel()                     // idempotent on a child too
        #expect(input.subs == nil)
    }

    // MARK: Errors thrown through the graph

    struct Refused: Error, Equatable {}

    @Test func `untracked rethrows and leaves tracking as it was`() {
        let inside = Signal(0), after = Signal(0)
        var runs = 0
        let effect = Effect {
            runs += 1
            _ = try? untracked { () throws -> Int in throw Refused() }
            _ = after.value                 // still tracked
            _ = inside.peek()
        }
        after.value = 1
        inside.value = 1
        #expect(runs == 2)
        effect.cancel()
    }

    @Test func `a nested batch that throws leaves the outer batch open; effects run once, at its end`() {
        let input = Signal(0)
        var seen: [Int] = []
        let effect = Effect { seen.append(input.value) }
        batch {
            input.value = 1
            #expect(throws: Refused.self) {
                try batch {
                    input.value = 2
                    throw Refused()
                }
            }
            #expect(seen == [0])
            input.value = 3
        }
        #expect(seen == [0, 3])
        effect.cancel()
    }

    @Test func `a throwing computed reports the same error until an input changes, then recovers`() throws {
        let input = Signal(-1)
        var runs = 0
        let root = Computed { () throws -> Int in
            runs += 1
            guard input.value >= 0 else { throw Refused() }
            return input.value
        }
        #expect(throws: Refused()) { try root.get() }
        #expect(throws: Refused()) { try root.get() }
        #expect(runs == 1)
        input.value = 4
        #expect(try root.get() == 4)
    }

    // MARK: Decoding

    @Test func `decoding a model from malformed JSON throws and leaves no partial model`() {
        let decoder = JSONDecoder()
        #expect(throws: DecodingError.self) {
            try decoder.decode(TitleRecord.self, from: Data(#"{"title": 5}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(TitleRecord.self, from: Data(#"{"name": "Dune"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(TitleRecord.self, from: Data("not json".utf8))
        }
        // The first property decodes, the second fails: what was decoded is released
        // with the half-built model.
        let decoded = DecodedCovers()
        DecodedCovers.$current.withValue(decoded) {
            #expect(throws: DecodingError.self) {
                try decoder.decode(CoveredRecord.self, from: Data(#"{"cover": "Dune", "pages": "many"}"#.utf8))
            }
        }
        #expect(decoded.count == 1)
        #expect(decoded.alive == 0)
        let whole = DecodedCovers.$current.withValue(decoded) {
            try? decoder.decode(CoveredRecord.self, from: Data(#"{"cover": "Dune", "pages": 412}"#.utf8))
        }
        #expect(decoded.alive == 1)             // the same count sees a model that was built
        #expect(whole?.cover.name == "Dune")
    }
}

/// A library whose derived count tells a task-local counter each time it computes,
/// so that a test can count computations after the model itself is gone.
final class CountedLibrary {
    @TaskLocal static var computations: CallCounter?
    @Tracked var books: [Book]

    @Derived({ (library: CountedLibrary) in
        CountedLibrary.computations?.increment()
        return library.books.filter(\.isAvailable).count
    })
    var availableBooksCount: Int

    init(books: [Book]) {
        self.books = books
    }
}

/// A model whose second property can fail to decode after the first succeeded.
final class CoveredRecord: Codable {
    @Tracked var cover: Cover
    @Tracked var pages: Int
}

/// A decoded value that registers itself, so that a test can follow it.
final class Cover: Codable {
    let name: String

    init(from decoder: any Decoder) throws {
        name = try decoder.singleValueContainer().decode(String.self)
        DecodedCovers.current?.add(self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}

/// The covers decoded while it was current, followed through weak references.
final class DecodedCovers: Sendable {
    @TaskLocal static var current: DecodedCovers?
    private let covers = Mutex<[WeakCover]>([])

    struct WeakCover: @unchecked Sendable {
        // Safety: only read and written under the mutex.
        weak var cover: Cover?
    }

    func add(_ cover: Cover) {
        covers.withLock { $0.append(WeakCover(cover: cover)) }
    }

    var count: Int { covers.withLock { $0.count } }
    var alive: Int { covers.withLock { $0.filter { $0.cover != nil }.count } }
}

class LibraryBase {}
final class Branch: LibraryBase {}

/// A value handed from a thread to the test, which waits for it.
final class ThreadResult<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    func set(_ newValue: Value) {
        value.withLock { $0 = newValue }
        ready.signal()
    }

    /// The value, or nil (and an issue) if the thread did not set it within ``waitLimit``.
    func wait(for what: String, sourceLocation: SourceLocation = #_sourceLocation) -> Value? {
        guard ready.wait(for: what, sourceLocation: sourceLocation) else { return nil }
        return value.withLock { $0 }
    }
}
