import Testing
@testable import Ripple

@Suite struct TrackedTests {
    // MARK: Tracking on read

    /// An unobserved property's read asks the C side whether a run is recording; it
    /// reads `Runtime.run.activeSub` as the runtime's first word.
    @Test func `the inlined tracking check reads the runtime's active subscriber`() {
        #expect(MemoryLayout<Runtime>.offset(of: \Runtime.run.activeSub) == 0)
        #expect(!Runtime.isTracking)
        let record = Signal(0)
        var seen: [Bool] = []
        let computed = Computed { () -> Int in
            seen.append(Runtime.isTracking)
            return record.value
        }
        _ = computed.value
        let effect = Effect { seen.append(Runtime.isTracking) }
        withTracking({ seen.append(Runtime.isTracking) }, onChange: {})
        untracked { seen.append(Runtime.isTracking) }
        effect.cancel()
        #expect(seen == [true, true, true, false])
        #expect(!Runtime.isTracking)
    }

    @Test func `a read inside a Computed tracks the property`() {
        let book = Book()
        var runs = 0
        let shout = Computed { runs += 1; return book.title.uppercased() }
        #expect(shout.value == "SAMPLE BOOK TITLE")
        #expect(runs == 1)

        book.title = "Dune"
        #expect(shout.value == "DUNE")
        #expect(runs == 2)

        book.isAvailable = false
        #expect(shout.value == "DUNE")
        #expect(runs == 2)
    }

    @Test func `a read inside an Effect tracks the property`() {
        let book = Book()
        let view = ViewProbe("title") { book.title }
        #expect(view.outputs == ["Sample Book Title"])

        book.title = "Dune"
        #expect(view.outputs == ["Sample Book Title", "Dune"])

        book.rating = 5
        #expect(view.renders == 2)
        view.cancel()
    }

    @Test func `a read inside withTracking tracks the property`() {
        let book = Book()
        var changes = 0
        let title = withTracking { book.title } onChange: { changes += 1 }
        #expect(title == "Sample Book Title")

        book.isAvailable = false
        #expect(changes == 0)
        book.title = "Dune"
        #expect(changes == 1)
    }

    @Test(.timeLimit(.minutes(5)))
    @MainActor func `a read inside observe tracks the property`() async {
        let book = Book()
        var evaluations = 0
        var titles = observe { evaluations += 1; return book.title }.makeAsyncIterator()
        #expect(await titles.next(isolation: #isolation) == "Sample Book Title")

        book.rating = 4
        book.title = "Dune"
        #expect(await titles.next(isolation: #isolation) == "Dune")
        #expect(evaluations == 2)
    }

    @Test func `a reader that never read a property is never notified`() {
        let book = Book()
        let titleView = ViewProbe("title") { book.title }
        let availabilityView = ViewProbe("availability") { book.isAvailable }
        let authorView = ViewProbe("author") { book.author.name }

        book.title = "Dune"
        #expect(renderCounts(titleView, availabilityView, authorView) == [2, 1, 1])
        book.isAvailable = false
        #expect(renderCounts(titleView, availabilityView, authorView) == [2, 2, 1])
        book.author.name = "Frank Herbert"
        #expect(renderCounts(titleView, availabilityView, authorView) == [2, 2, 2])
        book.rating = 1
        #expect(renderCounts(titleView, availabilityView, authorView) == [2, 2, 2])
        cancelViews(titleView, availabilityView, authorView)
    }

    @Test func `a read outside any tracking context subscribes nothing`() {
        let book = Book()
        let view = ViewProbe("rating") { book.rating }
        _ = book.title
        book.title = "Dune"
        #expect(view.renders == 1)
        if case .unobserved = book.titleWrapper.storage {} else {
            Issue.record("an untracked read moved title into a signal")
        }
        view.cancel()
    }

    @Test func `a word-sized property takes two words of its model, and a class reference one and a tag`() {
        // No per-instance equality rule: the payloads are the value or one reference.
        #expect(MemoryLayout<Tracked<Int>>.stride == 16)
        #expect(MemoryLayout<Tracked<Bool>>.stride == 16)
        #expect(MemoryLayout<Tracked<String>>.stride <= 24)
    }

    @Test func `a generic model's property compares by its value's type at run time`() {
        let numbers = GenericBox(1)
        let view = ViewProbe("number") { numbers.value }
        numbers.value = 1
        #expect(view.renders == 1)
        numbers.value = 2
        #expect(view.renders == 2)
        view.cancel()
    }

    @Test func `a read inside untracked in an effect is not a dependency`() {
        let book = Book()
        let view = ViewProbe("rating, title untracked") { "\(book.rating) \(untracked { book.title })" }
        book.title = "Dune"
        #expect(view.outputs == ["3 Sample Book Title"])
        book.rating = 4
        #expect(view.outputs == ["3 Sample Book Title", "4 Dune"])
        view.cancel()
    }

    // MARK: Equality

    @Test func `an Equatable value notifies only when == says it changed`() {
        let probe = EqualityProbe()
        let view = ViewProbe("count") { probe.count }
        probe.count = 0
        #expect(view.renders == 1)
        probe.count = 1
        #expect(view.outputs == [0, 1])
        probe.count = 1
        #expect(view.outputs == [0, 1])
        view.cancel()
    }

    @Test func `an Equatable class compares with ==, not identity`() {
        let probe = EqualityProbe()
        let view = ViewProbe("tag") { probe.tag.name }
        probe.tag = Tag("a")
        #expect(view.renders == 1)
        probe.tag = Tag("b")
        #expect(view.outputs == ["a", "b"])
        view.cancel()
    }

    @Test func `another class compares by identity`() {
        let probe = EqualityProbe()
        let original = probe.handle
        let view = ViewProbe("handle") { ObjectIdentifier(probe.handle) }
        probe.handle = probe.handle
        #expect(view.renders == 1)
        let other = Handle()
        probe.handle = other
        #expect(view.outputs == [ObjectIdentifier(original), ObjectIdentifier(other)])
        view.cancel()
    }

    @Test func `a value without equality notifies on every write`() {
        let probe = EqualityProbe()
        let view = ViewProbe("payload") { probe.payload.number }
        probe.payload = Payload(number: 0)
        #expect(view.outputs == [0, 0])
        probe.payload = probe.payload
        #expect(view.outputs == [0, 0, 0])
        view.cancel()
    }

    @Test func `a property initialized in an initializer keeps its type's equality`() {
        let author = Author(name: "Ursula")
        let view = ViewProbe("name") { author.name }
        author.name = "Ursula"
        #expect(view.renders == 1)
        author.name = "Le Guin"
        #expect(view.renders == 2)
        view.cancel()
    }

    // MARK: In-place mutation

    @Test func `appending to an observed tracked array notifies once and copies no storage`() {
        let library = Library(books: [])
        library.books.reserveCapacity(8)
        let view = ViewProbe("count") { library.books.count }
        let before = baseAddress(of: library.books)

        library.books.append(Book(title: "Dune"))

        #expect(baseAddress(of: library.books) == before)
        #expect(library.books.map(\.title) == ["Dune"])
        #expect(view.outputs == [0, 1])
        view.cancel()
    }

    @Test
    func `appending to a never-observed tracked array copies no storage`() {
        let library = Library(books: [])
        library.books.reserveCapacity(8)
        let before = baseAddress(of: library.books)

        library.books.append(Book(title: "Dune"))

        #expect(baseAddress(of: library.books) == before)
        #expect(library.books.map(\.title) == ["Dune"])
        if case .unobserved = library.booksWrapper.storage {} else {
            Issue.record("books was moved into a signal without a tracked read")
        }
    }

    @Test func `toggling an element's property in an observed array notifies once and copies no storage`() {
        let store = TodoStore()
        store.addItem(title: "Milk")
        store.addItem(title: "Bread")
        let view = ViewProbe("done") { store.items.filter(\.isCompleted).count }
        let before = baseAddress(of: store.items)

        store.items[1].isCompleted.toggle()

        #expect(baseAddress(of: store.items) == before)
        #expect(store.items.map(\.isCompleted) == [false, true])
        #expect(view.outputs == [0, 1])
        view.cancel()
    }

    @Test
    func `toggling an element's property in a never-observed array copies no storage`() {
        let store = TodoStore()
        store.addItem(title: "Milk")
        store.addItem(title: "Bread")
        let before = baseAddress(of: store.items)

        store.items[1].isCompleted.toggle()

        #expect(baseAddress(of: store.items) == before)
        #expect(store.items.map(\.isCompleted) == [false, true])
    }

    @Test func `an in-place mutation inside a batch notifies once and copies no storage`() {
        let store = TodoStore()
        store.addItem(title: "Milk")
        store.addItem(title: "Bread")
        let view = ViewProbe("done") { store.items.filter(\.isCompleted).count }
        let before = baseAddress(of: store.items)

        batch {
            store.items[0].isCompleted.toggle()
            store.items[1].isCompleted.toggle()
            store.searchText = "m"
        }

        #expect(baseAddress(of: store.items) == before)
        #expect(view.outputs == [0, 2])
        view.cancel()
    }

    @Test func `an in-place mutation from an effect body notifies once and copies no storage`() {
        let store = TodoStore()
        store.addItem(title: "Milk")
        store.addItem(title: "Bread")
        let trigger = Counter()
        let view = ViewProbe("done") { store.items.filter(\.isCompleted).count }
        let worker = Effect {
            guard trigger.count > 0 else { return }
            untracked {
                store.items[0].isCompleted = true
                store.items[1].isCompleted = true
            }
        }
        let before = baseAddress(of: store.items)

        trigger.count = 1

        #expect(baseAddress(of: store.items) == before)
        #expect(view.outputs == [0, 2])
        worker.cancel()
        view.cancel()
    }

    @Test func `an in-place mutation notifies even when it leaves an equal value`() {
        let store = TodoStore()
        store.addItem(title: "Milk")
        let view = ViewProbe("items") { store.items.count }
        store.items[0].title = "Milk"
        #expect(view.renders == 2)
        view.cancel()
    }

    @Test func `a plain var is not tracked`() {
        let book = Book()
        let view = ViewProbe("opened") { "\(book.lastOpened) \(book.title)" }
        book.lastOpened += 1
        book.lastOpened = 7
        #expect(view.outputs == ["0 Sample Book Title"])
        // A tracked write renders it again, and it reads the plain var's latest value.
        book.title = "Dune"
        #expect(view.outputs == ["0 Sample Book Title", "7 Dune"])
        view.cancel()
    }

    // MARK: Storage

    @Test func `a never-observed property allocates no signal`() {
        let book = Book()
        _ = book.title
        book.title = "Dune"
        book.title += " Messiah"
        let effect = Effect { _ = untracked { book.title } }
        #expect(book.title == "Dune Messiah")
        if case .unobserved = book.titleWrapper.storage {} else {
            Issue.record("title allocated a signal without a tracked read")
        }

        let reader = Effect { _ = book.title }
        if case .observed(let signal) = book.titleWrapper.storage {
            #expect(signal.peek() == "Dune Messiah")
        } else {
            Issue.record("a tracked read left title unobserved")
        }
        effect.cancel()
        reader.cancel()
    }

    // MARK: Equatable and Hashable

    @Test func `tracked wrappers compare and hash by their values`() {
        #expect(Tracked(wrappedValue: "Dune") == Tracked(wrappedValue: "Dune"))
        #expect(Tracked(wrappedValue: "Dune") != Tracked(wrappedValue: "Emma"))
        #expect(Tracked(wrappedValue: 3).hashValue == Tracked(wrappedValue: 3).hashValue)
        let set: Set = [Tracked(wrappedValue: 1), Tracked(wrappedValue: 1), Tracked(wrappedValue: 2)]
        #expect(set.count == 2)
    }

    @Test func `an observed wrapper compares and hashes by its current value`() {
        let book = Book()
        let view = ViewProbe("title") { book.title }
        book.title = "Dune"
        #expect(book.titleWrapper == Tracked(wrappedValue: "Dune"))
        #expect(book.titleWrapper.hashValue == Tracked(wrappedValue: "Dune").hashValue)
        #expect(book.titleWrapper != Tracked(wrappedValue: "Sample Book Title"))
        view.cancel()
    }
}

/// The address of an array's element storage: equal before and after a mutation means
/// the mutation copied nothing.
private func baseAddress<Element>(of array: [Element]) -> UnsafeRawPointer? {
    array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
}

/// A model generic over its value: which equality rule applies is known only at run time.
private final class GenericBox<Value> {
    @Tracked var value: Value
    init(_ value: Value) { self.value = value }
}
