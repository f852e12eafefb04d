@testable import Ripple
import Synchronization

/// Collects the trace events of the observers a test names, from every graph in the
/// process: tests run in parallel, and each traces observers with names of its own.
final class TraceLog: Sendable {
    private let events = Mutex<[RippleTrace.Event]>([])
    private let observers: Set<String>
    private let subscription = Mutex<RippleTrace.Subscription?>(nil)

    init(_ observers: String...) {
        self.observers = Set(observers)
        let subscription = RippleTrace.events { [weak self] event in self?.record(event) }
        self.subscription.withLock { $0 = subscription }
    }

    private func record(_ event: RippleTrace.Event) {
        guard observers.contains(event.observer) else { return }
        events.withLock { $0.append(event) }
    }

    var all: [RippleTrace.Event] { events.withLock { $0 } }

    /// The events so far as text, then forgets them.
    func take() -> [String] {
        events.withLock { events in
            defer { events = [] }
            return events.map(\.description)
        }
    }
}

// Models whose names the traces show.

final class TracedBook: Identifiable {
    let id: Int
    @Tracked var title: String
    @Tracked var isAvailable = true

    init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

final class TracedLibrary {
    @Tracked var books: [TracedBook] = [TracedBook(id: 1, title: "Dune"), TracedBook(id: 2, title: "Kindred")]

    @Derived({ (library: TracedLibrary) in library.books.filter(\.isAvailable).count })
    var availableBooksCount: Int

    @Derived({ (library: TracedLibrary) in library.availableBooksCount == 0 ? "none left" : "\(library.availableBooksCount) left" })
    var summary: String
}

final class TracedShelf {
    @Tracked var count = 0
}
