import Ripple

/// Family A's Ripple models, written the way a user writes them: stored properties
/// are `@Tracked`, derived ones `@Derived`. ObservationModels.swift declares the same
/// types with `@Observable`, so both sides of every case run the same model code.
enum RippleModels {
    /// A model with 10 tracked `Int` properties.
    final class Record {
        @Tracked var p0 = 0
        @Tracked var p1 = 1
        @Tracked var p2 = 2
        @Tracked var p3 = 3
        @Tracked var p4 = 4
        @Tracked var p5 = 5
        @Tracked var p6 = 6
        @Tracked var p7 = 7
        @Tracked var p8 = 8
        @Tracked var p9 = 9
        var sum: Int { p0 + p1 + p2 + p3 + p4 + p5 + p6 + p7 + p8 + p9 }
    }

    final class Author {
        @Tracked var name = "Sample Author"
    }

    final class Book {
        @Tracked var title: String
        @Tracked var author = Author()
        @Tracked var isAvailable: Bool
        init(title: String, isAvailable: Bool) {
            self.title = title
            self.isAvailable = isAvailable
        }
    }

    final class Library {
        @Tracked var books: [Book]
        @Derived({ (library: Library) in library.books.filter(\.isAvailable).count })
        var availableBooksCount: Int
        init(books: [Book]) { self.books = books }
    }

    final class TodoStore {
        @Tracked private(set) var items: [TodoItem]
        @Tracked var searchText = ""
        @Tracked var selectedPriority: TodoItem.Priority? = nil
        @Derived({ (store: TodoStore) in
            TodoItem.filter(store.items, searchText: store.searchText, priority: store.selectedPriority)
        })
        var filteredItems: [TodoItem]
        @Derived({ (store: TodoStore) in store.items.filter(\.isCompleted).count })
        var completedCount: Int
        var pendingCount: Int { items.count - completedCount }
        init(items: [TodoItem]) { self.items = items }
        func toggleItem(at index: Int) { items[index].isCompleted.toggle() }
        func insert(_ item: TodoItem, at index: Int) { items.insert(item, at: index) }
        func remove(at index: Int) { items.remove(at: index) }
    }

    final class ShoppingCart {
        @Tracked private(set) var items: [CartItem]
        @Tracked var couponCode = ""
        @Tracked var isLoading = false
        @Derived({ (cart: ShoppingCart) in CartItem.total(of: cart.items) })
        var totalPrice: Double
        @Derived({ (cart: ShoppingCart) in CartItem.discounted(cart.totalPrice, couponCode: cart.couponCode) })
        var discountedPrice: Double
        init(items: [CartItem]) { self.items = items }
        func setQuantity(_ quantity: Int, at index: Int) { items[index].quantity = quantity }
    }

    final class DashboardData {
        @Tracked var salesCount = 0
        @Tracked var revenue = 0.0
        @Tracked var newCustomers = 0
        @Tracked var serverStatus = "Online"
    }
}
