import Testing
@testable import Ripple

/// `@Environment`, and the environment that effects, computeds and `observe` capture.
@Suite(.timeLimit(.minutes(5)))
struct EnvironmentTests {
    // MARK: The property wrapper

    @Test func `a required store resolves from the scope active when it is read`() {
        let first = Library()
        let second = Library()
        let screen = LibraryScreen()
        withEnvironment(first) {
            #expect(screen.library === first)
        }
        withEnvironment(second) {
            #expect(screen.library === second)
        }
    }

    @Test func `an optional store is nil when absent`() {
        let library = Library()
        let screen = LibraryScreen()
        #expect(screen.maybeLibrary == nil)
        withEnvironment(library) {
            #expect(screen.maybeLibrary === library)
        }
    }

    @Test func `a key path value is the key's default when no scope sets it`() {
        let screen = LibraryScreen()
        #expect(screen.theme == "light")
        withEnvironment(\.theme, "dark") {
            #expect(screen.theme == "dark")
        }
    }

    @Test func `a missing required store is a fatal error naming the type and the fix`() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = LibraryScreen().library
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("no Library in the environment"))
        #expect(message.contains("withEnvironment"))
        #expect(message.contains("insert"))
    }

    // MARK: Nodes created inside a scope

    @Test func `an effect created in a scope re-runs in it after the scope ended`() {
        let library = Library()
        var effect: Effect?
        var seen: [String] = []
        withEnvironment(library) {
            withEnvironment(\.theme, "dark") {
                effect = Effect {
                    @Environment(Library.self) var library
                    @Environment(\.theme) var theme
                    seen.append("\(library.availableBooksCount) \(theme)")
                }
            }
        }
        library.books[0].isAvailable = false
        #expect(seen == ["3 dark", "2 dark"])
        effect?.cancel()
    }

    @Test func `an effect re-run triggered inside another scope keeps its own`() {
        let own = Library()
        let other = Library(books: [])
        var effect: Effect?
        var seen: [Int] = []
        withEnvironment(own) {
            effect = Effect {
                @Environment(Library.self) var library
                seen.append(library.books.count)
            }
        }
        withEnvironment(other) {
            withEnvironment(\.theme, "dark") {
                own.books.append(Book())
            }
        }
        #expect(seen == [3, 4])
        effect?.cancel()
    }

    @Test func `a computed created in a scope recomputes in it wherever it is read`() {
        let own = Library()
        let other = Library(books: [])
        var runs = 0
        let count = withEnvironment(own) {
            Computed {
                runs += 1
                @Environment(Library.self) var library
                return library.availableBooksCount
            }
        }
        #expect(count.value == 3)
        own.books[0].isAvailable = false
        withEnvironment(other) {
            #expect(count.value == 2)
        }
        #expect(runs == 2)
    }

    @Test func `a computed created in a scope keeps it when read first by an effect elsewhere`() {
        let own = Library()
        let other = Library(books: [])
        let title = withEnvironment(own) {
            Computed {
                @Environment(Library.self) var library
                return "\(library.books.count) books"
            }
        }
        var effect: Effect?
        withEnvironment(other) {
            effect = Effect { _ = title.value }
        }
        #expect(title.value == "3 books")
        own.books.removeLast()
        #expect(title.value == "2 books")
        effect?.cancel()
    }

    // MARK: Nodes created outside every scope

    @Test func `an effect created outside every scope does not see the scope that triggers it`() {
        let counter = Counter()
        var seen: [String] = []
        let effect = Effect {
            @Environment(Library.self) var library: Library?
            @Environment(\.theme) var theme
            seen.append("\(counter.count) \(library == nil ? "none" : "library") \(theme)")
        }
        withEnvironment(Library()) {
            withEnvironment(\.theme, "dark") {
                counter.count = 1
            }
        }
        #expect(seen == ["0 none light", "1 none light"])
        effect.cancel()
    }

    @Test func `a tracking scope's onChange does not see the scope of the write that fires it`() {
        let counter = Counter()
        var seen: [String] = []
        withTracking {
            _ = counter.count
        } onChange: {
            @Environment(\.theme) var theme
            seen.append(theme)
        }
        withEnvironment(\.theme, "dark") {
            counter.count = 1
        }
        #expect(seen == ["light"])
    }

    @Test func `a computed created outside every scope does not see the scope it is read in`() {
        let counter = Counter()
        let describe = Computed {
            @Environment(\.theme) var theme
            return "\(counter.count) \(theme)"
        }
        withEnvironment(\.theme, "dark") {
            #expect(describe.value == "0 light")
            counter.count = 1
            #expect(describe.value == "1 light")
        }
    }

    @Test
    func `a computed created outside every scope does not see the scope of an effect reading it`() {
        let counter = Counter()
        let describe = Computed {
            @Environment(\.theme) var theme
            return "\(counter.count) \(theme)"
        }
        var seen: [String] = []
        var effect: Effect?
        withEnvironment(\.theme, "dark") {
            effect = Effect { seen.append(describe.value) }
        }
        counter.count = 1
        #expect(seen == ["0 light", "1 light"])
        effect?.cancel()
    }

    @Test
    func `a computed created outside every scope does not see the scope of a tracking read`() {
        let counter = Counter()
        let describe = Computed {
            @Environment(\.theme) var theme
            return "\(counter.count) \(theme)"
        }
        let seen = withEnvironment(\.theme, "dark") {
            withTracking { describe.value } onChange: {}
        }
        #expect(seen == "0 light")
    }

    // MARK: observe

    @Test @MainActor func `observe runs its expression in the scope active when it was called`() async {
        let counter = Counter()
        let values = withEnvironment(\.theme, "dark") {
            observe {
                @Environment(\.theme) var theme
                return "\(counter.count) \(theme)"
            }
        }
        var iterator = values.makeAsyncIterator()
        #expect(await iterator.next(isolation: #isolation) == "0 dark")
        await withEnvironment(\.theme, "sepia") {
            counter.count = 1
            #expect(await iterator.next(isolation: #isolation) == "1 dark")
        }
    }
}
