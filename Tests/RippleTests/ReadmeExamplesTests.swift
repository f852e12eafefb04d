import Testing
@testable import Ripple

/// The README's code, run as written (`print` captured), so its first screen cannot rot.
@Suite struct ReadmeExamplesTests {
    final class Cart {
        @Tracked var prices: [Double] = [12, 30]
        @Derived({ (cart: Cart) in cart.prices.reduce(0, +) })
        var total: Double
    }

    @Test func `first screen: the cart total follows its prices`() {
        var output: [String] = []
        func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

        let cart = Cart()
        let label = Effect { print("Total:", cart.total) }   // Total: 42.0
        cart.prices.append(8)                                // Total: 50.0
        cart.prices[0] = 12                                  // total unchanged: no output

        #expect(output == ["Total: 42.0", "Total: 50.0"])
        label.cancel()
    }

    final class Book {
        @Tracked var title = "Sample Book Title"
        @Tracked var isAvailable = true
        var lastOpened = 0
    }

    final class Library {
        @Tracked var books: [Book] = [Book(), Book(), Book()]

        @Derived({ (library: Library) in library.books.filter(\.isAvailable).count })
        var availableBooksCount: Int
    }

    @Test @MainActor func `the tour`() async {
        var output: [String] = []
        func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

        let count = Signal(0)
        let doubled = Computed { count.value * 2 }
        let effect = Effect { print("doubled:", doubled.value) }  // prints "doubled: 0" now
        count.value = 1                                           // prints "doubled: 2"
        batch { count.value = 2; count.value = 3 }                // prints "doubled: 6", once
        effect.cancel()
        #expect(output == ["doubled: 0", "doubled: 2", "doubled: 6"])

        let library = Library()
        @Bindable var book = library.books[0]
        let title: Binding<String> = $book.title
        title.wrappedValue = "Dune"             // writes book.title, notifies readers of title
        #expect(library.books[0].title == "Dune")

        output = []
        withEnvironment(library) {
            @Environment(Library.self) var shared
            print(shared.availableBooksCount)   // 3
        }
        #expect(output == ["3"])

        output = []
        let shown = Task { @MainActor in
            for await available in observe({ library.availableBooksCount }) {
                print("available:", available)
            }
        }
        var spins = 0
        while output.isEmpty, spins < 1_000 { await Task.yield(); spins += 1 }
        library.books[1].isAvailable = false
        spins = 0
        while output.count < 2, spins < 1_000 { await Task.yield(); spins += 1 }
        shown.cancel()
        await shown.value
        #expect(output == ["available: 3", "available: 2"])
    }
}
