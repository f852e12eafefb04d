import Testing
import Foundation
import Observation
@testable import Ripple

/// Every ```swift example in the doc comments of Sources/Ripple, run as written, with
/// the printed lines and the comments' claims asserted. `print` is this suite's method,
/// so an example's `print(...)` records a line instead of writing to the console.
/// Lines marked `// check` are additions that make a comment's claim observable.
@Suite(.timeLimit(.minutes(5)))
struct DocumentationExamplesTests {
    private let console = Console()

    private func print(_ items: Any...) {
        console.lines.append(items.map { "\($0)" }.joined(separator: " "))
    }

    private var output: [String] { console.lines }

    // MARK: Primitives/Signal.swift

    @Test func `Signal: an effect prints each change and skips an equal write`() {
        let count = Signal(0)
        let effect = Effect { print("count:", count.value) }   // prints "count: 0"
        count.value = 1                                         // prints "count: 1"
        count.value = 1                                         // equal: nothing runs
        effect.cancel()

        #expect(output == ["count: 0", "count: 1"])
    }

    @Test func `Signal init: a value without equality notifies every time`() {
        let tick = Signal(())
        var runs = 0                                            // check
        let effect = Effect { _ = tick.value; runs += 1 }       // check
        tick.value = ()        // no equality: notifies every time
        tick.value = ()                                         // check
        #expect(runs == 3)                                      // check
        effect.cancel()

        func makeSignal<T>(_ value: T) -> Signal<T> { Signal(value) }
        let count = makeSignal(1)
        var countRuns = 0                                           // check
        let counter = Effect { _ = count.value; countRuns += 1 }    // check
        count.value = 1        // Int is Equatable: no-op
        #expect(countRuns == 1)                                     // check
        count.value = 2                                             // check
        #expect(countRuns == 2)                                     // check
        counter.cancel()                                            // check
    }

    @Test func `Signal init: an Equatable write of an equal value is a no-op`() {
        let name = Signal("Ada")
        var runs = 0                                            // check
        let effect = Effect { _ = name.value; runs += 1 }       // check
        name.value = "Ada"     // equal: no-op
        #expect(runs == 1)                                      // check
        effect.cancel()
    }

    @Test func `Signal init: the same instance is a no-op`() {
        final class Session {}
        let session = Signal(Session())
        var runs = 0                                            // check
        let effect = Effect { _ = session.value; runs += 1 }    // check
        session.value = session.value   // same instance: no-op
        #expect(runs == 1)                                      // check
        session.value = Session()                               // check
        #expect(runs == 2)                                      // check
        effect.cancel()
    }

    @Test func `Signal init: an equal object is a no-op`() {
        typealias Tag = TagExample.Tag
        let tag = Signal(Tag("sf"))
        var runs = 0                                            // check
        let effect = Effect { _ = tag.value; runs += 1 }        // check
        tag.value = Tag("sf")   // a different but equal instance: no-op
        #expect(runs == 1)                                      // check
        tag.value = Tag("nf")                                   // check
        #expect(runs == 2)                                      // check
        effect.cancel()                                         // check
    }

    @Test func `Signal init with equals: a write within tolerance is a no-op`() {
        let reading = Signal(20.0, equals: { old, new in abs(old - new) < 0.5 })
        var runs = 0                                            // check
        let effect = Effect { _ = reading.value; runs += 1 }    // check
        reading.value = 20.2   // within tolerance: no-op
        #expect(runs == 1)                                      // check
        #expect(reading.peek() == 20.0)                         // check
        effect.cancel()
    }

    @Test func `Signal value: a computed follows the signal`() {
        let celsius = Signal(20.0)
        let fahrenheit = Computed { celsius.value * 9 / 5 + 32 }
        celsius.value = 100
        print(fahrenheit.value)   // 212.0

        #expect(output == ["212.0"])
    }

    @Test func `Signal peek: an effect that peeks runs once`() {
        let total = Signal(10)
        let effect = Effect { print(total.peek()) }   // runs once; never again
        total.value = 11                               // prints nothing
        effect.cancel()

        #expect(output == ["10"])
    }

    @Test func `Signal update: one notification, no array copy`() {
        let items = Signal([1, 2])
        items.update { $0.reserveCapacity(8) }                              // check
        var runs = 0                                                        // check
        let effect = Effect { _ = items.value.count; runs += 1 }            // check
        let before = items.peek().withUnsafeBufferPointer(\.baseAddress)   // check
        items.update { $0.append(3) }   // one notification, no array copy
        #expect(runs == 2)                                                  // check
        #expect(items.peek().withUnsafeBufferPointer(\.baseAddress) == before) // check
        #expect(items.peek() == [1, 2, 3])                                  // check
        effect.cancel()
    }

    // MARK: Primitives/Computed.swift

    @Test func `Computed: computed, cached, recomputed once`() {
        let items = Signal([3, 1, 2])
        let sorted = Computed { items.value.sorted() }
        print(sorted.value)   // [1, 2, 3]: computed now
        print(sorted.value)   // [1, 2, 3]: cached
        items.value = [2, 1]
        print(sorted.value)   // [1, 2]: recomputed once

        #expect(output == ["[1, 2, 3]", "[1, 2, 3]", "[1, 2]"])
    }

    @Test func `Computed init: generic code still cuts off an Equatable value`() {
        func memo<T>(_ compute: @escaping () -> T) -> Computed<T> { Computed(compute) }

        let count = Signal(3)
        let isOdd = memo { count.value % 2 == 1 }           // generic, yet Bool's == cuts off
        let effect = Effect { print("odd:", isOdd.value) }  // prints "odd: true"
        count.value = 5                                     // true again: prints nothing
        #expect(output == ["odd: true"])                    // check
        count.value = 6                                     // check
        #expect(output == ["odd: true", "odd: false"])      // check
        effect.cancel()
    }

    @Test func `Computed init: an equal recompute lets dependents skip`() {
        let count = Signal(3)
        let isEven = Computed { count.value % 2 == 0 }
        var runs = 0                                            // check
        let effect = Effect { _ = isEven.value; runs += 1 }     // check
        count.value = 5        // isEven recomputes to false again: dependents skip
        #expect(runs == 1)                                      // check
        effect.cancel()
    }

    @Test func `Computed init: an object compared by identity`() {
        final class Page {}
        let pages = Signal([Page()])
        let first = Computed { pages.value[0] }                  // compared by identity
        let effect = Effect { _ = first.value; print("render") } // prints "render"
        pages.value.append(Page())                               // same first page: prints nothing
        #expect(output == ["render"])                            // check
        pages.value = [Page()]                                   // check: another instance
        #expect(output == ["render", "render"])                  // check
        effect.cancel()
    }

    @Test func `Computed init: an Equatable object compared with ==`() {
        typealias Tag = TagExample.Tag
        let name = Signal("sf")
        let tag = Computed { Tag(name.value.lowercased()) }   // a new Tag each run; == decides
        let effect = Effect { print("tag:", tag.value.name) } // prints "tag: sf"
        name.value = "SF"                                     // an equal Tag: prints nothing
        #expect(output == ["tag: sf"])                        // check
        name.value = "NF"                                     // check
        #expect(output == ["tag: sf", "tag: nf"])             // check
        effect.cancel()
    }

    @Test func `Computed throwing init: the error is cached, then cleared`() throws {
        struct Negative: Error {}
        let input = Signal(-1)
        let root = Computed { () throws -> Double in
            guard input.value >= 0 else { throw Negative() }
            return Double(input.value).squareRoot()
        }
        print((try? root.get()) == nil)   // true: the error, cached
        input.value = 16
        print(try root.get())             // 4.0

        #expect(output == ["true", "4.0"])
    }

    @Test func `Computed throwing init: an Equatable value cuts off`() throws {
        struct NotANumber: Error {}
        let text = Signal("42")
        let number = Computed { () throws -> Int in
            guard let number = Int(text.value) else { throw NotANumber() }
            return number
        }
        print(try number.get())   // 42
        var runs = 0                                                // check
        let effect = Effect { _ = try? number.get(); runs += 1 }    // check
        text.value = "042"        // recomputes to 42 again: dependents skip
        #expect(runs == 1)                                          // check
        text.value = "x"                                            // check
        #expect(runs == 2)                                          // check
        #expect(throws: NotANumber.self) { try number.get() }       // check
        effect.cancel()                                             // check

        #expect(output == ["42"])
    }

    @Test func `Computed throwing init: an object, or the cached error`() {
        struct SignedOut: Error {}
        final class User {}
        let user = Signal<User?>(User())
        let current = Computed { () throws -> User in         // compared by identity
            guard let signedIn = user.value else { throw SignedOut() }
            return signedIn
        }
        user.value = nil
        print((try? current.get()) == nil)   // true: SignedOut, cached

        #expect(output == ["true"])
        #expect(throws: SignedOut.self) { try current.get() }  // check
    }

    @Test func `Computed throwing init: an Equatable object cuts off`() throws {
        typealias Tag = TagExample.Tag
        struct EmptyName: Error {}
        let name = Signal("sf")
        let tag = Computed { () throws -> Tag in          // a new Tag each run; == decides
            guard !name.value.isEmpty else { throw EmptyName() }
            return Tag(name.value.lowercased())
        }
        print(try tag.get().name)   // sf
        var runs = 0                                                // check
        let effect = Effect { _ = try? tag.get(); runs += 1 }       // check
        name.value = "SF"           // an equal Tag: dependents skip
        #expect(runs == 1)                                          // check
        name.value = ""                                             // check
        #expect(runs == 2)                                          // check
        #expect(throws: EmptyName.self) { try tag.get() }           // check
        effect.cancel()                                             // check

        #expect(output == ["sf"])
    }

    @Test func `Computed init with equals: a recompute within tolerance keeps the old value`() {
        let raw = Signal(1.04)
        let rounded = Computed(equals: { abs($0 - $1) < 0.1 }) { raw.value }
        print(rounded.value)   // 1.04: computed on this first read
        var seen: [Double] = []                                 // check
        let effect = Effect { seen.append(rounded.value) }      // check
        raw.value = 1.08
        print(rounded.value)   // 1.04: within tolerance, the old value stands
        #expect(output == ["1.04", "1.04"])                     // check
        #expect(seen == [1.04])                                 // check
        raw.value = 1.5                                         // check
        #expect(seen == [1.04, 1.5])                            // check
        effect.cancel()
    }

    @Test func `Computed throwing init with equals: tolerance, then a cached error`() throws {
        struct Offline: Error {}
        let sensor = Signal<Double?>(20.0)
        let reading = Computed(equals: { abs($0 - $1) < 0.5 }) { () throws -> Double in
            guard let value = sensor.value else { throw Offline() }
            return value
        }
        print(try reading.get())              // 20.0: computed on this first read
        sensor.value = 20.3
        print(try reading.get())              // 20.0: within tolerance, the old value stands
        sensor.value = nil
        print((try? reading.get()) == nil)    // true: Offline, cached; equals never sees it

        #expect(output == ["20.0", "20.0", "true"])
        #expect(throws: Offline.self) { try reading.get() }     // check
    }

    @Test func `Computed value: price with tax`() {
        let price = Signal(10.0)
        let withTax = Computed { price.value * 1.2 }
        print(withTax.value)   // 12.0

        #expect(output == ["12.0"])
    }

    @Test func `Computed get: the first name`() throws {
        struct Empty: Error {}
        let names = Signal([String]())
        let first = Computed { () throws -> String in
            guard let name = names.value.first else { throw Empty() }
            return name
        }
        names.value = ["Ada"]
        print(try first.get())   // "Ada"

        #expect(output == ["Ada"])
    }

    @Test func `Computed peek: an effect that peeks never re-runs`() {
        let source = Signal(1)
        let doubled = Computed { source.value * 2 }
        let effect = Effect { print(doubled.peek()) }   // never re-runs
        source.value = 2                                            // check
        #expect(output == ["2"])                                    // check: one run
        effect.cancel()
    }

    // MARK: Interop

    @Test @MainActor func `ObservableModel: Observation sees a derived property`() {
        typealias Library = ObservableModelExample.Library
        let library = Library()                                                     // check
        library.books = [ObservedBook(id: 1, title: "Dune")]                        // check
        let changed = CallCounter()                                                 // check
        _ = withObservationTracking { library.availableBooksCount } onChange: {     // check
            changed.increment()                                                     // check
        }                                                                           // check
        library.books[0].title = "Dune Messiah"                                     // check
        #expect(changed.count == 0)                                                 // check
        library.books[0].isAvailable = false                                        // check
        #expect(changed.count == 1)                                                 // check
    }

    @Test func `trackObservable: a derived total follows an @Observable tax rate`() {
        typealias Settings = TrackObservableExample.Settings
        typealias Cart = TrackObservableExample.Cart
        let cart = Cart(settings: Settings())
        print(cart.total)                 // 36.0
        cart.settings.taxRate = 0.5
        print(cart.total)                 // 45.0: recomputed, the tax rate is a dependency

        #expect(output == ["36.0", "45.0"])
    }

    // MARK: Primitives/Effect.swift

    @Test func `Effect: prints now, on a write, once for a batch`() {
        let count = Signal(0)
        let doubled = Computed { count.value * 2 }
        let effect = Effect { print("doubled:", doubled.value) }  // prints "doubled: 0" now
        count.value = 1                                           // prints "doubled: 2"
        batch { count.value = 2; count.value = 3 }                // prints "doubled: 6", once
        effect.cancel()

        #expect(output == ["doubled: 0", "doubled: 2", "doubled: 6"])
    }

    @Test func `Effect init: a named effect`() {
        let title = Signal("Dune")
        let render = Effect("title view") { print("title:", title.value) }   // title: Dune
        title.value = "Emma"                                                  // title: Emma
        #expect(render.displayName == "'title view'")           // check
        render.cancel()
        #expect(output == ["title: Dune", "title: Emma"])       // check
    }

    @Test func `Effect cancel: a cancelled effect prints nothing`() {
        let ticks = Signal(0)
        let logger = Effect { print("tick", ticks.value) }
        logger.cancel()
        ticks.value = 1   // prints nothing

        #expect(output == ["tick 0"])
        #expect(logger.isCancelled)
    }

    @Test func `Effect isCancelled: a child stops when its parent re-runs`() {
        let page = Signal(1)
        var row: Effect?
        let list = Effect { _ = page.value; row = Effect { } }   // row belongs to list
        let firstRow = row!
        print(firstRow.isCancelled)   // false
        page.value = 2                // list re-runs and disposes its old child
        print(firstRow.isCancelled)   // true
        let secondRow = row!                                    // check
        list.cancel()
        #expect(secondRow.isCancelled)                          // check: parent cancelled
        #expect(list.isCancelled)                               // check

        #expect(output == ["false", "true"])
    }

    @Test func `onCleanup: stop before restart and on cancel`() {
        let interval = Signal(1)
        let timer = Effect {
            let seconds = interval.value
            print("start timer every", seconds, "s")
            onCleanup { print("stop timer every", seconds, "s") }
        }
        interval.value = 5   // prints "stop timer every 1 s", then "start timer every 5 s"
        timer.cancel()       // prints "stop timer every 5 s"

        #expect(output == [
            "start timer every 1 s",
            "stop timer every 1 s",
            "start timer every 5 s",
            "stop timer every 5 s",
        ])
    }

    // MARK: Primitives/Batch.swift

    @Test func `batch: the effect runs once, after both writes`() {
        let first = Signal("Ada"), last = Signal("Lovelace")
        let effect = Effect { print(first.value, last.value) }   // prints "Ada Lovelace"
        batch {
            first.value = "Grace"
            last.value = "Hopper"
        }                                                         // prints "Grace Hopper", once
        effect.cancel()

        #expect(output == ["Ada Lovelace", "Grace Hopper"])
    }

    @Test func `untracked: the computed depends on the query only`() {
        let query = Signal("swift"), page = Signal(1)
        let results = Computed {
            "\(query.value), page \(untracked { page.value })"   // depends on query only
        }
        #expect(results.value == "swift, page 1")               // check
        page.value = 2                                          // check
        #expect(results.value == "swift, page 1")               // check
        query.value = "rust"                                    // check
        #expect(results.value == "rust, page 2")                // check
    }

    // MARK: Primitives/Tracking.swift: see DocumentationLeakingExampleTests, below

    // MARK: Model/Tracked.swift

    @Test func `Tracked: the effect follows the nested author, not the plain property`() {
        typealias Book = TrackedExample.Book
        let book = Book()
        let effect = Effect { print(book.title, "by", book.author.name) }  // "Sample Book Title by Sample Author"
        book.author.name = "Frank Herbert"                                 // "Sample Book Title by Frank Herbert"
        book.lastOpened += 1                                               // nothing: untracked
        effect.cancel()

        #expect(output == ["Sample Book Title by Sample Author", "Sample Book Title by Frank Herbert"])
    }

    @Test func `Tracked init: a value without equality notifies every write`() {
        typealias Cursor = TrackedPointExample.Cursor
        typealias Point = TrackedPointExample.Point
        let cursor = Cursor()
        let effect = Effect { print("x:", cursor.position.x) }   // prints "x: 0"
        cursor.position = Point()                                // a write: prints "x: 0" again
        effect.cancel()

        #expect(output == ["x: 0", "x: 0"])
    }

    @Test func `Tracked init: an equal write notifies nobody`() {
        typealias Book = TrackedTitleExample.Book
        let book = Book()
        let effect = Effect { print(book.title) }   // prints "Dune"
        book.title = "Dune"                          // equal: prints nothing
        #expect(output == ["Dune"])                                 // check
        book.title = "Emma"                                         // check
        #expect(output == ["Dune", "Emma"])                         // check
        effect.cancel()
    }

    @Test func `Tracked init: the same object notifies nobody`() {
        typealias Author = TrackedAuthorExample.Author
        typealias Book = TrackedAuthorExample.Book
        let book = Book()
        let effect = Effect { _ = book.author; print("render") }   // prints "render"
        let same = book.author
        book.author = same                                          // same instance: prints nothing
        #expect(output == ["render"])                               // check
        book.author = Author()                                      // check: another instance
        #expect(output == ["render", "render"])                     // check
        effect.cancel()
    }

    @Test func `Tracked init: an equal object notifies nobody`() {
        typealias Tag = TagExample.Tag
        typealias Book = TrackedTagExample.Book
        let book = Book()
        let effect = Effect { print("tag:", book.tag.name) }   // prints "tag: sf"
        book.tag = Tag("sf")                                   // an equal tag: prints nothing
        #expect(output == ["tag: sf"])                          // check
        book.tag = Tag("nf")                                    // check
        #expect(output == ["tag: sf", "tag: nf"])               // check
        effect.cancel()
    }

    @Test func `Tracked wrappedValue: a class property reads as usual`() {
        typealias Book = TrackedTitleExample.Book
        print(Book().title)                                 // Dune

        #expect(output == ["Dune"])
    }

    @Test func `Tracked enclosing-instance subscript: get, set and modify`() {
        typealias Book = TrackedTitleExample.Book
        let book = Book()
        book.title += " Messiah"   // the _modify accessor: in place, one notification
        print(book.title)          // Dune Messiah: the getter

        #expect(output == ["Dune Messiah"])
        var runs = 0                                                // check
        let effect = Effect { _ = book.title; runs += 1 }           // check
        book.title += " II"                                         // check: observed now
        #expect(runs == 2)                                          // check: one notification
        #expect(book.title == "Dune Messiah II")                    // check
        effect.cancel()                                             // check
    }

    // MARK: Model/Tracked+Conformances.swift

    @Test func `Tracked ==: compares the values`() {
        print(Tracked(wrappedValue: "Dune") == Tracked(wrappedValue: "Dune"))   // true
        print(Tracked(wrappedValue: "Dune") == Tracked(wrappedValue: "Emma"))   // false

        #expect(output == ["true", "false"])
    }

    @Test func `Tracked hash: equal values hash alike`() {
        let titles: Set = [Tracked(wrappedValue: "Dune"), Tracked(wrappedValue: "Dune")]
        print(titles.count)   // 1: equal values

        #expect(output == ["1"])
        #expect(Tracked(wrappedValue: "Dune").hashValue == Tracked(wrappedValue: "Dune").hashValue) // check
    }

    @Test func `Tracked encode: a model encodes bare values`() throws {
        typealias Book = CodableExample.Book
        let book = Book()
        book.title = "Dune"
        print(String(decoding: try JSONEncoder().encode(book), as: UTF8.self))   // {"title":"Dune"}

        #expect(output == [#"{"title":"Dune"}"#])
    }

    @Test func `Tracked decode: a model decodes bare values`() throws {
        typealias Book = CodableExample.Book
        let json = #"{"title":"Dune"}"#
        let book = try JSONDecoder().decode(Book.self, from: Data(json.utf8))
        print(book.title)   // Dune

        #expect(output == ["Dune"])
        var runs = 0                                                // check
        let effect = Effect { _ = book.title; runs += 1 }           // check
        book.title = "Dune"                                         // check: String's == kept
        #expect(runs == 1)                                          // check
        effect.cancel()                                             // check
    }

    @Test func `KeyedDecodingContainer decode: a missing key decodes a tracked optional as nil`() throws {
        typealias Book = CodableOptionalExample.Book
        let book = try JSONDecoder().decode(Book.self, from: Data(#"{"title":"Dune"}"#.utf8))
        print(book.subtitle == nil)   // true: the key is missing

        #expect(output == ["true"])
        #expect(book.title == "Dune")                               // check
    }

    @Test func `KeyedEncodingContainer encode: a nil tracked optional is omitted`() throws {
        typealias Book = CodableOptionalExample.Book
        let book = Book()   // @Tracked var subtitle: String? = nil, as above
        book.title = "Dune"
        print(String(decoding: try JSONEncoder().encode(book), as: UTF8.self))   // {"title":"Dune"}

        #expect(output == [#"{"title":"Dune"}"#])
        book.subtitle = "Book One"                                  // check
        let json = String(decoding: try JSONEncoder().encode(book), as: UTF8.self) // check
        #expect(json.contains(#""subtitle":"Book One""#))          // check
    }

    // MARK: Model/Derived.swift

    @Test func `Derived: computed, cached, recomputed once`() {
        typealias Library = DerivedExample.Library
        let library = Library()
        print(library.availableBooksCount)   // 3: computed
        print(library.availableBooksCount)   // 3: cached, nothing recomputed
        library.books[0].isAvailable = false
        print(library.availableBooksCount)   // 2: recomputed once

        #expect(output == ["3", "3", "2"])
    }

    @Test func `Derived: the same, counting runs of the closure`() {
        // The example's Library with a run counter added to the closure.
        let library = Library()
        _ = library.availableBooksCount
        _ = library.availableBooksCount
        #expect(library.availableCountRuns == 1)
        library.books[0].isAvailable = false
        _ = library.availableBooksCount
        #expect(library.availableCountRuns == 2)
    }

    @Test func `Derived init: a value without equality changes on every recompute`() {
        typealias Shelf = DerivedSummaryExample.Shelf
        let shelf = Shelf()
        let effect = Effect { print(shelf.summary.count) }   // prints "1"
        shelf.books = ["Emma"]                               // a change: prints "1" again
        effect.cancel()

        #expect(output == ["1", "1"])
    }

    @Test func `Derived init: an equal recompute lets dependents skip`() {
        typealias Shelf = DerivedCountExample.Shelf
        let shelf = Shelf()
        let effect = Effect { print("count:", shelf.count) }   // prints "count: 1"
        shelf.books = ["Emma"]                                 // still 1: prints nothing
        #expect(output == ["count: 1"])                         // check
        shelf.books.append("Dune")                              // check
        #expect(output == ["count: 1", "count: 2"])             // check
        effect.cancel()
    }

    @Test func `Derived init: an object compared by identity`() {
        typealias Book = DerivedFirstExample.Book
        typealias Shelf = DerivedFirstExample.Shelf
        let shelf = Shelf()
        let effect = Effect { _ = shelf.first; print("render") }   // prints "render"
        shelf.books.removeLast()                                    // same first book: prints nothing
        #expect(output == ["render"])                               // check
        shelf.books = [Book()]                                      // check: another instance
        #expect(output == ["render", "render"])                     // check
        effect.cancel()
    }

    @Test func `Derived init: an Equatable object compared with ==`() {
        typealias Book = DerivedTagExample.Book
        let book = Book()
        let effect = Effect { print("tag:", book.tag.name) }   // prints "tag: sf"
        book.genre = "SF"                                      // an equal tag: prints nothing
        #expect(output == ["tag: sf"])                          // check
        book.genre = "NF"                                       // check
        #expect(output == ["tag: sf", "tag: nf"])               // check
        effect.cancel()
    }

    @Test func `Derived wrappedValue: a class property reads as usual`() {
        typealias Cart = DerivedCartExample.Cart
        print(Cart().total)   // 7
        // struct Panel { @Derived({ (cart: Cart) in cart.prices.count }) var count: Int }
        // error: 'wrappedValue' is unavailable

        #expect(output == ["7"])
    }

    @Test func `Derived enclosing-instance subscript: a plain read`() {
        typealias Library = DerivedExample.Library
        let library = Library()
        print(library.availableBooksCount)   // 3: the compiler calls this subscript

        #expect(output == ["3"])
    }

    // MARK: Bindings/Bindable.swift

    @Test func `Bindable: a binding from the wrapper and one from a local`() {
        typealias Book = BindableExample.Book
        let library = [Book()]

        @Bindable var book = library[0]
        let title: Binding<String> = $book.title
        title.wrappedValue = "Dune"          // writes book.title, notifies readers of title

        let rating = Bindable(library[0]).rating   // as a local
        rating.wrappedValue = 5

        #expect(library[0].title == "Dune")
        #expect(library[0].rating == 5)
    }

    @Test func `Bindable wrappedValue: the object itself`() {
        typealias Book = BindableExample.Book
        let bindable = Bindable(Book())
        bindable.wrappedValue.title = "Dune"    // writes the Book's title
        print(bindable.wrappedValue.title)      // Dune

        #expect(output == ["Dune"])
    }

    @Test func `Bindable init wrappedValue: a wrapped local`() {
        typealias Book = BindableExample.Book
        @Bindable var book = Book()             // init(wrappedValue:)
        let title = $book.title                 // Binding<String>
        title.wrappedValue = "Dune"
        print(book.title)                       // Dune

        #expect(output == ["Dune"])
    }

    @Test func `Bindable init: a local bindable`() {
        typealias Book = BindableExample.Book
        let book = Book()
        let rating = Bindable(book).rating      // Binding<Int>
        rating.wrappedValue = 5
        print(book.rating)                      // 5

        #expect(output == ["5"])
    }

    @Test func `Bindable init projectedValue: a bindable passed as a parameter`() {
        typealias Book = BindableExample.Book
        func ratingBinding(@Bindable book: Book) -> Binding<Int> { $book.rating }

        @Bindable var book = Book()
        let rating = ratingBinding($book: $book)   // passes the Bindable itself
        rating.wrappedValue = 4
        print(book.rating)                         // 4

        #expect(output == ["4"])
    }

    @Test func `Bindable projectedValue: the wrapper handed on`() {
        typealias Book = BindableExample.Book
        @Bindable var book = Book()
        let bindable: Bindable<Book> = $book    // the wrapper, to hand on
        bindable.title.wrappedValue = "Dune"
        print(book.title)                       // Dune

        #expect(output == ["Dune"])
        #expect(bindable.wrappedValue === book)                 // check
    }

    @Test func `Bindable dynamic member: the binding sees a change made elsewhere`() {
        typealias Book = BindableExample.Book
        @Bindable var book = Book()
        let title: Binding<String> = $book.title
        book.title = "Emma"
        print(title.wrappedValue)               // Emma

        #expect(output == ["Emma"])
        var runs = 0                                            // check
        let effect = Effect { _ = book.title; runs += 1 }       // check
        title.wrappedValue = "Dune"                             // check: notifies readers
        #expect(runs == 2)                                      // check
        effect.cancel()                                         // check
    }

    // MARK: Bindings/Binding.swift

    @Test func `Binding: a binding to a tracked property`() {
        typealias Settings = BindingExample.Settings
        let settings = Settings()
        let fontSize = Binding(get: { settings.fontSize }, set: { settings.fontSize = $0 })
        fontSize.wrappedValue += 2          // writes settings.fontSize: 14

        #expect(settings.fontSize == 14)
    }

    @Test func `Binding init: a binding to a local variable`() {
        var volume = 5
        let binding = Binding(get: { volume }, set: { volume = $0 })
        binding.wrappedValue = 7   // volume == 7

        #expect(volume == 7)
    }

    @Test func `Binding init projectedValue: a binding passed as a parameter`() {
        func shout(@Binding title: String) { title = title.uppercased() }

        var text = "dune"
        shout($title: Binding(get: { text }, set: { text = $0 }))
        print(text)   // DUNE

        #expect(output == ["DUNE"])
    }

    @Test func `Binding constant: writes are ignored`() {
        let preview = Binding.constant("Dune")
        preview.wrappedValue = "Emma"     // ignored
        print(preview.wrappedValue)       // "Dune"

        #expect(output == ["Dune"])
    }

    @Test func `Binding wrappedValue: reads the getter, writes the setter`() {
        var count = 1
        let binding = Binding(get: { count }, set: { count = $0 })
        binding.wrappedValue += 1   // reads 1, writes 2
        print(count)                // 2

        #expect(output == ["2"])
    }

    @Test func `Binding projectedValue: the same binding handed on`() {
        typealias TitleField = BindingExample.TitleField
        var title = "Dune"
        let field = TitleField(title: Binding(get: { title }, set: { title = $0 }))
        field.editor.wrappedValue = "Emma"
        print(title)   // Emma

        #expect(output == ["Emma"])
    }

    @Test func `Binding member of a value: written back`() {
        struct Margins { var top = 0, bottom = 0 }
        var margins = Margins()
        let binding = Binding(get: { margins }, set: { margins = $0 })
        binding.top.wrappedValue = 8      // margins.top == 8

        #expect(margins.top == 8)
        #expect(margins.bottom == 0)
    }

    @Test func `Binding member of an object: written through the reference`() {
        typealias Author = BindingExample.Author
        let author = Author()
        let binding = Binding.constant(author)
        binding.name.wrappedValue = "Le Guin"   // author.name == "Le Guin"

        #expect(author.name == "Le Guin")
    }

    // MARK: Environment/Environment.swift

    @Test func `Environment: a view reads a store, an optional and a key`() {
        typealias Library = EnvironmentExample.Library
        typealias LibraryView = EnvironmentExample.LibraryView
        withEnvironment(Library()) {
            print(LibraryView().render())   // "City Library in light"
        }

        #expect(output == ["City Library in light"])
    }

    @Test func `Environment init: a required store`() {
        typealias Library = EnvironmentExample.Library
        typealias Header = EnvironmentExample.Header
        withEnvironment(Library()) {
            print(Header().library.name)   // City Library
        }

        #expect(output == ["City Library"])
    }

    @Test func `Environment init: an optional store`() {
        typealias Library = EnvironmentExample.Library
        typealias Footer = EnvironmentExample.Footer
        print(Footer().library == nil)              // true: no scope provides one
        withEnvironment(Library()) {
            print(Footer().library?.name ?? "none") // City Library
        }

        #expect(output == ["true", "City Library"])
    }

    @Test func `Environment init: a key path reads the key's default`() {
        typealias Badge = EnvironmentExample.Badge
        print(Badge().theme)   // light: ThemeKey.defaultValue

        #expect(output == ["light"])
    }

    @Test func `Environment wrappedValue: resolved on every read`() {
        typealias Badge = EnvironmentExample.Badge
        let badge = Badge()                  // @Environment(\.theme) var theme
        print(badge.theme)                   // light
        withEnvironment(\.theme, "dark") {
            print(badge.theme)               // dark: resolved when read
        }

        #expect(output == ["light", "dark"])
    }

    // MARK: Environment/EnvironmentKey.swift

    @Test func `EnvironmentKey: a key and its key path`() {
        // ThemeKey and `EnvironmentValues.theme` are declared, as in the example, in
        // Support/TestModels.swift.
        var values = EnvironmentValues()
        #expect(values.theme == "light")
        values.theme = "dark"
        #expect(values[ThemeKey.self] == "dark")
    }

    @Test func `EnvironmentError: require throws it, typed`() {
        typealias Library = EnvironmentExample.Library
        do throws(EnvironmentError) {
            let library = try EnvironmentValues().require(Library.self)
            print(library.name)
        } catch {
            print(error == .missing(typeName: "Library"))   // true
        }

        #expect(output == ["true"])
    }

    @Test func `EnvironmentError description: names the type and the fix`() {
        print(EnvironmentError.missing(typeName: "Library"))
        // no Library in the environment: provide one with withEnvironment(_:_:) or
        // EnvironmentValues.insert(_:)

        #expect(output == [
            "no Library in the environment: provide one with withEnvironment(_:_:) or "
                + "EnvironmentValues.insert(_:)",
        ])
    }

    // MARK: Environment/EnvironmentValues.swift

    @Test func `EnvironmentValues: a store and a key, then a scope`() {
        typealias Library = EnvironmentExample.Library
        var values = EnvironmentValues()
        values.insert(Library())
        values[ThemeKey.self] = "dark"
        withEnvironment(values) {
            print(EnvironmentValues.current[Library.self]?.name ?? "none")   // "City Library"
        }

        #expect(output == ["City Library"])
    }

    @Test func `EnvironmentValues init: empty, every key at its default`() {
        typealias Library = EnvironmentExample.Library
        let values = EnvironmentValues()
        print(values[Library.self] == nil)   // true: no stores
        print(values[ThemeKey.self])         // light: the key's default

        #expect(output == ["true", "light"])
    }

    @Test func `EnvironmentValues isEmpty: until a key is set`() {
        var values = EnvironmentValues()
        print(values.isEmpty)   // true
        values[ThemeKey.self] = "dark"
        print(values.isEmpty)   // false

        #expect(output == ["true", "false"])
    }

    @Test func `EnvironmentValues insert`() {
        typealias Library = EnvironmentExample.Library
        var values = EnvironmentValues()
        values.insert(Library())

        #expect(values[Library.self]?.name == "City Library")
    }

    @Test func `EnvironmentValues subscript: an optional store`() {
        typealias Library = EnvironmentExample.Library
        let library = EnvironmentValues.current[Library.self]   // Library?

        #expect(library == nil)
        withEnvironment(Library()) {
            #expect(EnvironmentValues.current[Library.self] != nil)
        }
    }

    @Test func `EnvironmentValues key subscript: the default, then the set value`() {
        var values = EnvironmentValues()
        print(values[ThemeKey.self])   // light: the default
        values[ThemeKey.self] = "dark"
        print(values[ThemeKey.self])   // dark

        #expect(output == ["light", "dark"])
        #expect(values.theme == "dark")                         // check: the key path agrees
    }

    @Test func `EnvironmentValues current: empty outside every scope`() {
        print(EnvironmentValues.current.isEmpty)       // true: outside every scope
        withEnvironment(\.theme, "dark") {
            print(EnvironmentValues.current.theme)     // dark
        }

        #expect(output == ["true", "dark"])
    }

    @Test func `EnvironmentValues require: the error describes the fix`() {
        typealias Library = EnvironmentExample.Library
        do {
            let library = try EnvironmentValues.current.require(Library.self)
            print(library.name)
        } catch {
            print(error)   // no Library in the environment: ...
        }

        #expect(output.count == 1)
        #expect(output[0].hasPrefix("no Library in the environment: "))
    }

    // MARK: Environment/WithEnvironment.swift

    @Test func `withEnvironment store: the inserted store is current`() {
        typealias Library = EnvironmentExample.Library
        withEnvironment(Library()) {
            print(EnvironmentValues.current[Library.self]?.name ?? "none")   // "City Library"
        }
        #expect(output == ["City Library"])                          // check
    }

    @Test func `withEnvironment key path: the value is current`() {
        withEnvironment(\.theme, "dark") {
            print(EnvironmentValues.current.theme)   // "dark"
        }

        #expect(output == ["dark"])
    }

    @Test func `withEnvironment values: the whole environment`() {
        typealias Library = EnvironmentExample.Library
        var values = EnvironmentValues()
        values.insert(Library())
        withEnvironment(values) { /* ... */ }
        withEnvironment(values) { #expect(EnvironmentValues.current[Library.self] != nil) }   // check
    }

    @Test func `withEnvironment async: an async let child sees the store`() async {
        typealias Library = EnvironmentExample.Library
        func currentLibraryName() async -> String {
            EnvironmentValues.current[Library.self]?.name ?? "none"
        }

        await withEnvironment(Library()) {
            async let name = currentLibraryName()   // a child task: sees the Library too
            print(await name)                        // "City Library"
        }
        #expect(output == ["City Library"])
    }

    @Test func `withEnvironment async key path: a child task inherits the value`() async {
        await withEnvironment(\.theme, "dark") {
            async let theme = EnvironmentValues.current.theme   // a child task: inherits it
            print(await theme)                                   // dark
        }

        #expect(output == ["dark"])
    }

    @Test func `withEnvironment async values: a child task sees the whole environment`() async {
        typealias Library = EnvironmentExample.Library
        var values = EnvironmentValues()
        values.insert(Library())
        await withEnvironment(values) {
            async let name = EnvironmentValues.current[Library.self]?.name ?? "none"
            print(await name)   // City Library: a child task sees the whole environment
        }

        #expect(output == ["City Library"])
    }

    // MARK: Graph/ReactiveNode.swift

    @Test func `ReactiveNode: signals and computeds are nodes`() {
        let count = Signal(0)
        let doubled = Computed { count.value * 2 }
        let nodes: [ReactiveNode] = [count, doubled]   // both are nodes of the graph
        print(nodes.map { "\(type(of: $0))" })          // ["Signal<Int>", "Computed<Int>"]

        #expect(output == [#"["Signal<Int>", "Computed<Int>"]"#])
    }

    @Test func `DependentNode: computeds and effects depend on others`() {
        let count = Signal(0)
        let doubled = Computed { count.value * 2 }
        let effect = Effect { _ = doubled.value }
        let dependents: [DependentNode] = [doubled, effect]   // each reads other nodes
        print(dependents.map { "\(type(of: $0))" })            // ["Computed<Int>", "Effect"]
        effect.cancel()

        #expect(output == [#"["Computed<Int>", "Effect"]"#])
    }

    @Test func `ComputedNode: a computed is one`() {
        let count = Signal(0)
        let doubled = Computed { count.value * 2 }
        let node: ComputedNode = doubled
        print(type(of: node))   // Computed<Int>

        #expect(output == ["Computed<Int>"])
    }

    // MARK: Observation/Observe.swift

    @Test @MainActor func `observe: the current count, then each new one`() async {
        typealias Library = DerivedExample.Library
        @MainActor
        func showAvailability(of library: Library) async {
            for await count in observe({ library.availableBooksCount }) {
                print("available:", count)   // "available: 3", then each new count
            }
        }

        let library = Library()
        let shown = Task { await showAvailability(of: library) }   // available: 3
        #expect(await yieldUntil { output.count == 1 })           // check
        // ... once it printed, a change anywhere on the main actor:
        library.books[0].isAvailable = false                       // available: 2
        #expect(await yieldUntil { output.count == 2 })           // check
        shown.cancel()                                             // the loop ends

        await shown.value                                         // check
        #expect(output == ["available: 3", "available: 2"])
    }

    @Test @MainActor func `observe Equatable: parity yields 1, then only when it flips`() async {
        let count = Signal(1)
        let writer = Task { @MainActor in                       // check
            #expect(await yieldUntil { output.count == 1 })      // check
            count.value = 3                                      // check: same parity, skipped
            count.value = 4                                      // check
        }                                                        // check
        for await parity in observe({ count.value % 2 }) {
            print(parity)   // 1, then a value only when the parity flips
            if output.count == 2 { break }                       // check
        }
        await writer.value                                       // check
        #expect(output == ["1", "0"])
    }

    // MARK: Issues/

    @Test func `RuntimeIssue: a write while a computed evaluates applies, and is one issue`() {
        let source = Signal(1), mirror = Signal(0)
        let doubled = Computed { () -> Int in
            mirror.value = source.value    // a write while a Computed evaluates
            return source.value * 2
        }
        let issues = RuntimeIssues.collect { _ = doubled.value }
        print(issues.map(\.kind))   // [writeDuringEvaluation]
        print(mirror.value)         // 1: the write applied
        #expect(output == ["[writeDuringEvaluation]", "1"])                     // check
    }

    @Test func `RuntimeIssues: a runaway effect is collected, and the program goes on`() {
        let count = Signal(0)
        let issues = RuntimeIssues.collect {
            let spinner = Effect("spinner") { count.value += 1 }   // never settles
            spinner.cancel()
        }
        print(issues.map(\.kind))   // [runawayEffect]
        print(count.value)          // 101: its first run, then 100 in one flush; then it stopped
        #expect(output == ["[runawayEffect]", "101"])                           // check
    }

    @Test func `RuntimeIssues: a test's reporter sees nothing when nothing is wrong`() {
        let lines = LockedState<[String]>([])                                   // check
        let print = { @Sendable (_ a: String, _ b: RuntimeIssue) in lines.withLock { $0.append(a) } }   // check
        RuntimeIssues.withReporter(RuntimeIssueReporter { issue in
            print("test failed:", issue)          // Issue.record(issue.description) under Swift Testing
        }) {
            let ok = Computed { 1 }
            _ = ok.value
        }
        #expect(lines.withLock { $0 }.isEmpty)                                  // check
    }

    @Test func `RuntimeIssues.withReporter: routes a task's issues`() {
        let strict = RuntimeIssues.withReporter(.fatalError) { 1 + 1 }
        print(strict)   // 2
        #expect(output == ["2"])                                                // check
    }

    @Test func `RuntimeIssues.collect: returns the issues instead of reporting them`() {
        let input = Signal(1), echo = Signal(0)
        let doubled = Computed { () -> Int in echo.value = input.value; return input.value * 2 }
        let issues = RuntimeIssues.collect { print(doubled.value) }   // prints 2
        print(issues.count)   // 1
        #expect(output == ["2", "1"])                                           // check
    }

    @Test func `RuntimeIssueReporter: a logger of one's own`() {
        let lines = LockedState<[String]>([])                                   // check
        let print = { @Sendable (line: String) in lines.withLock { $0.append(line) } }   // check
        let logger = RuntimeIssueReporter { issue in
            print("[ripple] \(issue.kind): \(issue.message)")
        }
        RuntimeIssues.withReporter(logger) {
            let count = Signal(0)
            let spinner = Effect("spinner") { count.value += 1 }
            spinner.cancel()
        }
        // prints "[ripple] runawayEffect: effect 'spinner' ran 100 times in one flush ..."
        #expect(lines.withLock { $0 }.count == 1)                               // check
        #expect(lines.withLock { $0 }[0].hasPrefix("[ripple] runawayEffect: effect 'spinner' ran 100 times in one flush"))   // check
    }

    @Test func `CycleError: every computed of a cycle holds it, and recovers when the loop opens`() {
        let closesLoop = Signal(true)
        var second: Computed<Int>!
        let first = Computed(name: "first") { () throws -> Int in
            closesLoop.value ? try second.get() + 1 : 0
        }
        second = Computed(name: "second") { () throws -> Int in try first.get() + 1 }
        let issues = RuntimeIssues.collect {                                    // check
        do {
            _ = try second.get()
        } catch {
            print((error as? CycleError)?.nodes ?? [])   // ["second", "first", "second"]
        }
        }                                                                        // check
        #expect(issues.map(\.kind) == [.cycle])                                 // check
        closesLoop.value = false              // the loop opens
        print((try? second.get()) ?? 0)       // 1: both recover on their next read
        #expect(output == [#"["second", "first", "second"]"#, "1"])             // check
        second = nil                                                             // check
    }

    @Test func `Effect init: a body that throws is reported, and runs again later`() {
        let issues = RuntimeIssues.collect {                                    // check
        struct Offline: Error {}
        let connected = Signal(true)
        let sync = Effect("sync") {
            guard connected.value else { throw Offline() }
            print("synced")
        }                           // prints "synced"
        connected.value = false     // the run throws: reported as a RuntimeIssue
        connected.value = true      // prints "synced": the read before the throw is kept
        sync.cancel()
        }                                                                        // check
        #expect(output == ["synced", "synced"])                                 // check
        #expect(issues.map(\.kind) == [.effectError])                           // check
    }

    // MARK: Debug/WorkCounter.swift

    @Test func `WorkCounter: a count's work, counted from outside the model`() {
        struct Shelved { var title: String; var isAvailable: Bool }

        final class Shelf {
            @Tracked var books: IncrementalArray<Shelved> = [
                Shelved(title: "Dune", isAvailable: true), Shelved(title: "Emma", isAvailable: false),
            ]
            @Derived(\Shelf.books, count: \.isAvailable) var available: Int
        }

        let shelf = Shelf()
        let work = WorkCounter(shelf)
        print(shelf.available)           // prints "1"
        shelf.books[1].isAvailable = true
        print(shelf.available)           // prints "2"
        print(work.take())               // prints "[available: 2 recomputes, 3 elements]"
        #expect(output == ["1", "2", "[available: 2 recomputes, 3 elements]"])
    }

    // MARK: Collections

    @Test func `Derived compactMap: a member joins the mailing list`() {
        struct Member { var name: String; var email: String? }

        final class Team {
            @Tracked var members: IncrementalArray<Member> = [
                Member(name: "Ada", email: "ada@example.com"), Member(name: "Alan", email: nil),
            ]
            @Derived(\Team.members, compactMap: \.email)
            var mailingList: IncrementalArray<String>
        }

        let team = Team()
        print(Array(team.mailingList))   // prints "[\"ada@example.com\"]"
        team.members[1].email = "alan@example.com"
        print(Array(team.mailingList))   // prints "[\"ada@example.com\", \"alan@example.com\"]"
        #expect(output == ["[\"ada@example.com\"]", "[\"ada@example.com\", \"alan@example.com\"]"])
    }

    @Test func `ValueNode compactMap: a signal's numbers`() {
        let entries = Signal(IncrementalArray(["3", "x", "5"]))
        let numbers = entries.compactMap { Int($0) }
        entries.value[1] = "4"
        print(Array(numbers.value))   // prints "[3, 4, 5]"
        #expect(output == ["[3, 4, 5]"])
    }

    @Test func `PersistentTree: a copy is untouched by a later insertion`() {
        var list = PersistentTree<Int, NoMarking<Int>>(0..<1000)
        let saved = list
        list.insert(-1, at: 500)
        // saved[500] == 500, list[500] == -1, list.count == 1001
        #expect(saved[500] == 500 && list[500] == -1 && list.count == 1001)   // check
    }

    @Test func `IncrementalArray: a count looks at the changed element only`() {
        typealias Todo = CollectionsExample1.Todo
        typealias Todos = CollectionsExample1.Todos
        let todos = Todos()
        print(todos.doneCount)            // 0: one pass over the list
        todos.items[1].isDone.toggle()    // in place, as on an array
        print(todos.doneCount)            // 1: looked at item 1 only
        todos.items.append(Todo(title: "Eggs", isDone: true))
        print(todos.doneCount)            // 2: looked at the new item only
        #expect(output == ["0", "1", "2"])   // check
    }

    @Test func `IncrementalArray init: an empty list`() {
        var names = IncrementalArray<String>()
        names.append("Ada")
        print(names.count)   // 1
        #expect(output == ["1"])   // check
    }

    @Test func `IncrementalArray init: the elements of a sequence`() {
        let squares = IncrementalArray((1...4).map { $0 * $0 })
        print(Array(squares))   // [1, 4, 9, 16]
        #expect(output == ["[1, 4, 9, 16]"])   // check
    }

    @Test func `IncrementalArray subscript: a change in place`() {
        var scores = IncrementalArray([3, 5])
        scores[0] += 1
        print(scores[0])   // 4
        #expect(output == ["4"])   // check
    }

    @Test func `IncrementalArray replaceSubrange: removes and inserts`() {
        var letters = IncrementalArray(["a", "b", "c", "d"])
        letters.replaceSubrange(1..<3, with: ["x"])
        print(Array(letters))   // ["a", "x", "d"]
        #expect(output == ["[\"a\", \"x\", \"d\"]"])   // check
    }

    @Test func `IncrementalArray removeAll(where:): removes the matches`() {
        var numbers = IncrementalArray([1, 2, 3, 4, 5])
        numbers.removeAll { $0.isMultiple(of: 2) }
        print(Array(numbers))   // [1, 3, 5]
        #expect(output == ["[1, 3, 5]"])   // check
    }

    @Test func `IncrementalArray move(from:to:): shifts the elements between`() {
        var steps = IncrementalArray(["wash", "dry", "fold"])
        steps.move(from: 2, to: 0)
        print(Array(steps))   // ["fold", "wash", "dry"]
        #expect(output == ["[\"fold\", \"wash\", \"dry\"]"])   // check
    }

    @Test func `IncrementalArray move(fromOffsets:toOffset:): any sequence of offsets`() {
        var rows = IncrementalArray(["a", "b", "c", "d", "e"])
        let picked: Set = [2, 0]      // onMove hands over an IndexSet
        rows.move(fromOffsets: picked, toOffset: 5)
        print(Array(rows))   // ["b", "d", "e", "a", "c"]
        #expect(output == [#"["b", "d", "e", "a", "c"]"#])                       // check
    }

    @Test func `ValueNode: operators over a signal, and over an operator`() {
        let numbers = Signal(IncrementalArray([3, 8, 5]))
        let large = numbers.filter { $0 > 4 }        // a Computed
        let count = large.count(where: { $0 > 6 })  // an operator over an operator
        print(count.value)   // 1
        #expect(output == ["1"])                                                 // check
    }

    @Test func `IncrementalArray remove(atOffsets:): as SwiftUI's onDelete`() {
        var rows = IncrementalArray(["a", "b", "c", "d"])
        rows.remove(atOffsets: [3, 1])
        print(Array(rows))   // ["a", "c"]
        #expect(output == [#"["a", "c"]"#])                                      // check
    }

    @Test func `IncrementalArray move(fromOffsets:toOffset:): as SwiftUI's onMove`() {
        var rows = IncrementalArray(["a", "b", "c", "d", "e"])
        rows.move(fromOffsets: RangeSet([0..<1, 2..<3]), toOffset: 5)
        print(Array(rows))   // ["b", "d", "e", "a", "c"]
        #expect(output == ["[\"b\", \"d\", \"e\", \"a\", \"c\"]"])   // check
    }

    @Test func `IncrementalArray sort(by:): sorts in place`() {
        var words = IncrementalArray(["pear", "fig", "apple"])
        words.sort { $0.count < $1.count }
        print(Array(words))   // ["fig", "pear", "apple"]
        #expect(output == ["[\"fig\", \"pear\", \"apple\"]"])   // check
    }

    @Test func `Derived filter: the kept elements follow a changed one`() {
        typealias ShelfBook = CollectionsExample10.ShelfBook
        typealias Shelf = CollectionsExample10.Shelf
        let shelf = Shelf()
        print(shelf.available.map(\.title))   // ["Dune"]
        shelf.books[1].isAvailable = true     // one element looked at again
        print(shelf.available.map(\.title))   // ["Dune", "Emma"]
        #expect(output == ["[\"Dune\"]", "[\"Dune\", \"Emma\"]"])   // check
    }

    @Test func `Derived filter with a query: a new prefix makes one pass`() {
        typealias Catalog = CollectionsExample11.Catalog
        let catalog = Catalog()
        print(Array(catalog.matching))   // ["Dune", "Dracula"]
        catalog.prefix = "E"             // one pass with the new prefix
        print(Array(catalog.matching))   // ["Emma"]
        #expect(output == ["[\"Dune\", \"Dracula\"]", "[\"Emma\"]"])   // check
    }

    @Test func `Derived count: follows a changed element`() {
        typealias ShelfBook = CollectionsExample12.ShelfBook
        typealias Shelf = CollectionsExample12.Shelf
        let shelf = Shelf()
        print(shelf.availableCount)        // 1
        shelf.books[1].isAvailable = true
        print(shelf.availableCount)        // 2
        #expect(output == ["1", "2"])   // check
    }

    @Test func `Derived count with a query: a new pass mark recounts`() {
        typealias Board = CollectionsExample13.Board
        let board = Board()
        print(board.passed)   // 3
        board.passMark = 9
        print(board.passed)   // 1
        #expect(output == ["3", "1"])   // check
    }

    @Test func `Derived sum: an exact sum of Double follows a quantity`() {
        typealias BasketLine = CollectionsExample14.BasketLine
        typealias Basket = CollectionsExample14.Basket
        let basket = Basket()
        print(basket.total)            // 5.3
        basket.lines[0].quantity = 1
        print(basket.total)            // 2.8
        #expect(output == ["5.3", "2.8"])   // check
    }

    @Test func `Derived sum with a query: a new rate resums`() {
        typealias Invoice = CollectionsExample15.Invoice
        let invoice = Invoice()
        print(invoice.amount)   // 200
        invoice.rate = 50
        print(invoice.amount)   // 250
        #expect(output == ["200", "250"])   // check
    }

    @Test func `Derived fold: count and total together`() {
        typealias Team = CollectionsExample16.Team
        let team = Team()
        print(team.ageStatistics.total / team.ageStatistics.count)   // 32
        team.ages.append(56)
        print(team.ageStatistics.total / team.ageStatistics.count)   // 38
        #expect(output == ["32", "38"])   // check
    }

    @Test func `Derived map: a renamed element's label`() {
        typealias ShelfBook = CollectionsExample17.ShelfBook
        typealias Shelf = CollectionsExample17.Shelf
        let shelf = Shelf()
        print(Array(shelf.labels))       // ["DUNE", "EMMA"]
        shelf.books[0].title = "Dune Messiah"
        print(Array(shelf.labels))       // ["DUNE MESSIAH", "EMMA"]
        #expect(output == ["[\"DUNE\", \"EMMA\"]", "[\"DUNE MESSIAH\", \"EMMA\"]"])   // check
    }

    @Test func `Derived map with a query: a new symbol relabels`() {
        typealias Prices = CollectionsExample18.Prices
        let prices = Prices()
        print(Array(prices.labels))   // ["$2.50", "$19.99"]
        prices.symbol = "€"
        print(Array(prices.labels))   // ["€2.50", "€19.99"]
        #expect(output == ["[\"$2.50\", \"$19.99\"]", "[\"€2.50\", \"€19.99\"]"])   // check
    }

    @Test func `Derived sortedByKey: an appended element takes its place`() {
        typealias ShelfBook = CollectionsExample19.ShelfBook
        typealias Shelf = CollectionsExample19.Shelf
        let shelf = Shelf()
        print(shelf.byTitle.map(\.title))   // ["Dune", "Emma"]
        shelf.books.append(ShelfBook(title: "Beloved", isAvailable: true))
        print(shelf.byTitle.map(\.title))   // ["Beloved", "Dune", "Emma"]
        print(shelf.byTitleDescending.map(\.title))   // ["Emma", "Dune", "Beloved"]
        #expect(output == ["[\"Dune\", \"Emma\"]", "[\"Beloved\", \"Dune\", \"Emma\"]",   // check
                           "[\"Emma\", \"Dune\", \"Beloved\"]"])   // check
    }

    @Test func `Derived sortedByKey with a query: ignoring case re-sorts`() {
        typealias Roster = CollectionsExample20.Roster
        let roster = Roster()
        print(Array(roster.sortedNames))   // ["Grace", "ada", "alan"]
        roster.ignoresCase = true
        print(Array(roster.sortedNames))   // ["ada", "alan", "Grace"]
        #expect(output == ["[\"Grace\", \"ada\", \"alan\"]", "[\"ada\", \"alan\", \"Grace\"]"])   // check
    }

    @Test func `Derived first: the next job that is not done`() {
        typealias Job = CollectionsExample21.Job
        typealias Queue = CollectionsExample21.Queue
        let queue = Queue()
        print(queue.next?.name ?? "none")   // report
        queue.jobs[1].isDone = true
        print(queue.next?.name ?? "none")   // none
        #expect(output == ["report", "none"])   // check
    }

    @Test func `Derived first with a query: a new initial`() {
        typealias Directory = CollectionsExample22.Directory
        let directory = Directory()
        print(directory.firstMatch ?? "none")   // Ada
        directory.initial = "G"
        print(directory.firstMatch ?? "none")   // Grace
        #expect(output == ["Ada", "Grace"])   // check
    }

    @Test func `Derived min: the cheapest line after a removal`() {
        typealias BasketLine = CollectionsExample23.BasketLine
        typealias Basket = CollectionsExample23.Basket
        let basket = Basket()
        print(basket.cheapest ?? 0)      // 0.1
        basket.lines.remove(at: 1)
        print(basket.cheapest ?? 0)      // 2.5
        #expect(output == ["0.1", "2.5"])   // check
    }

    @Test func `Derived max: the best score after a change`() {
        typealias Board = CollectionsExample24.Board
        let board = Board()
        print(board.best ?? 0)   // 8
        board.scores[1] = 4
        print(board.best ?? 0)   // 5
        #expect(output == ["8", "5"])   // check
    }

    @Test func `Derived min with a query: the unit changes the keys`() {
        typealias Thermometer = CollectionsExample25.Thermometer
        let thermometer = Thermometer()
        print(thermometer.lowest ?? 0)   // 19.0
        thermometer.inFahrenheit = true
        print(thermometer.lowest ?? 0)   // 66.2
        #expect(output == ["19.0", "66.2"])   // check
    }

    @Test func `Derived max with a query: a bonus lifts every key`() {
        typealias Scoreboard = CollectionsExample26.Scoreboard
        let board = Scoreboard()
        print(board.best ?? 0)   // 40
        board.bonus = 5
        print(board.best ?? 0)   // 45
        #expect(output == ["40", "45"])   // check
    }

    @Test func `Signal filter: an appended element joins`() {
        let numbers = Signal(IncrementalArray([1, 2, 3, 4]))
        let evens = numbers.filter { $0.isMultiple(of: 2) }
        print(Array(evens.value))   // [2, 4]
        numbers.value.append(6)     // looks at the new element only
        print(Array(evens.value))   // [2, 4, 6]
        #expect(output == ["[2, 4]", "[2, 4, 6]"])   // check
    }

    @Test func `Signal map: a renamed element`() {
        let names = Signal(IncrementalArray(["ada", "grace"]))
        let shouted = names.map { $0.uppercased() }
        names.value[1] = "alan"
        print(Array(shouted.value))   // ["ADA", "ALAN"]
        #expect(output == ["[\"ADA\", \"ALAN\"]"])   // check
    }

    @Test func `Signal count(where:): a flag raised`() {
        let flags = Signal(IncrementalArray([true, false, true]))
        let raised = flags.count(where: { $0 })
        flags.value[1] = true
        print(raised.value)   // 3
        #expect(output == ["3"])   // check
    }

    @Test func `Signal sum: an exact total`() {
        let prices = Signal(IncrementalArray([0.1, 0.2]))
        let total = prices.sum { $0 }
        prices.value.append(0.3)
        print(total.value)   // 0.6
        #expect(output == ["0.6"])   // check
    }

    @Test func `Signal fold: letters counted`() {
        let words = Signal(IncrementalArray(["a", "bb"]))
        let letters = words.fold({ $0.count }, into: 0, add: +, remove: -)
        words.value.append("ccc")
        print(letters.value)   // 6
        #expect(output == ["6"])   // check
    }

    @Test func `ListOrder: descending puts the greatest key first`() {
        let scores = Signal(IncrementalArray([3, 9, 5]))
        print(Array(scores.sorted(byKey: { $0 }, order: .descending).value))   // [9, 5, 3]
        #expect(output == ["[9, 5, 3]"])   // check
    }

    @Test func `Signal sorted(byKey:): by length, stable, either order`() {
        let words = Signal(IncrementalArray(["pear", "fig", "apple"]))
        let byLength = words.sorted(byKey: \.count)
        print(Array(byLength.value))   // ["fig", "pear", "apple"]
        let longestFirst = words.sorted(byKey: \.count, order: .descending)
        print(Array(longestFirst.value))   // ["apple", "pear", "fig"]
        #expect(output == ["[\"fig\", \"pear\", \"apple\"]", "[\"apple\", \"pear\", \"fig\"]"])   // check
    }

    @Test func `Signal first(where:): the first warm day`() {
        let temperatures = Signal(IncrementalArray([12, 18, 25]))
        let firstWarm = temperatures.first(where: { $0 > 20 })
        print(firstWarm.value ?? 0)   // 25
        #expect(output == ["25"])   // check
    }

    @Test func `Signal min(of:): a new coldest`() {
        let temperatures = Signal(IncrementalArray([12, 18, 25]))
        let coldest = temperatures.min(of: { $0 })
        temperatures.value.append(7)
        print(coldest.value ?? 0)   // 7
        #expect(output == ["7"])   // check
    }

    @Test func `Signal max(of:): the warmest after a removal`() {
        let temperatures = Signal(IncrementalArray([12, 18, 25]))
        let warmest = temperatures.max(of: { $0 })
        temperatures.value.removeLast()
        print(warmest.value ?? 0)   // 18
        #expect(output == ["18"])   // check
    }

    @Test func `Computed filter: operators chain`() {
        let numbers = Signal(IncrementalArray(Array(1...10)))
        let evens = numbers.filter { $0.isMultiple(of: 2) }
        let bigEvens = evens.filter { $0 > 5 }
        numbers.value.append(12)
        print(Array(bigEvens.value))   // [6, 8, 10, 12]
        #expect(output == ["[6, 8, 10, 12]"])   // check
    }

    @Test func `Computed map: a map of a sort`() {
        let numbers = Signal(IncrementalArray([3, 1, 2]))
        let labels = numbers.sorted(byKey: { $0 }).map { "#\($0)" }
        print(Array(labels.value))   // ["#1", "#2", "#3"]
        #expect(output == ["[\"#1\", \"#2\", \"#3\"]"])   // check
    }

    @Test func `Computed count(where:): a count of a filter`() {
        let numbers = Signal(IncrementalArray(Array(1...10)))
        let evens = numbers.filter { $0.isMultiple(of: 2) }
        let bigEvenCount = evens.count(where: { $0 > 5 })
        print(bigEvenCount.value)   // 3
        #expect(output == ["3"])   // check
    }

    // MARK: Primitives/EffectScope.swift

    @Test func `EffectScope: one cancel ends every effect its run created`() {
        let name = Signal("Ada"), count = Signal(1)
        let screen = EffectScope()
        screen.run {
            _ = Effect { print("name:", name.value) }     // prints "name: Ada"; the scope keeps it
            _ = Effect { print("count:", count.value) }   // prints "count: 1"
        }
        name.value = "Grace"                          // prints "name: Grace"
        screen.cancel()                               // both effects end
        count.value = 2                               // prints nothing

        #expect(output == ["name: Ada", "count: 1", "name: Grace"])   // check
    }

    @Test func `EffectScope init: a named scope, cancelled`() {
        let scope = EffectScope("settings screen")
        print(scope.isCancelled)   // false
        scope.cancel()
        print(scope.isCancelled)   // true

        #expect(output == ["false", "true"])   // check
    }

    @Test func `EffectScope run: effects and cleanups belong to the scope`() {
        let scope = EffectScope()
        let ticks = Signal(0)
        let label = scope.run {
            _ = Effect { print("tick", ticks.value) }   // prints "tick 0"
            onCleanup { print("scope ended") }
            return "ticker"
        }
        print(label)     // prints "ticker"
        scope.cancel()   // prints "scope ended"

        #expect(output == ["tick 0", "ticker", "scope ended"])   // check
    }

    @Test func `EffectScope cancel: nested scopes, every cleanup once`() {
        let outer = EffectScope(), level = Signal(0)
        outer.run {
            let inner = EffectScope()
            inner.run {
                _ = Effect {
                    print("level", level.value)      // prints "level 0"
                    onCleanup { print("inner effect cleaned up") }
                }
            }
        }
        outer.cancel()   // prints "inner effect cleaned up", once
        outer.cancel()   // prints nothing
        level.value = 1  // prints nothing

        #expect(output == ["level 0", "inner effect cleaned up"])   // check
    }

    @Test func `EffectScope isCancelled: an inner scope ends with its outer one`() {
        let outer = EffectScope()
        let inner = outer.run { EffectScope() }
        outer.cancel()
        print(inner.isCancelled)   // true

        #expect(output == ["true"])   // check
    }

    // MARK: Primitives/Liveness.swift

    @Test func `whileObserved: the sensor runs while the display shows it`() {
        let celsius = Signal(20.0)
        whileObserved({ celsius.value }) {
            print("sensor on")
            return { print("sensor off") }
        }
        let display = Effect { print("showing", celsius.value) }  // prints "showing 20.0", then "sensor on"
        celsius.value = 21                                         // prints "showing 21.0"
        display.cancel()                                           // prints "sensor off"

        #expect(output == ["showing 20.0", "sensor on", "showing 21.0", "sensor off"])   // check
    }

    // MARK: Async/AsyncPhase.swift

    @Test func `AsyncPhase: a switch over the phases`() {
        func describe(_ phase: AsyncPhase<[String]>) -> String {
            switch phase {
            case .loading(previous: nil): "searching..."
            case .loading(previous: let titles?): "searching... (showing \(titles.count))"
            case .value(let titles): "\(titles.count) found"
            case .failure(let error): "failed: \(error)"
            }
        }
        print(describe(.loading(previous: ["Dune"])))   // searching... (showing 1)

        #expect(output == ["searching... (showing 1)"])   // check
    }

    @Test func `AsyncPhase value, isLoading and error`() {
        let phase = AsyncPhase<Int>.loading(previous: 3)
        print(phase.value ?? 0)   // 3
        print(AsyncPhase<Int>.value(3).isLoading)   // false
        struct Offline: Error {}
        print(AsyncPhase<Int>.failure(Offline()).error is Offline)   // true

        #expect(output == ["3", "false", "true"])   // check
    }

    // MARK: Async/AsyncComputed.swift

    @Test @MainActor func `AsyncComputed: results follow the query`() async {
        let query = Signal("dune")
        let titles = ["Dune", "Dune Messiah", "Emma"]
        let results = AsyncComputed(input: { query.value }) { text in
            titles.filter { $0.lowercased().contains(text) }   // a remote call, in a real app
        }
        for await phase in observe({ results.state }) {
            if case .value(let found) = phase {
                print(found)   // ["Dune", "Dune Messiah"]
                break
            }
        }

        #expect(output == [#"["Dune", "Dune Messiah"]"#])   // check
    }

    @Test @MainActor func `AsyncComputed init: debounced, on a clock`() async {
        @MainActor
        func price(of item: Signal<String>, clock: some Clock<Duration>) -> AsyncComputed<Double> {
            AsyncComputed(debounce: .milliseconds(300), clock: clock, input: { item.value }) { name in
                name == "Dune" ? 9.99 : 14.99   // a remote catalog, in a real app
            }
        }
        let clock = ManualClock()                                            // check
        let item = Signal("Dune")                                            // check
        let dune = price(of: item, clock: clock)                             // check
        #expect(await yieldUntil { dune.value == 9.99 })                     // check
        item.value = "Emma"                                                  // check
        #expect(await yieldUntil { clock.sleeperCount == 1 })                // check
        #expect(dune.state.isLoading)                                        // check
        clock.advance(by: .milliseconds(300))                                // check
        #expect(await yieldUntil { dune.value == 14.99 })                    // check
    }

    @Test @MainActor func `AsyncComputed state, value and isLoading`() async {
        @MainActor
        func show(_ results: AsyncComputed<[String]>) -> Effect {
            Effect {
                switch results.state {
                case .loading: print("loading")
                case .value(let titles): print(titles)
                case .failure(let error): print("error:", error)
                }
            }
        }
        @MainActor
        func countResults(_ results: AsyncComputed<[String]>) -> Computed<Int> {
            Computed { results.value?.count ?? 0 }
        }
        @MainActor
        func spinner(for results: AsyncComputed<[String]>) -> Effect {
            Effect { print(results.isLoading ? "spinning" : "idle") }
        }
        let results = AsyncComputed(input: { "dune" }) { _ in ["Dune", "Emma"] }   // check
        let shown = show(results), spinning = spinner(for: results)                // check
        let count = countResults(results)                                          // check
        #expect(await yieldUntil { count.value == 2 })                             // check
        #expect(output == ["loading", "spinning", #"["Dune", "Emma"]"#, "idle"])   // check
        shown.cancel(); spinning.cancel()                                          // check
    }

}

/// The lines an example printed.
private final class Console {
    var lines: [String] = []
}

/// The one documented example that leaks on purpose, in a suite of its own so that
/// `.ci/run` turns LeakSanitizer off for it alone: `follow()` re-arms forever, and the
/// last registration keeps what it follows alive, as `withObservationTracking` does.
@Suite struct DocumentationLeakingExampleTests {
    private let console = Console()

    private func print(_ items: Any...) {
        console.lines.append(items.map { "\($0)" }.joined(separator: " "))
    }

    private var output: [String] { console.lines }

    // MARK: Primitives/Tracking.swift

    @Test func `withTracking: follow re-arms and sees the new value`() {
        let temperature = Signal(20)
        func follow() {
            let shown = withTracking { temperature.value } onChange: {
                print("now", temperature.value)   // the new value
                follow()                           // keep following
            }
            print("showing", shown)
        }
        follow()                 // prints "showing 20"
        temperature.value = 25   // prints "now 25", then "showing 25"

        #expect(output == ["showing 20", "now 25", "showing 25"])
    }
}

// The types the examples declare, each example's in its own namespace.

/// The `Equatable` class the equality-rule examples declare.
private enum TagExample {
    final class Tag: Equatable {
        let name: String
        init(_ name: String) { self.name = name }
        static func == (a: Tag, b: Tag) -> Bool { a.name == b.name }
    }
}

private enum TrackedExample {
    final class Author {
        @Tracked var name = "Sample Author"
    }
    final class Book {
        @Tracked var title = "Sample Book Title"
        @Tracked var author = Author()
        var lastOpened = 0   // a plain property: not tracked (like @ObservationIgnored)
    }
}

private enum TrackedPointExample {
    struct Point { var x = 0, y = 0 }            // no equality
    final class Cursor { @Tracked var position = Point() }
}

private enum ObservableModelExample {
    typealias Book = ObservedBook

    @MainActor
    final class Library: ObservableModel {
        let observationRegistrar = ObservationRegistrar()
        @Tracked var books: [Book] = []
        @Derived({ (library: Library) in library.books.filter(\.isAvailable).count })
        var availableBooksCount: Int
    }
}

private enum TrackObservableExample {
    @Observable final class Settings { var taxRate = 0.2 }   // Apple's macro

    final class Cart {
        let settings: Settings
        @Tracked var prices: [Double] = [10, 20]
        @Derived({ (cart: Cart) in
            cart.prices.reduce(0, +) * (1 + trackObservable { cart.settings.taxRate })
        })
        var total: Double
        init(settings: Settings) { self.settings = settings }
    }
}

private enum TrackedTitleExample {
    final class Book { @Tracked var title = "Dune" }
}

private enum TrackedStructExample {
    final class Book { @Tracked var title = "Dune" }   // a class: fine
    // struct Draft { @Tracked var title = "" }        // error: 'wrappedValue' is unavailable
}

private enum TrackedAuthorExample {
    final class Author {}
    final class Book { @Tracked var author = Author() }
}

private enum TrackedTagExample {
    typealias Tag = TagExample.Tag
    final class Book { @Tracked var tag = Tag("sf") }
}

private enum CodableExample {
    final class Book: Codable { @Tracked var title = "Sample Book Title" }
}

private enum CodableOptionalExample {
    final class Book: Codable {
        @Tracked var title = ""
        @Tracked var subtitle: String? = nil
    }
}

private enum DerivedExample {
    final class Book {
        @Tracked var isAvailable = true
    }
    final class Library {
        @Tracked var books: [Book] = [Book(), Book(), Book()]

        @Derived({ (library: Library) in library.books.filter(\.isAvailable).count })
        var availableBooksCount: Int
    }
}

private enum DerivedSummaryExample {
    struct Summary { var count: Int }          // no equality
    final class Shelf {
        @Tracked var books = ["Dune"]
        @Derived({ (shelf: Shelf) in Summary(count: shelf.books.count) })
        var summary: Summary
    }
}

private enum DerivedCountExample {
    final class Shelf {
        @Tracked var books = ["Dune"]
        @Derived({ (shelf: Shelf) in shelf.books.count })
        var count: Int
    }
}

private enum DerivedFirstExample {
    final class Book {}
    final class Shelf {
        @Tracked var books = [Book(), Book()]
        @Derived({ (shelf: Shelf) in shelf.books[0] })
        var first: Book
    }
}

private enum DerivedTagExample {
    typealias Tag = TagExample.Tag
    final class Book {
        @Tracked var genre = "sf"
        @Derived({ (book: Book) in Tag(book.genre.lowercased()) })
        var tag: Tag
    }
}

private enum DerivedCartExample {
    final class Cart {
        @Tracked var prices = [3, 4]
        @Derived({ (cart: Cart) in cart.prices.reduce(0, +) })
        var total: Int
    }
}

private enum BindableExample {
    final class Book {
        @Tracked var title = "Sample Book Title"
        @Tracked var rating = 3
    }
}

private enum BindingExample {
    final class Settings {
        @Tracked var fontSize = 12
    }
    final class Author { @Tracked var name = "" }
    struct TitleField {
        @Binding var title: String
        var editor: Binding<String> { $title }   // the same binding, handed on
    }
}

private enum EnvironmentExample {
    final class Library { @Tracked var name = "City Library" }

    struct LibraryView {
        @Environment(Library.self) var library              // absent: fatal error naming Library
        @Environment(Library.self) var maybe: Library?      // absent: nil
        @Environment(\.theme) var theme                     // absent: ThemeKey.defaultValue

        func render() -> String { "\(library.name) in \(theme)" }
    }

    struct Header {
        @Environment(Library.self) var library   // no Library in scope: a fatal error
    }

    struct Footer {
        @Environment(Library.self) var library: Library?
    }

    struct Badge {
        @Environment(\.theme) var theme   // a String, from ThemeKey
    }
}

private enum CollectionsExample1 {
    struct Todo { var title: String; var isDone = false }
    final class Todos {
        @Tracked var items: IncrementalArray<Todo> = [Todo(title: "Milk"), Todo(title: "Bread")]
    
        @Derived(\Todos.items, count: \.isDone)
        var doneCount: Int
    }
}

private enum CollectionsExample10 {
    struct ShelfBook { var title: String; var isAvailable: Bool }
    final class Shelf {
        @Tracked var books: IncrementalArray<ShelfBook> = [
            ShelfBook(title: "Dune", isAvailable: true), ShelfBook(title: "Emma", isAvailable: false),
        ]
        @Derived(\Shelf.books, filter: \.isAvailable)
        var available: IncrementalArray<ShelfBook>
    }
}

private enum CollectionsExample11 {
    final class Catalog {
        @Tracked var titles: IncrementalArray<String> = ["Dune", "Emma", "Dracula"]
        @Tracked var prefix = "D"
        @Derived(\Catalog.titles, filter: { catalog in
            let prefix = catalog.prefix            // the query, read once per pass
            return { title in title.hasPrefix(prefix) }
        })
        var matching: IncrementalArray<String>
    }
}

private enum CollectionsExample12 {
    struct ShelfBook { var title: String; var isAvailable: Bool }
    final class Shelf {
        @Tracked var books: IncrementalArray<ShelfBook> = [
            ShelfBook(title: "Dune", isAvailable: true), ShelfBook(title: "Emma", isAvailable: false),
        ]
        @Derived(\Shelf.books, count: \.isAvailable)
        var availableCount: Int
    }
}

private enum CollectionsExample13 {
    final class Board {
        @Tracked var scores: IncrementalArray<Int> = [3, 8, 5, 9]
        @Tracked var passMark = 5
        @Derived(\Board.scores, count: { board in
            let mark = board.passMark
            return { $0 >= mark }
        })
        var passed: Int
    }
}

private enum CollectionsExample14 {
    struct BasketLine { var price: Double; var quantity: Int }
    final class Basket {
        @Tracked var lines: IncrementalArray<BasketLine> = [
            BasketLine(price: 2.5, quantity: 2), BasketLine(price: 0.1, quantity: 3),
        ]
        @Derived(\Basket.lines, sum: { $0.price * Double($0.quantity) })
        var total: Double
    }
}

private enum CollectionsExample15 {
    final class Invoice {
        @Tracked var hours: IncrementalArray<Int> = [2, 3]
        @Tracked var rate = 40
        @Derived(\Invoice.hours, sum: { invoice in
            let rate = invoice.rate
            return { $0 * rate }
        })
        var amount: Int
    }
}

private enum CollectionsExample16 {
    final class Team {
        @Tracked var ages: IncrementalArray<Int> = [31, 25, 40]
        @Derived(\Team.ages, fold: { $0 }, into: (count: 0, total: 0),
                 add: { ($0.count + 1, $0.total + $1) },
                 remove: { ($0.count - 1, $0.total - $1) })
        var ageStatistics: (count: Int, total: Int)
    }
}

private enum CollectionsExample17 {
    struct ShelfBook { var title: String; var isAvailable: Bool }
    final class Shelf {
        @Tracked var books: IncrementalArray<ShelfBook> = [
            ShelfBook(title: "Dune", isAvailable: true), ShelfBook(title: "Emma", isAvailable: false),
        ]
        @Derived(\Shelf.books, map: { $0.title.uppercased() })
        var labels: IncrementalArray<String>
    }
}

private enum CollectionsExample18 {
    final class Prices {
        @Tracked var cents: IncrementalArray<Int> = [250, 1999]
        @Tracked var symbol = "$"
        @Derived(\Prices.cents, map: { prices in
            let symbol = prices.symbol
            return { "\(symbol)\($0 / 100).\($0 % 100 < 10 ? "0" : "")\($0 % 100)" }
        })
        var labels: IncrementalArray<String>
    }
}

private enum CollectionsExample19 {
    struct ShelfBook { var title: String; var isAvailable: Bool }
    final class Shelf {
        @Tracked var books: IncrementalArray<ShelfBook> = [
            ShelfBook(title: "Emma", isAvailable: true), ShelfBook(title: "Dune", isAvailable: false),
        ]
        @Derived(\Shelf.books, sortedByKey: \.title)
        var byTitle: IncrementalArray<ShelfBook>
        @Derived(\Shelf.books, sortedByKey: \.title, order: .descending)
        var byTitleDescending: IncrementalArray<ShelfBook>
    }
}

private enum CollectionsExample20 {
    final class Roster {
        @Tracked var names: IncrementalArray<String> = ["ada", "Grace", "alan"]
        @Tracked var ignoresCase = false
        @Derived(\Roster.names, sortedByKey: { roster in
            let ignoresCase = roster.ignoresCase
            return { ignoresCase ? $0.lowercased() : $0 }
        })
        var sortedNames: IncrementalArray<String>
    }
}

private enum CollectionsExample21 {
    struct Job { var name: String; var isDone: Bool }
    final class Queue {
        @Tracked var jobs: IncrementalArray<Job> = [
            Job(name: "backup", isDone: true), Job(name: "report", isDone: false),
        ]
        @Derived(\Queue.jobs, first: { !$0.isDone })
        var next: Job?
    }
}

private enum CollectionsExample22 {
    final class Directory {
        @Tracked var names: IncrementalArray<String> = ["Ada", "Alan", "Grace"]
        @Tracked var initial: Character = "A"
        @Derived(\Directory.names, first: { directory in
            let initial = directory.initial
            return { $0.first == initial }
        })
        var firstMatch: String?
    }
}

private enum CollectionsExample23 {
    struct BasketLine { var price: Double; var quantity: Int }
    final class Basket {
        @Tracked var lines: IncrementalArray<BasketLine> = [
            BasketLine(price: 2.5, quantity: 2), BasketLine(price: 0.1, quantity: 3),
        ]
        @Derived(\Basket.lines, min: \.price)
        var cheapest: Double?
    }
}

private enum CollectionsExample24 {
    final class Board {
        @Tracked var scores: IncrementalArray<Int> = [3, 8, 5]
        @Derived(\Board.scores, max: { $0 })
        var best: Int?
    }
}

private enum CollectionsExample25 {
    final class Thermometer {
        @Tracked var readings: IncrementalArray<Double> = [21.5, 19.0, 23.5]
        @Tracked var inFahrenheit = false
        @Derived(\Thermometer.readings, min: { thermometer in
            let fahrenheit = thermometer.inFahrenheit
            return { fahrenheit ? $0 * 9 / 5 + 32 : $0 }
        })
        var lowest: Double?
    }
}

private enum CollectionsExample26 {
    final class Scoreboard {
        @Tracked var points: IncrementalArray<Int> = [12, 40, 7]
        @Tracked var bonus = 0
        @Derived(\Scoreboard.points, max: { board in
            let bonus = board.bonus
            return { $0 + bonus }
        })
        var best: Int?
    }
}

// MARK: Debug/

/// The tracing examples. Their event handlers are `@Sendable`, so this suite's `print`
/// records into a log that is too. Events come from every graph in the process, and
/// other suites trace observers of their own: the assertions look for the example's
/// lines. Examples that switch process-wide settings run in a child process.
@Suite struct DocumentationTraceExamplesTests {
    private let log = SendableLog()

    private func print(_ items: Any...) {
        log.append(items.map { "\($0)" }.joined(separator: " "))
    }

    private var output: [String] { log.all }

    @Test func `RippleTrace: a traced effect's run is explained`() {
        typealias Library = TraceExample.Library
        let events = TraceLog("LibraryView")                                   // check
        let library = Library()
        let view = Effect("LibraryView") { print("available:", library.availableBooksCount) }
        RippleTrace.trace(view)                 // prints why each run of the view happens
        library.books[1].isAvailable = false     // prints "available: 1", and on standard error:
        // why: LibraryView: Library.availableBooksCount 2 -> 1 <- Book[2].isAvailable true -> false
        view.cancel()

        #expect(output == ["available: 2", "available: 1"])
        #expect(events.take().map(withoutOrdinals) == [                       // check
            "LibraryView: Library.availableBooksCount 2 -> 1 <- Book[2].isAvailable true -> false",
        ])
    }

    @Test func `RippleTrace.isEnabled: every observer is traced and printed`() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            RippleTrace.isEnabled = true
            let count = Signal(0, name: "count")
            let logger = Effect("logger") { _ = count.value }
            count.value = 1          // why: logger: count 0 -> 1
            logger.cancel()
            RippleTrace.isEnabled = false
        }
        let errors = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(errors.contains("why: logger: count 0 -> 1\n"))
    }

    @Test func `RippleTrace.showsAbsorbed: a run spared by an equal value is reported`() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            RippleTrace.showsAbsorbed = true
            let count = Signal(3, name: "count")
            let isOdd = Computed(name: "isOdd") { count.value % 2 == 1 }
            let badge = Effect("badge") { _ = isOdd.value }
            RippleTrace.trace(badge)
            count.value = 5          // why: badge (did not run): isOdd absorbed (stayed true) <- count 3 -> 5
            badge.cancel()
            RippleTrace.showsAbsorbed = false
        }
        let errors = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(errors.contains("why: badge (did not run): isOdd absorbed (stayed true) <- count 3 -> 5\n"))
    }

    @Test func `RippleTrace.trace(effect): one effect's runs`() {
        let events = TraceLog("TitleView")                                     // check
        let title = Signal("Dune", name: "title")
        let render = Effect("TitleView") { _ = title.value }
        RippleTrace.trace(render)
        title.value = "Emma"     // why: TitleView: title "Dune" -> "Emma"
        render.cancel()
        #expect(events.take() == [#"TitleView: title "Dune" -> "Emma""#])      // check
    }

    @Test func `RippleTrace.trace(model): the runs a model's writes cause`() {
        typealias Counter = TraceModelExample.Counter
        let events = TraceLog("CounterView")                                   // check
        let counter = Counter()
        let shown = Effect("CounterView") { _ = counter.value }
        RippleTrace.trace(counter)
        counter.value = 1        // why: CounterView: Counter.value 0 -> 1
        shown.cancel()
        #expect(events.take() == ["CounterView: Counter.value 0 -> 1"])        // check
    }

    @Test func `RippleTrace.events: events as values`() {
        let count = Signal(0, name: "count")
        let effect = Effect("counter") { _ = count.value }
        RippleTrace.trace(effect, printing: false)
        let subscription = RippleTrace.events { event in
            guard event.observer == "counter" else { return }                  // check
            print(event)         // counter: count 0 -> 1
        }
        count.value = 1
        subscription.cancel()
        effect.cancel()
        #expect(output == ["counter: count 0 -> 1"])
    }

    @Test func `RippleTrace.stream: events as an asynchronous sequence`() async {
        let events = RippleTrace.stream()
        let count = Signal(0, name: "count")
        let effect = Effect("ticker") { _ = count.value }
        RippleTrace.trace(effect, printing: false)
        count.value = 1
        for await event in events {
            guard event.observer == "ticker" else { continue }                 // check
            print(event)         // ticker: count 0 -> 1
            break
        }
        effect.cancel()
        #expect(output == ["ticker: count 0 -> 1"])
    }

    @Test func `RippleTrace.Subscription: cancelled, it hears nothing more`() {
        let subscription = RippleTrace.events { print($0) }
        subscription.cancel()
        let count = Signal(0, name: "count")                                   // check
        let effect = Effect("unheard") { _ = count.value }                     // check
        RippleTrace.trace(effect, printing: false)                             // check
        count.value = 1                                                        // check
        #expect(!output.contains { $0.hasPrefix("unheard") })                  // check
        effect.cancel()                                                        // check
    }

    @Test func `RippleTrace.Event: the observer, the causes and the chains`() {
        let price = Signal(10, name: "price")
        let total = Computed(name: "total") { price.value * 2 }
        let effect = Effect("TotalView") { _ = total.value }
        RippleTrace.trace(effect, printing: false)
        let subscription = RippleTrace.events { event in
            guard event.observer == "TotalView" else { return }                // check
            print(event.observer)                        // TotalView
            print(event.causes[0].node)                  // total
            print(event.chains[0].map(\.node))           // ["total", "price"]
            print(event)                                 // TotalView: total 20 -> 24 <- price 10 -> 12
        }
        price.value = 12
        subscription.cancel()
        effect.cancel()
        #expect(output == ["TotalView", "total", #"["total", "price"]"#, "TotalView: total 20 -> 24 <- price 10 -> 12"])
    }

    @Test func `RippleTrace.Step: a written source with its values`() {
        let step = RippleTrace.Step(node: "Book[2].isAvailable", oldValue: "true", newValue: "false", change: .written)
        print(step)   // Book[2].isAvailable true -> false
        #expect(output == ["Book[2].isAvailable true -> false"])
    }

    @Test func `RippleGraph: dependencies, dependents and the DOT of a model`() {
        typealias Cart = GraphExample.Cart
        let cart = Cart()
        let label = Effect("TotalLabel") { _ = cart.total }
        let total = RippleGraph.nodes(of: cart).first { $0.name == "Cart.total" }!
        print(total.dependencies.map(\.name))   // ["Cart.prices"]
        print(total.dependents.map(\.name))     // ["TotalLabel"]
        print(RippleGraph.dot(around: cart))    // digraph Ripple { ... }: run `dot -Tsvg` on it
        label.cancel()
        #expect(output.prefix(2) == [#"["Cart.prices"]"#, #"["TotalLabel"]"#])
        #expect(output.last?.hasPrefix("digraph Ripple {") == true)
    }

    @Test func `RippleGraph.Node: a node's name and kind`() {
        let count = Signal(1, name: "count")
        let node = RippleGraph.Node(count)
        print(node.name, node.kind)   // count signal
        #expect(output == ["count signal"])
    }

    @Test func `RippleGraph.beginNaming: nodes made from now on are named`() {
        typealias Counter = BeginNamingExample.Counter
        RippleGraph.beginNaming()
        let counter = Counter()
        let effect = Effect("CounterLabel") { _ = counter.value }
        print(RippleGraph.Node(effect).dependencies.map(\.name))   // ["Counter.value"]
        effect.cancel()
        #expect(output == [#"["Counter.value"]"#])
    }

    @Test func `RippleGraph.nodes(of:): a model's nodes`() {
        typealias Counter = GraphNodesExample.Counter
        let counter = Counter()
        let effect = Effect { _ = counter.value }
        print(RippleGraph.nodes(of: counter).map(\.name))   // ["Counter.value"]
        effect.cancel()
        #expect(output == [#"["Counter.value"]"#])
    }

    @Test func `RippleGraph.dot(around: node)`() throws {
        let count = Signal(1, name: "count")
        let doubled = Computed(name: "doubled") { count.value * 2 }
        let effect = Effect("printer") { _ = doubled.value }
        print(RippleGraph.dot(around: doubled))   // a digraph: count -> doubled -> printer
        effect.cancel()
        let graph = try DotGraph(parsing: output[0])                           // check
        #expect(graph.edges == ["count -> doubled", "doubled -> printer"])     // check
    }

    @Test func `RippleGraph.dot(around: model)`() throws {
        typealias Counter = GraphDotExample.Counter
        let counter = Counter()
        let effect = Effect("CounterView") { _ = counter.value }
        print(RippleGraph.dot(around: counter))   // a digraph: Counter.value -> CounterView
        effect.cancel()
        #expect(try DotGraph(parsing: output[0]).edges == ["Counter.value -> CounterView"])   // check
    }

    @Test func `RippleGraph.dot(around: nodes)`() throws {
        let a = Signal(1, name: "a"), b = Signal(2, name: "b")
        let sum = Computed(name: "sum") { a.value + b.value }
        _ = sum.value
        print(RippleGraph.dot(around: [RippleGraph.Node(sum)]))
        #expect(Set(try DotGraph(parsing: output[0]).edges) == ["a -> sum", "b -> sum"])   // check
    }
}
