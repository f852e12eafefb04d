import Observation
import Synchronization
import Testing
@testable import Ripple

/// `withTracking(_:onChange:)` over models, and how it differs from Apple's
/// `withObservationTracking` over the equivalent `@Observable` class.
///
/// (Named apart from the graph-level `TrackingTests`.)
@Suite struct ModelTrackingTests {
    @Test func `it returns what apply returned`() {
        let book = Book()
        let title = withTracking { book.title.count } onChange: {}
        #expect(title == 17)
    }

    @Test func `onChange fires once, after the change, and reads the new value`() {
        let book = Book()
        var seen: [String] = []
        withTracking { _ = book.title } onChange: { seen.append(book.title) }
        #expect(seen.isEmpty)

        book.title = "Dune"
        #expect(seen == ["Dune"])
        book.title = "Emma"
        #expect(seen == ["Dune"])
    }

    @Test func `many changes to what apply read fire onChange exactly once`() async {
        let book = Book()
        await confirmation(expectedCount: 1) { changed in
            withTracking { _ = (book.title, book.rating, book.author.name) } onChange: { changed() }
            book.title = "Dune"
            book.rating = 5
            book.author.name = "Frank Herbert"
            batch { book.title = "Emma" }
        }
    }

    @Test func `onChange fires only for properties apply read`() {
        let book = Book()
        var changes = 0
        withTracking { _ = book.title } onChange: { changes += 1; _ = book.rating }
        book.isAvailable = false
        book.rating = 5
        book.author.name = "Frank Herbert"
        book.lastOpened = 3
        #expect(changes == 0)
        book.title = "Dune"
        #expect(changes == 1)
    }

    @Test func `a nested model read in apply is followed`() {
        let book = Book()
        var seen: [String] = []
        withTracking { _ = book.author.name } onChange: { seen.append(book.author.name) }
        book.author.name = "Frank Herbert"
        #expect(seen == ["Frank Herbert"])
    }

    @Test func `an equal write does not fire`() {
        let book = Book()
        var seen: [String] = []
        withTracking { _ = book.title } onChange: { seen.append(book.title) }
        book.title = "Sample Book Title"
        #expect(seen.isEmpty)
        book.title = "Dune"
        #expect(seen == ["Dune"])
    }

    @Test func `a batch fires once, after its last write`() {
        let book = Book()
        var seen: [String] = []
        withTracking { _ = (book.title, book.rating) } onChange: { seen.append("\(book.title) \(book.rating)") }
        batch {
            book.title = "Dune"
            book.rating = 5
            #expect(seen.isEmpty)
        }
        #expect(seen == ["Dune 5"])
    }

    @Test func `a batch that restores the value does not fire`() {
        let book = Book()
        var changes = 0
        withTracking { _ = book.title } onChange: { changes += 1 }
        batch {
            book.title = "Dune"
            book.title = "Sample Book Title"
        }
        #expect(changes == 0)
    }

    @Test func `writes made by an effect fire once, after its body`() {
        let book = Book()
        let trigger = Counter()
        var seen: [String] = []
        withTracking { _ = (book.title, book.rating) } onChange: { seen.append("\(book.title) \(book.rating)") }
        let effect = Effect {
            guard trigger.count > 0 else { return }
            book.title = "Dune"
            book.rating = 5
        }
        trigger.count = 1
        #expect(seen == ["Dune 5"])
        effect.cancel()
    }

    @Test func `writes made in onChange are batched`() {
        let book = Book()
        let trigger = Counter()
        let view = ViewProbe("title and rating") { "\(book.title) \(book.rating)" }
        withTracking { _ = trigger.count } onChange: {
            book.title = "Dune"
            book.rating = 5
        }
        trigger.count = 1
        #expect(view.outputs == ["Sample Book Title 3", "Dune 5"])
        view.cancel()
    }

    @Test func `a derived property that recomputes equal does not fire`() {
        let library = Library()
        var seen: [Int] = []
        withTracking { _ = library.availableBooksCount } onChange: { seen.append(library.availableBooksCount) }
        library.books.append(Book(title: "Lent", isAvailable: false))
        #expect(seen.isEmpty)
        #expect(library.availableCountRuns == 2)
        library.books[0].isAvailable = false
        #expect(seen == [2])
    }

    @Test func `nested scopes each follow only their own reads`() {
        let book = Book()
        var outer = 0
        var inner = 0
        withTracking {
            _ = book.title
            withTracking { _ = book.rating } onChange: { inner += 1 }
        } onChange: {
            outer += 1
        }
        book.rating = 5
        #expect([outer, inner] == [0, 1])
        book.title = "Dune"
        #expect([outer, inner] == [1, 1])
    }

    @Test func `reads in a scope inside an effect do not become the effect's`() {
        let book = Book()
        var runs = 0
        var changes = 0
        let effect = Effect {
            runs += 1
            _ = book.rating
            withTracking { _ = book.title } onChange: { changes += 1 }
        }
        book.title = "Dune"
        #expect(runs == 1)
        #expect(changes == 1)
        book.rating = 4
        #expect(runs == 2)
        effect.cancel()
    }

    @Test func `re-arming from onChange follows every change`() {
        let sensor = SensorData()
        var lines: [String] = []
        var following = true
        func follow() {
            withTracking { lines.append("\(sensor.temperature)") } onChange: { if following { follow() } }
        }
        follow()
        sensor.temperature = 21
        sensor.temperature = 22
        sensor.humidity = 10
        #expect(lines == ["20.0", "21.0", "22.0"])
        // The armed scope's onChange holds the sensor, which holds what the scope read:
        // let the last scope fire without re-arming, or they keep each other alive.
        following = false
        sensor.temperature = 0
    }

    @Test
    func `a scope keeps neither its model nor, once that is gone, onChange alive`() {
        weak var weakBook: Book?
        weak var weakCapture: Handle?
        var changes = 0
        do {
            let book = Book()
            let capture = Handle()
            weakBook = book
            weakCapture = capture
            withTracking { _ = book.title } onChange: { _ = capture; changes += 1 }
        }
        #expect(weakBook == nil)
        #expect(weakCapture == nil)
        #expect(changes == 0)
    }

    // MARK: Against Apple's withObservationTracking

    @Test func `Apple's onChange sees the old value, Ripple's the new one`() {
        let appleBook = ObservableBook()
        let appleLog = SendableLog()
        withObservationTracking { _ = appleBook.title } onChange: { appleLog.append(appleBook.title) }
        appleBook.title = "Dune"
        #expect(appleLog.all == ["Sample Book Title"])

        let book = Book()
        var seen: [String] = []
        withTracking { _ = book.title } onChange: { seen.append(book.title) }
        book.title = "Dune"
        #expect(seen == ["Dune"])
    }

    @Test func `both fire once and only for what apply read`() {
        let appleBook = ObservableBook()
        let appleLog = SendableLog()
        withObservationTracking { _ = appleBook.title } onChange: { appleLog.append("changed") }
        appleBook.isAvailable = false
        #expect(appleLog.all.isEmpty)
        appleBook.title = "Dune"
        appleBook.title = "Emma"
        #expect(appleLog.all == ["changed"])

        let book = Book()
        var changes = 0
        withTracking { _ = book.title } onChange: { changes += 1 }
        book.isAvailable = false
        #expect(changes == 0)
        book.title = "Dune"
        book.title = "Emma"
        #expect(changes == 1)
    }

    @Test func `re-arming from onChange: Apple reads stale values, Ripple the new ones`() {
        let appleSensor = ObservableSensor()
        let appleLog = SendableLog()
        let appleFollowing = Mutex(true)
        @Sendable func followApple() {
            withObservationTracking {
                appleLog.append("\(appleSensor.temperature) \(appleSensor.humidity)")
            } onChange: {
                if appleFollowing.withLock({ $0 }) { followApple() }
            }
        }
        followApple()
        appleSensor.temperature = 22.5
        appleSensor.humidity = 55
        #expect(appleLog.all == ["20.0 50.0", "20.0 50.0", "22.5 50.0"])

        let sensor = SensorData()
        var lines: [String] = []
        var following = true
        func follow() {
            withTracking { lines.append("\(sensor.temperature) \(sensor.humidity)") } onChange: { if following { follow() } }
        }
        follow()
        sensor.temperature = 22.5
        sensor.humidity = 55
        #expect(lines == ["20.0 50.0", "22.5 50.0", "22.5 55.0"])
        // Both last registrations hold their sensors, which hold them: let them fire
        // without re-arming, or they keep each other alive.
        appleFollowing.withLock { $0 = false }
        appleSensor.temperature = 0
        following = false
        sensor.temperature = 0
    }
}
