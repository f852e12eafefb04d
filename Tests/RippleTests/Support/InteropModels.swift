import Observation
@testable import Ripple
import Synchronization

// Ripple models that Apple's Observation sees (`ObservableModel`), on the main actor
// as SwiftUI apps write them, and a counter that Observation's `@Sendable` callbacks
// can update.

@MainActor
final class ObservedAuthor: ObservableModel {
    let observationRegistrar = ObservationRegistrar()
    @Tracked var name: String

    init(name: String = "Sample Author") {
        self.name = name
    }
}

@MainActor
final class ObservedBook: ObservableModel, Identifiable {
    let observationRegistrar = ObservationRegistrar()
    let id: Int
    @Tracked var title: String
    @Tracked var author: ObservedAuthor
    @Tracked var isAvailable = true
    var lastOpened = 0
    var titleWrapper: Tracked<String> { _title }

    init(id: Int, title: String, author: ObservedAuthor = ObservedAuthor()) {
        self.id = id
        self.title = title
        self.author = author
    }
}

@MainActor
final class ObservedLibrary: ObservableModel {
    let observationRegistrar = ObservationRegistrar()
    @Tracked var books: [ObservedBook]
    @Tracked var name = "City Library"
    /// How many times `availableBooksCount` was computed.
    var countComputations = 0

    @Derived({ (library: ObservedLibrary) in
        library.countComputations += 1
        return library.books.filter(\.isAvailable).count
    })
    var availableBooksCount: Int

    @Derived({ (library: ObservedLibrary) in library.books.map(\.title) })
    var titles: [String]

    var _availableBooksCountOwner: ObservedDerivedOwner<Int>? {
        _availableBooksCount.owner as? ObservedDerivedOwner<Int>
    }

    init(count: Int = 3) {
        books = (0..<count).map { ObservedBook(id: $0, title: "Book \($0)") }
    }
}

struct TodoEntry: Equatable, Sendable {
    var title: String
    var isCompleted = false
}

@MainActor
final class ObservedTodoStore: ObservableModel {
    let observationRegistrar = ObservationRegistrar()
    @Tracked var items: [TodoEntry] = []
    @Derived({ (store: ObservedTodoStore) in store.items.filter(\.isCompleted).count })
    var completedCount: Int
}

/// The same library shape, without the conformance: Observation cannot see it.
final class UnobservedLibrary {
    @Tracked var books: [String] = ["Dune"]
    @Derived({ (library: UnobservedLibrary) in library.books.count })
    var count: Int
}

/// Counts calls from Observation's `@Sendable` callbacks.
final class CallCounter: Sendable {
    private let value = Mutex(0)

    var count: Int { value.withLock { $0 } }

    func increment() {
        value.withLock { $0 += 1 }
    }
}

// MARK: Apple's @Observable models that Ripple follows (trackObservable)

/// Settings kept by an `@Observable` model, as in an app that moves to Ripple one model
/// at a time.
// Safety: tests write it from another thread only while its graph's thread waits.
@Observable
final class TaxSettings: @unchecked Sendable {
    var taxRate = 0.2
    var currency = "EUR"
}

/// A Ripple model whose derived total follows the settings' tax rate.
final class TaxedCart {
    let settings: TaxSettings
    @Tracked var prices: [Double] = [10, 20]
    /// How many times `total` was computed.
    var totalComputations = 0

    @Derived({ (cart: TaxedCart) in
        cart.totalComputations += 1
        return cart.prices.reduce(0, +) * (1 + trackObservable { cart.settings.taxRate })
    })
    var total: Double

    init(settings: TaxSettings = TaxSettings()) {
        self.settings = settings
    }
}

/// Hands a main-actor value to one of Observation's `@Sendable` callbacks, which the
/// test knows runs on the main actor.
// Safety: `value` is only touched inside `MainActor.assumeIsolated`.
struct MainActorBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
