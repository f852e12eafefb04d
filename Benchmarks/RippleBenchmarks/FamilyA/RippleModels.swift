import Ripple

/// Family A's Ripple models, written with the graph API: a stored property is a
/// `Signal`, a derived property a `Computed`.
///
/// Every Ripple-side case reaches state only through these types' properties and
/// methods, so that switching them to `@Tracked` / `@Derived` is an edit of this file
/// alone. ObservationModels.swift declares the same types with `@Observable`.
enum RippleModels {
    /// A model with 10 tracked `Int` properties.
    final class Record {
        private let _p0 = Signal(0), _p1 = Signal(1), _p2 = Signal(2), _p3 = Signal(3), _p4 = Signal(4)
        private let _p5 = Signal(5), _p6 = Signal(6), _p7 = Signal(7), _p8 = Signal(8), _p9 = Signal(9)

        var p0: Int { get { _p0.value } set { _p0.value = newValue } }
        var p1: Int { get { _p1.value } set { _p1.value = newValue } }
        var p2: Int { get { _p2.value } set { _p2.value = newValue } }
        var p3: Int { get { _p3.value } set { _p3.value = newValue } }
        var p4: Int { get { _p4.value } set { _p4.value = newValue } }
        var p5: Int { get { _p5.value } set { _p5.value = newValue } }
        var p6: Int { get { _p6.value } set { _p6.value = newValue } }
        var p7: Int { get { _p7.value } set { _p7.value = newValue } }
        var p8: Int { get { _p8.value } set { _p8.value = newValue } }
        var p9: Int { get { _p9.value } set { _p9.value = newValue } }

        /// Reads all ten properties.
        var sum: Int { p0 + p1 + p2 + p3 + p4 + p5 + p6 + p7 + p8 + p9 }
    }

    final class Author {
        private let _name = Signal("Sample Author")
        var name: String { get { _name.value } set { _name.value = newValue } }
    }

    final class Book {
        private let _title: Signal<String>
        private let _author = Signal(Author())
        private let _isAvailable: Signal<Bool>

        init(title: String, isAvailable: Bool) {
            _title = Signal(title)
            _isAvailable = Signal(isAvailable)
        }

        var title: String { get { _title.value } set { _title.value = newValue } }
        var author: Author { get { _author.value } set { _author.value = newValue } }
        var isAvailable: Bool { get { _isAvailable.value } set { _isAvailable.value = newValue } }
    }

    final class Library {
        private let _books: Signal<[Book]>
        private let _availableBooksCount: Computed<Int>

        init(books: [Book]) {
            let books = Signal(books)
            _books = books
            _availableBooksCount = Computed { books.value.filter(\.isAvailable).count }
        }

        var books: [Book] { get { _books.value } set { _books.value = newValue } }
        var availableBooksCount: Int { _availableBooksCount.value }
    }

    final class TodoStore {
        private let _items: Signal<[TodoItem]>
        private let _searchText = Signal("")
        private let _selectedPriority = Signal<TodoItem.Priority?>(nil)
        private let _filteredItems: Computed<[TodoItem]>
        private let _completedCount: Computed<Int>

        init(items: [TodoItem]) {
            let items = Signal(items), searchText = _searchText, selectedPriority = _selectedPriority
            _items = items
            _filteredItems = Computed {
                TodoItem.filter(items.value, searchText: searchText.value, priority: selectedPriority.value)
            }
            _completedCount = Computed { items.value.filter(\.isCompleted).count }
        }

        var items: [TodoItem] { _items.value }
        var searchText: String { get { _searchText.value } set { _searchText.value = newValue } }
        var selectedPriority: TodoItem.Priority? {
            get { _selectedPriority.value }
            set { _selectedPriority.value = newValue }
        }
        var filteredItems: [TodoItem] { _filteredItems.value }
        var completedCount: Int { _completedCount.value }
        var pendingCount: Int { items.count - completedCount }

        /// Toggles one item in place (no copy of the array).
        func toggleItem(at index: Int) {
            _items.update { $0[index].isCompleted.toggle() }
        }
    }

    final class ShoppingCart {
        private let _items: Signal<[CartItem]>
        private let _couponCode = Signal("")
        private let _isLoading = Signal(false)
        private let _totalPrice: Computed<Double>
        private let _discountedPrice: Computed<Double>

        init(items: [CartItem]) {
            let items = Signal(items), couponCode = _couponCode
            _items = items
            let totalPrice = Computed { CartItem.total(of: items.value) }
            _totalPrice = totalPrice
            _discountedPrice = Computed { CartItem.discounted(totalPrice.value, couponCode: couponCode.value) }
        }

        var items: [CartItem] { _items.value }
        var couponCode: String { get { _couponCode.value } set { _couponCode.value = newValue } }
        var isLoading: Bool { get { _isLoading.value } set { _isLoading.value = newValue } }
        var totalPrice: Double { _totalPrice.value }
        var discountedPrice: Double { _discountedPrice.value }

        /// Changes one line's quantity in place (no copy of the array).
        func setQuantity(_ quantity: Int, at index: Int) {
            _items.update { $0[index].quantity = quantity }
        }
    }

    final class DashboardData {
        private let _salesCount = Signal(0)
        private let _revenue = Signal(0.0)
        private let _newCustomers = Signal(0)
        private let _serverStatus = Signal("Online")

        var salesCount: Int { get { _salesCount.value } set { _salesCount.value = newValue } }
        var revenue: Double { get { _revenue.value } set { _revenue.value = newValue } }
        var newCustomers: Int { get { _newCustomers.value } set { _newCustomers.value = newValue } }
        var serverStatus: String { get { _serverStatus.value } set { _serverStatus.value = newValue } }
    }
}
