@testable import Ripple

// The models of the documented tracing examples (`Debug/`), at file scope as the
// examples declare them. One namespace per example: a model type that is not
// `Identifiable` is named with an ordinal after its first instance.

enum TraceExample {
    final class Book: Identifiable {
        let id: Int
        @Tracked var isAvailable = true
        init(id: Int) { self.id = id }
    }
    final class Library {
        @Tracked var books = [Book(id: 1), Book(id: 2)]
        @Derived({ (library: Library) in library.books.filter(\.isAvailable).count })
        var availableBooksCount: Int
    }
}

enum TraceModelExample {
    final class Counter { @Tracked var value = 0 }
}

enum GraphNodesExample {
    final class Counter { @Tracked var value = 0 }
}

enum GraphDotExample {
    final class Counter { @Tracked var value = 0 }
}

enum GraphExample {
    final class Cart {
        @Tracked var prices = [3, 4]
        @Derived({ (cart: Cart) in cart.prices.reduce(0, +) })
        var total: Int
    }
}

enum BeginNamingExample {
    final class Counter { @Tracked var value = 0 }
}
