import Observation
@testable import Ripple
import Testing

/// A SwiftUI-style view on Observation's tracking: its body runs inside
/// `withObservationTracking`, `onChange` marks it dirty, and it renders again after the
/// change, when the app's loop comes round (here: `renderIfDirty()`).
@MainActor
final class ObservationView {
    private let body: () -> String
    private let dirtyFlag = DirtyFlag()
    private(set) var renders = 0
    private(set) var output = ""

    init(_ body: @escaping () -> String) {
        self.body = body
        render()
    }

    var isDirty: Bool { dirtyFlag.isSet }

    func renderIfDirty() {
        if dirtyFlag.isSet { render() }
    }

    private func render() {
        dirtyFlag.clear()
        renders += 1
        let flag = dirtyFlag
        output = withObservationTracking(body) { flag.set() }
    }
}

/// The `@Sendable` half of ``ObservationView``.
final class DirtyFlag: Sendable {
    private let counter = CallCounter()
    private let cleared = CallCounter()

    var isSet: Bool { counter.count > cleared.count }
    var notifications: Int { counter.count }

    func set() { counter.increment() }

    func clear() {
        while cleared.count < counter.count { cleared.increment() }
    }
}

/// Counts Observation's notifications of one `withObservationTracking` that re-arms in
/// `onChange`, as continuous observation does.
@MainActor
final class ContinuousObserver {
    private let read: () -> Void
    let notifications = CallCounter()

    init(_ read: @escaping () -> Void) {
        self.read = read
        arm()
    }

    var count: Int { notifications.count }

    private func arm() {
        let counter = notifications
        // Weakly: the model's registrar holds this closure until the next change.
        withObservationTracking(read) { [weak self] in
            counter.increment()
            MainActor.assumeIsolated { self?.arm() }
        }
    }
}

@MainActor
@Suite struct ObservableModelTests {
    // MARK: Tracked properties

    @Test func `a tracked property read under Observation notifies when it changes`() {
        let book = ObservedBook(id: 0, title: "Dune")
        let changed = CallCounter()
        let title = withObservationTracking { book.title } onChange: { changed.increment() }
        #expect(title == "Dune")
        #expect(changed.count == 0)
        book.title = "Emma"
        #expect(changed.count == 1)
    }

    @Test func `onChange sees the new value`() {
        let book = ObservedBook(id: 0, title: "Dune")
        let seen = SendableLog()
        _ = withObservationTracking { book.title } onChange: {
            MainActor.assumeIsolated { seen.append(book.title) }
        }
        book.title = "Emma"
        #expect(seen.all == ["Emma"])
    }

    @Test func `an equal write notifies nothing`() {
        let book = ObservedBook(id: 0, title: "Dune")
        let changed = CallCounter()
        _ = withObservationTracking { book.title } onChange: { changed.increment() }
        book.title = "Dune"
        #expect(changed.count == 0)
        book.title = "Emma"
        #expect(changed.count == 1)
    }

    @Test func `a write to a property the tracking did not read notifies nothing`() {
        let book = ObservedBook(id: 0, title: "Dune")
        let changed = CallCounter()
        _ = withObservationTracking { book.title } onChange: { changed.increment() }
        book.isAvailable = false
        book.lastOpened += 1
        #expect(changed.count == 0)
    }

    @Test func `an in-place mutation notifies once`() {
        let store = ObservedTodoStore()
        store.items = (0..<5).map { TodoEntry(title: "Item \($0)") }
        let observer = ContinuousObserver { _ = store.items }
        store.items[2].isCompleted.toggle()
        #expect(observer.count == 1)
        store.items.append(TodoEntry(title: "Item 5"))
        #expect(observer.count == 2)
        #expect(store.items.count == 6)
    }

    @Test func `a batch notifies once, with its final values`() {
        let book = ObservedBook(id: 0, title: "Dune")
        let observer = ContinuousObserver { _ = book.title; _ = book.isAvailable }
        let seen = SendableLog()
        _ = withObservationTracking { book.title } onChange: {
            MainActor.assumeIsolated { seen.append(book.title) }
        }
        batch {
            book.title = "Emma"
            book.title = "Kindred"
            book.isAvailable = false
        }
        #expect(seen.all == ["Kindred"])
        // One notification per changed property: title, then isAvailable; the observer
        // re-armed after the first reads both again and hears of the second.
        #expect(observer.count == 2)
    }

    @Test func `a batch that writes the old value back notifies nothing`() {
        let book = ObservedBook(id: 0, title: "Dune")
        let observer = ContinuousObserver { _ = book.title }
        batch {
            book.title = "Emma"
            book.title = "Dune"
        }
        #expect(observer.count == 0)
    }

    @Test func `nested models are followed per property`() {
        let book = ObservedBook(id: 0, title: "Dune")
        let view = ObservationView { "\(book.title) by \(book.author.name)" }
        book.author.name = "Frank Herbert"
        #expect(view.isDirty)
        view.renderIfDirty()
        #expect(view.output == "Dune by Frank Herbert")
        let other = ObservedAuthor(name: "Ursula K. Le Guin")
        book.author = other
        view.renderIfDirty()
        #expect(view.output == "Dune by Ursula K. Le Guin")
        // The old author is no longer read.
        let renders = view.renders
        ObservedAuthor(name: "unused").name = "x"
        #expect(!view.isDirty)
        #expect(view.renders == renders)
    }

    // MARK: Derived properties

    @Test func `a derived property notifies only when its value changes`() {
        let library = ObservedLibrary()
        let view = ObservationView { "available: \(library.availableBooksCount)" }
        #expect(view.output == "available: 3")

        library.books[0].title = "Dune Messiah"      // an input of nothing the view shows
        #expect(!view.isDirty)

        library.books[1].isAvailable = false         // the count changes
        #expect(view.isDirty)
        view.renderIfDirty()
        #expect(view.output == "available: 2")
        #expect(view.renders == 2)
    }

    @Test func `a derived value that stays equal while its inputs change notifies nothing`() {
        let library = ObservedLibrary()
        library.books[0].isAvailable = false
        let view = ObservationView { "available: \(library.availableBooksCount)" }
        batch {
            library.books[0].isAvailable = true
            library.books[1].isAvailable = false
        }
        #expect(!view.isDirty)
        #expect(view.renders == 1)
        #expect(library.availableBooksCount == 2)
    }

    @Test func `a memoized read registers with Observation`() {
        let library = ObservedLibrary()
        _ = library.availableBooksCount
        let computations = library.countComputations
        let changed = CallCounter()
        let count = withObservationTracking { library.availableBooksCount } onChange: { changed.increment() }
        #expect(count == 3)
        #expect(library.countComputations == computations)   // a cache hit
        library.books[0].isAvailable = false
        #expect(changed.count == 1)
    }

    @Test func `reads inside a derived computation register nothing with Observation`() {
        let library = ObservedLibrary()
        let changed = CallCounter()
        // The first read computes the derived value, reading books and isAvailable
        // inside Ripple's run.
        _ = withObservationTracking { library.availableBooksCount } onChange: { changed.increment() }
        library.books.append(ObservedBook(id: 9, title: "Kindred"))   // books changes: count 3 -> 4
        #expect(changed.count == 1)

        let second = CallCounter()
        _ = withObservationTracking { library.availableBooksCount } onChange: { second.increment() }
        library.books[0].title = "Renamed"
        library.books.swapAt(0, 1)          // books changed, the count did not
        #expect(second.count == 0)
    }

    @Test func `the watcher re-evaluates once per invalidating transaction, then disarms`() {
        let library = ObservedLibrary()
        let changed = CallCounter()
        _ = withObservationTracking { library.availableBooksCount } onChange: { changed.increment() }
        let computations = library.countComputations

        library.books[0].isAvailable = false      // re-evaluated by the watcher: 3 -> 2
        #expect(library.countComputations == computations + 1)
        #expect(changed.count == 1)

        // Disarmed: nobody renders the count, so changes no longer evaluate it.
        library.books[1].isAvailable = false
        library.books[2].isAvailable = false
        #expect(library.countComputations == computations + 1)
        #expect(library.availableBooksCount == 0)   // the next read computes it once
        #expect(library.countComputations == computations + 2)
    }

    @Test func `a derived value that recomputes equal keeps the watcher armed`() {
        let library = ObservedLibrary()
        let changed = CallCounter()
        _ = withObservationTracking { library.availableBooksCount } onChange: { changed.increment() }
        library.books.swapAt(0, 1)
        #expect(changed.count == 0)
        library.books[0].isAvailable = false
        #expect(changed.count == 1)
    }

    // MARK: Side by side with Ripple's observers

    @Test func `Ripple's effects keep working and run before Observation hears`() {
        let library = ObservedLibrary()
        let log = SendableLog()
        let effect = Effect { log.append("effect \(library.availableBooksCount)") }
        _ = withObservationTracking { library.availableBooksCount } onChange: {
            MainActor.assumeIsolated { log.append("observation \(library.availableBooksCount)") }
        }
        var scopeFired = false
        _ = withTracking { library.availableBooksCount } onChange: { scopeFired = true }

        library.books[0].isAvailable = false
        #expect(log.all == ["effect 3", "effect 2", "observation 2"])
        #expect(scopeFired)
        effect.cancel()
    }

    @Test func `state written in onChange is a transaction of its own`() {
        let library = ObservedLibrary()
        let log = SendableLog()
        let effect = Effect { log.append("name \(library.name)") }
        _ = withObservationTracking { library.availableBooksCount } onChange: {
            MainActor.assumeIsolated { library.name = "Count \(library.availableBooksCount)" }
        }
        let nameObserver = ContinuousObserver { _ = library.name }
        library.books[0].isAvailable = false
        #expect(library.name == "Count 2")
        #expect(log.all == ["name City Library", "name Count 2"])
        #expect(nameObserver.count == 1)
        effect.cancel()
    }

    @Test func `a view renders again after the write and reads the new values`() {
        let library = ObservedLibrary()
        let header = ObservationView { "\(library.name): \(library.availableBooksCount) available" }
        let titles = ObservationView { library.titles.joined(separator: ", ") }

        library.books[2].isAvailable = false
        #expect(header.isDirty && !titles.isDirty)
        header.renderIfDirty()
        titles.renderIfDirty()
        #expect(header.output == "City Library: 2 available")
        #expect(header.renders == 2 && titles.renders == 1)

        library.books[0].title = "Dune"
        #expect(!header.isDirty && titles.isDirty)
        header.renderIfDirty()
        titles.renderIfDirty()
        #expect(titles.output == "Dune, Book 1, Book 2")
        #expect(header.renders == 2 && titles.renders == 2)
    }

    // MARK: Models that do not conform, and lifetimes

    @Test func `a model that does not conform is not seen by Observation`() {
        let library = UnobservedLibrary()
        let changed = CallCounter()
        let count = withObservationTracking { library.count + library.books.count } onChange: { changed.increment() }
        #expect(count == 2)
        library.books.append("Emma")
        #expect(changed.count == 0)
        #expect(library.count == 2)
        let effect = Effect { _ = library.count }
        library.books.append("Kindred")
        #expect(library.count == 3)
        effect.cancel()
    }

    @Test func `a conforming model is released when dropped, with tracking armed on it`() {
        weak var weakLibrary: ObservedLibrary?
        weak var weakBook: ObservedBook?
        let changed = CallCounter()
        do {
            let library = ObservedLibrary()
            weakLibrary = library
            weakBook = library.books[0]
            _ = withObservationTracking {
                (library.availableBooksCount, library.books[0].title, library.books[0].author.name)
            } onChange: { changed.increment() }
        }
        #expect(weakLibrary == nil)
        #expect(weakBook == nil)
    }

    @Test func `a model dropped with a notice pending is not notified`() {
        var library: ObservedLibrary? = ObservedLibrary()
        weak let weakLibrary = library
        let changed = CallCounter()
        _ = withObservationTracking { library!.availableBooksCount } onChange: { changed.increment() }
        let effect = Effect {
            // Drops the model during the flush that queued its notice.
            if library?.books.first?.isAvailable == false { library = nil }
        }
        library!.books[0].isAvailable = false
        #expect(weakLibrary == nil)
        #expect(changed.count == 0)
        effect.cancel()
    }

    @Test func `a tracked property of a conforming model keeps its value in a signal with a watcher`() {
        let book = ObservedBook(id: 0, title: "Dune")
        if case .unread = book.titleWrapper.storage {} else { Issue.record("expected an unread property") }
        _ = book.title
        if case .bridged = book.titleWrapper.storage {} else {
            Issue.record("expected a signal with a watcher")
        }
    }

    // MARK: Bindings and Observations

    @Test func `a binding to a conforming model's property notifies Observation`() {
        let book = ObservedBook(id: 0, title: "Dune")
        let view = ObservationView { book.title }
        @Bindable var bindable = book
        $bindable.title.wrappedValue = "Emma"
        #expect(view.isDirty)
        view.renderIfDirty()
        #expect(view.output == "Emma")
    }

    @Test(.timeLimit(.minutes(5)))
    func `Observations follows a derived property`() async {
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
        let library = ObservedLibrary()
        let values = Observations { library.availableBooksCount }
        var iterator = values.makeAsyncIterator()
        #expect(await iterator.next() == 3)
        library.books[0].title = "Renamed"        // no change to the count
        library.books[0].isAvailable = false
        #expect(await iterator.next() == 2)
        batch {
            library.books[1].isAvailable = false
            library.books[1].isAvailable = true   // undone within the batch
            library.books[2].isAvailable = false
        }
        #expect(await iterator.next() == 1)
    }
}
