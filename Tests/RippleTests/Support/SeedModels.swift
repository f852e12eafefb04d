import Ripple

// The models of the seed scenarios, written with Ripple. Each derived property counts
// its runs in a plain (untracked) counter, so that tests can assert exact recomputes.

// MARK: BookReader: Library, Book, Author

final class Author {
    @Tracked var name = "Sample Author"

    init() {}

    convenience init(name: String) {
        self.init()
        self.name = name
    }
}

final class Book: Identifiable {
    @Tracked var title = "Sample Book Title"
    @Tracked var author = Author()
    @Tracked var isAvailable = true
    @Tracked var rating = 3
    /// A plain property: not tracked, like `@ObservationIgnored`.
    var lastOpened = 0

    init() {}

    convenience init(title: String, author: Author = Author(), isAvailable: Bool = true) {
        self.init()
        self.title = title
        self.author = author
        self.isAvailable = isAvailable
    }
}

final class Library {
    @Tracked var books: [Book] = [Book(), Book(), Book()]

    var availableCountRuns = 0
    var navigationTitleRuns = 0
    var authorNamesRuns = 0
    var firstAvailableRuns = 0

    @Derived({ (library: Library) in
        library.availableCountRuns += 1
        return library.books.filter(\.isAvailable).count
    })
    var availableBooksCount: Int

    /// Reads only another derived property.
    @Derived({ (library: Library) in
        library.navigationTitleRuns += 1
        return "Books available: \(library.availableBooksCount)"
    })
    var navigationTitle: String

    /// Reads through nested models: `book.author.name`.
    @Derived({ (library: Library) in
        library.authorNamesRuns += 1
        return library.books.map(\.author.name)
    })
    var authorNames: [String]

    /// Shown when no book is available.
    let noBook = Book(title: "No book available", isAvailable: false)

    /// An object-valued derived property: compared by identity.
    @Derived({ (library: Library) in
        library.firstAvailableRuns += 1
        return library.books.first(where: \.isAvailable) ?? library.noBook
    })
    var firstAvailable: Book

    init() {}

    init(books: [Book]) {
        self.books = books
    }
}

extension Book {
    /// The wrappers behind the properties, for tests that inspect their storage.
    var titleWrapper: Tracked<String> { _title }
}

extension Library {
    var booksWrapper: Tracked<[Book]> { _books }
}

// MARK: TodoStore

struct TodoItem: Identifiable, Equatable {
    enum Priority: String, CaseIterable {
        case low, medium, high
    }

    let id: Int
    var title: String
    var isCompleted = false
    var priority: Priority = .medium
}

final class TodoStore {
    @Tracked var items: [TodoItem] = []
    @Tracked var searchText = ""
    @Tracked var selectedPriority: TodoItem.Priority? = nil

    var filteredRuns = 0
    var completedRuns = 0
    var pendingRuns = 0
    private var nextID = 1

    @Derived({ (store: TodoStore) in
        store.filteredRuns += 1
        let search = store.searchText.lowercased()
        let priority = store.selectedPriority
        return store.items.filter { item in
            let matchesSearch = search.isEmpty || item.title.lowercased().contains(search)
            let matchesPriority = priority == nil || item.priority == priority
            return matchesSearch && matchesPriority
        }
    })
    var filteredItems: [TodoItem]

    @Derived({ (store: TodoStore) in
        store.completedRuns += 1
        return store.items.filter(\.isCompleted).count
    })
    var completedCount: Int

    @Derived({ (store: TodoStore) in
        store.pendingRuns += 1
        return store.items.count - store.completedCount
    })
    var pendingCount: Int

    func addItem(title: String, priority: TodoItem.Priority = .medium) {
        items.append(TodoItem(id: nextID, title: title, priority: priority))
        nextID += 1
    }

    func toggleItem(_ item: TodoItem) {
        if let index = items.firstIndex(where: { $0.id == item.id }) {
            items[index].isCompleted.toggle()
        }
    }

    func deleteItem(_ item: TodoItem) {
        items.removeAll { $0.id == item.id }
    }
}

// MARK: ShoppingCart

struct CartItem: Identifiable, Equatable {
    let id: Int
    var name: String
    var price: Double
    var quantity: Int
}

final class ShoppingCart {
    /// The one promo code that takes 20% off.
    static let discountCode = "SAVE20"

    @Tracked var items: [CartItem] = []
    @Tracked var promoCode = ""
    @Tracked var isLoading = false

    var totalRuns = 0
    var discountedRuns = 0

    @Derived({ (cart: ShoppingCart) in
        cart.totalRuns += 1
        return cart.items.reduce(0) { $0 + $1.price * Double($1.quantity) }
    })
    var totalPrice: Double

    @Derived({ (cart: ShoppingCart) in
        cart.discountedRuns += 1
        return cart.promoCode == ShoppingCart.discountCode ? cart.totalPrice * 0.8 : cart.totalPrice
    })
    var discountedPrice: Double
}

// MARK: Dashboard

final class AppState {
    @Tracked var userName = "Ivan"
    @Tracked var notificationCount = 0
    @Tracked var theme = "light"
    @Tracked var isLoading = false
}

// MARK: Sensor

final class SensorData {
    @Tracked var temperature = 20.0
    @Tracked var humidity = 50.0
}
