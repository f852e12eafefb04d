import Foundation
import Observation
import Ripple
import Testing

/// The models of Docs/Migrating.md, as the guide shows them (each block appears in this
/// file verbatim, which the test checks), and what the guide says of them.
enum MigrationGuide {
    enum Before {
        struct Book { var isAvailable = true }

        @Observable final class Library {
            var books: [Book] = []
            var availableBooksCount: Int { books.filter(\.isAvailable).count }
        }
    }

    @MainActor
    final class Library: ObservableModel {
        let observationRegistrar = ObservationRegistrar()
        @Tracked var books: [Book] = []

        @Derived({ (library: Library) in library.books.filter(\.isAvailable).count })
        var availableBooksCount: Int
    }

    @MainActor
    final class Book: ObservableModel, Identifiable {
        let observationRegistrar = ObservationRegistrar()
        @Tracked var title = "Sample Book Title"
        @Tracked var isAvailable = true
    }

    struct TodoItem {
        var title: String
        var isCompleted = false
    }

    @MainActor
    final class TodoStore: ObservableModel {
        let observationRegistrar = ObservationRegistrar()
        @Tracked var items: [TodoItem] = []
        @Tracked var searchText = ""

        @Derived({ (store: TodoStore) in
            store.searchText.isEmpty
                ? store.items
                : store.items.filter { $0.title.lowercased().contains(store.searchText.lowercased()) }
        })
        var filteredItems: [TodoItem]

        @Derived({ (store: TodoStore) in store.items.filter(\.isCompleted).count })
        var completedCount: Int
    }

    struct CartItem {
        var price: Double
        var quantity: Int
    }

    @MainActor
    final class Cart: ObservableModel {
        let observationRegistrar = ObservationRegistrar()
        @Tracked var items: [CartItem] = []
        @Tracked var promoCode = ""

        @Derived({ (cart: Cart) in cart.items.reduce(0) { $0 + $1.price * Double($1.quantity) } })
        var totalPrice: Double

        @Derived({ (cart: Cart) in cart.promoCode == "SAVE20" ? cart.totalPrice * 0.8 : cart.totalPrice })
        var discountedPrice: Double
    }

    enum Mixing {
        @Observable final class Settings { var taxRate = 0.2 }   // not converted yet

        final class Cart {
            let settings: Settings
            @Tracked var prices: [Double] = []

            @Derived({ (cart: Cart) in
                cart.prices.reduce(0, +) * (1 + trackObservable { cart.settings.taxRate })
            })
            var total: Double

            init(settings: Settings) { self.settings = settings }
        }
    }
}

@MainActor
@Suite struct MigrationGuideTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func `every Swift block of the guide but the SwiftUI views is compiled here`() throws {
        let guide = try String(contentsOf: Self.packageRoot.appendingPathComponent("Docs/Migrating.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let compiled = Set(source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        let blocks = guide.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(blocks.count == 6)
        for block in blocks where !block.contains("import SwiftUI") {
            let lines = block.split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
            let missing = lines.filter { !compiled.contains($0) }
            #expect(missing.isEmpty, "lines of the guide not compiled here: \(missing)")
        }
    }

    @Test func `the README's model and trackObservable blocks are compiled here`() throws {
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let compiled = Set(source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        let blocks = readme.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
            .filter { ($0.contains("ObservableModel") || $0.contains("trackObservable")) && !$0.contains("import SwiftUI") }
        #expect(blocks.count == 2)
        for block in blocks {
            let lines = block.split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
            let missing = lines.filter { !compiled.contains($0) }
            #expect(missing.isEmpty, "lines of the README not compiled here: \(missing)")
        }
    }

    @Test func `the library's count invalidates a view only when it changes`() {
        let library = MigrationGuide.Library()
        library.books = [MigrationGuide.Book(), MigrationGuide.Book()]
        let changed = CallCounter()
        _ = withObservationTracking { library.availableBooksCount } onChange: { changed.increment() }
        library.books[0].title = "Dune"
        #expect(changed.count == 0)
        library.books[0].isAvailable = false
        #expect(changed.count == 1)
    }

    @Test func `the todo store's count and the cart's discount behave as the guide says`() {
        let store = MigrationGuide.TodoStore()
        store.items = [.init(title: "Milk"), .init(title: "Bread")]
        let completed = CallCounter()
        _ = withObservationTracking { store.completedCount } onChange: { completed.increment() }
        store.searchText = "mi"
        #expect(store.filteredItems.map(\.title) == ["Milk"])
        #expect(completed.count == 0)
        store.items[1].isCompleted.toggle()
        #expect(completed.count == 1)

        let cart = MigrationGuide.Cart()
        cart.items = [.init(price: 10, quantity: 2)]
        let total = CallCounter()
        _ = withObservationTracking { cart.discountedPrice } onChange: { total.increment() }
        cart.promoCode = "SAVE"
        #expect(total.count == 0)
        cart.promoCode = "SAVE20"
        #expect(total.count == 1)
        #expect(cart.discountedPrice == 16)
    }

    @Test func `a Ripple model follows a model that is still @Observable`() {
        let cart = MigrationGuide.Mixing.Cart(settings: .init())
        cart.prices = [10, 20]
        #expect(cart.total == 36)
        cart.settings.taxRate = 0.5
        #expect(cart.total == 45)
    }
}
