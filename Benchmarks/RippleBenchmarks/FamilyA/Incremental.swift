import Observation
import Ripple

// Family A's incremental cases: the articles' derived values over long lists, with
// Ripple's incremental list operators against `@Observable` computed properties (the
// Observation side is the articles' code, unchanged), and, where the targets ask,
// against Ripple's plain `@Derived` over an array. This file holds the models and the
// library case; Incremental+Todos, +Carts and +Memory hold the others.

/// The articles' models with the list as an `IncrementalArray` and the derived values
/// as list operators.
enum IncrementalModels {
    final class TodoStore {
        @Tracked private(set) var items: IncrementalArray<TodoItem>
        @Tracked var searchText = ""
        @Tracked var selectedPriority: TodoItem.Priority? = nil

        @Derived(\TodoStore.items, filter: { store in
            let searchText = store.searchText
            let priority = store.selectedPriority
            return { item in
                (searchText.isEmpty || contains(item.title, searchText)) && (priority == nil || item.priority == priority)
            }
        })
        var filteredItems: IncrementalArray<TodoItem>

        @Derived(\TodoStore.items, count: \.isCompleted)
        var completedCount: Int

        init(items: [TodoItem]) { self.items = IncrementalArray(items) }
        func toggleItem(at index: Int) { items[index].isCompleted.toggle() }
        func insert(_ item: TodoItem, at index: Int) { items.insert(item, at: index) }
        func remove(at index: Int) { items.remove(at: index) }
    }

    final class Book {
        @Tracked var isAvailable: Bool
        init(isAvailable: Bool) { self.isAvailable = isAvailable }
    }

    final class Library {
        @Tracked var books: IncrementalArray<Book>
        @Derived(\Library.books, count: \.isAvailable)
        var availableBooksCount: Int
        init(books: [Book]) { self.books = IncrementalArray(books) }
    }

    final class ShoppingCart {
        @Tracked private(set) var items: IncrementalArray<CartItem>
        @Derived(\ShoppingCart.items, sum: { $0.price * Double($0.quantity) })
        var totalPrice: Double
        init(items: [CartItem]) { self.items = IncrementalArray(items) }
        func setQuantity(_ quantity: Int, at index: Int) { items[index].quantity = quantity }
    }
}

/// What the incremental scripts need from a todo store.
protocol ListTodoStore: AnyObject {
    init(items: [TodoItem])
    var itemsArray: [TodoItem] { get }
    var searchText: String { get set }
    var filteredCount: Int { get }
    var completedCount: Int { get }
    func toggleItem(at index: Int)
    func insert(_ item: TodoItem, at index: Int)
    func remove(at index: Int)
}

extension IncrementalModels.TodoStore: ListTodoStore {
    var filteredCount: Int { filteredItems.count }
    var itemsArray: [TodoItem] { Array(items) }
}

extension OModels.TodoStore: ListTodoStore {
    var filteredCount: Int { filteredItems.count }
    var itemsArray: [TodoItem] { items }
}

extension RModels.TodoStore: ListTodoStore {
    var filteredCount: Int { filteredItems.count }
    var itemsArray: [TodoItem] { items }
}

// MARK: incrementalLibraryToggle

/// 10,000 class books: check one out or in, then read `availableBooksCount`.
@inline(__always)
private func libraryToggle<Book: AnyObject>(
    _ books: [Book], isAvailable: ReferenceWritableKeyPath<Book, Bool>, count: @escaping () -> Int, _ ops: Int
) -> UInt64 {
    var sum = 0
    let elapsed = measure {
        var total = 0
        for op in 0..<ops {
            let book = books[(op &* 7919) % books.count]
            book[keyPath: isAvailable].toggle()
            total &+= count()
        }
        sum = total
    }
    var available = (0..<books.count).map { $0 % 4 != 0 }
    var expected = available.reduce(0) { $0 + ($1 ? 1 : 0) }
    var expectedSum = 0
    for op in 0..<ops {
        let index = (op &* 7919) % books.count
        available[index].toggle()
        expected += available[index] ? 1 : -1
        expectedSum &+= expected
    }
    checkEqual(sum, expectedSum, "library toggle availableBooksCount, summed")
    return elapsed
}

private let libraryToggleSize = 10_000

@inline(never)
func bench_ripple_incrementalLibraryToggle(_ ops: Int) -> UInt64 {
    let books = (0..<libraryToggleSize).map { IncrementalModels.Book(isAvailable: $0 % 4 != 0) }
    let library = IncrementalModels.Library(books: books)
    _ = library.availableBooksCount
    return libraryToggle(books, isAvailable: \.isAvailable, count: { library.availableBooksCount }, ops)
}

@inline(never)
func bench_plain_incrementalLibraryToggle(_ ops: Int) -> UInt64 {
    let books = (0..<libraryToggleSize).map { RModels.Book(title: "book \($0)", isAvailable: $0 % 4 != 0) }
    let library = RModels.Library(books: books)
    _ = library.availableBooksCount
    return libraryToggle(books, isAvailable: \.isAvailable, count: { library.availableBooksCount }, ops)
}

@inline(never)
func bench_observation_incrementalLibraryToggle(_ ops: Int) -> UInt64 {
    let books = (0..<libraryToggleSize).map { OModels.Book(title: "book \($0)", isAvailable: $0 % 4 != 0) }
    let library = OModels.Library(books: books)
    return libraryToggle(books, isAvailable: \.isAvailable, count: { library.availableBooksCount }, ops)
}
