import Observation

/// Family A's models for Apple's Observation, as the seed articles write them:
/// `@Observable` classes; computed properties recompute on every read.
///
/// Observation's `onChange` closures must be `@Sendable`, and these classes are
/// captured by them. Safety: every family A case creates, reads, writes and observes
/// its models on the main thread only, and Observation calls `onChange`
/// synchronously on the writing thread, so no model is ever shared across threads.
enum ObservationModels {
    /// A model with 10 tracked `Int` properties.
    @Observable final class Record: @unchecked Sendable {
        var p0 = 0
        var p1 = 1
        var p2 = 2
        var p3 = 3
        var p4 = 4
        var p5 = 5
        var p6 = 6
        var p7 = 7
        var p8 = 8
        var p9 = 9

        /// Reads all ten properties.
        var sum: Int { p0 + p1 + p2 + p3 + p4 + p5 + p6 + p7 + p8 + p9 }
    }

    @Observable final class Author: @unchecked Sendable {
        var name = "Sample Author"
    }

    @Observable final class Book: @unchecked Sendable {
        var title: String
        var author = Author()
        var isAvailable: Bool

        init(title: String, isAvailable: Bool) {
            self.title = title
            self.isAvailable = isAvailable
        }
    }

    @Observable final class Library: @unchecked Sendable {
        var books: [Book]

        init(books: [Book]) {
            self.books = books
        }

        var availableBooksCount: Int { books.filter(\.isAvailable).count }
    }

    @Observable final class TodoStore: @unchecked Sendable {
        private(set) var items: [TodoItem]
        var searchText = ""
        var selectedPriority: TodoItem.Priority?

        init(items: [TodoItem]) {
            self.items = items
        }

        var filteredItems: [TodoItem] {
            TodoItem.filter(items, searchText: searchText, priority: selectedPriority)
        }
        var completedCount: Int { items.filter(\.isCompleted).count }
        var pendingCount: Int { items.count - completedCount }

        func toggleItem(at index: Int) {
            items[index].isCompleted.toggle()
        }

        func insert(_ item: TodoItem, at index: Int) {
            items.insert(item, at: index)
        }

        func remove(at index: Int) {
            items.remove(at: index)
        }
    }

    @Observable final class ShoppingCart: @unchecked Sendable {
        private(set) var items: [CartItem]
        var couponCode = ""
        var isLoading = false

        init(items: [CartItem]) {
            self.items = items
        }

        var totalPrice: Double { CartItem.total(of: items) }
        var discountedPrice: Double { CartItem.discounted(totalPrice, couponCode: couponCode) }

        func setQuantity(_ quantity: Int, at index: Int) {
            items[index].quantity = quantity
        }
    }

    @Observable final class DashboardData: @unchecked Sendable {
        var salesCount = 0
        var revenue = 0.0
        var newCustomers = 0
        var serverStatus = "Online"
    }
}
