import Observation
import Ripple

// Family A's incremental cases: the articles' derived values over long lists, with
// Ripple's incremental list operators against `@Observable` computed properties (the
// Observation side is the articles' code, unchanged), and, where the targets ask,
// against Ripple's plain `@Derived` over an array.

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

// MARK: incrementalTodoToggle

/// `store.items[i].isCompleted.toggle()` on 10,000 struct todos, then a read of
/// `filteredItems.count` and `completedCount`.
@inline(__always)
private func incrementalTodoToggle<Store: ListTodoStore>(_: Store.Type, count: Int, _ ops: Int) -> UInt64 {
    let search = "milk"
    let store = Store(items: TodoItem.sample(count: count))
    store.searchText = search
    var filteredSum = 0, completedSum = 0
    // The first pass of each derived value happens here, not in the timed region.
    _ = (store.filteredCount, store.completedCount)
    let elapsed = measure(with: store) { store in
        var filtered = 0, completed = 0
        for op in 0..<ops {
            store.toggleItem(at: (op &* 7919) % count)
            filtered &+= store.filteredCount
            completed &+= store.completedCount
        }
        filteredSum = filtered
        completedSum = completed
    }
    let sample = TodoItem.sample(count: count)
    let matching = TodoItem.filter(sample, searchText: search, priority: nil).count
    var isCompleted = sample.map(\.isCompleted)
    var completed = isCompleted.reduce(0) { $0 + ($1 ? 1 : 0) }
    var expectedCompletedSum = 0
    for op in 0..<ops {
        let index = (op &* 7919) % count
        isCompleted[index].toggle()
        completed += isCompleted[index] ? 1 : -1
        expectedCompletedSum &+= completed
    }
    checkEqual(filteredSum, matching &* ops, "incremental todo toggle filteredItems.count, summed")
    checkEqual(completedSum, expectedCompletedSum, "incremental todo toggle completedCount, summed")
    return elapsed
}

@inline(never)
func bench_ripple_incrementalTodoToggle(_ ops: Int) -> UInt64 {
    incrementalTodoToggle(IncrementalModels.TodoStore.self, count: 10_000, ops)
}

@inline(never)
func bench_observation_incrementalTodoToggle(_ ops: Int) -> UInt64 {
    incrementalTodoToggle(OModels.TodoStore.self, count: 10_000, ops)
}

/// The scale table's rows: the same toggle and read at larger sizes, Ripple's side.
func incrementalTodoToggleNanoseconds(count: Int, _ mode: RunMode) -> Double {
    let ops = mode.pick(full: 200_000, quick: 20_000)
    var fastest = UInt64.max
    for _ in 0..<mode.pick(full: 5, quick: 3) {
        fastest = min(fastest, incrementalTodoToggle(IncrementalModels.TodoStore.self, count: count, ops))
    }
    return Double(fastest) / Double(ops)
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

// MARK: incrementalCartQuantity

/// What the cart script needs.
protocol ListCart: AnyObject {
    init(items: [CartItem])
    var totalPrice: Double { get }
    func setQuantity(_ quantity: Int, at index: Int)
}

extension IncrementalModels.ShoppingCart: ListCart {}
extension OModels.ShoppingCart: ListCart {}

/// 1,000 cart lines: change one quantity, then read `totalPrice`.
@inline(__always)
private func incrementalCartQuantity<Cart: ListCart>(_: Cart.Type, _ ops: Int) -> UInt64 {
    let count = 1_000
    let cart = Cart(items: CartItem.sample(count: count))
    _ = cart.totalPrice
    var last = 0.0
    let elapsed = measure(with: cart) { cart in
        var total = 0.0
        for op in 0..<ops {
            cart.setQuantity(1 + op % 7, at: (op &* 7919) % count)
            total = cart.totalPrice
        }
        last = total
    }
    var items = CartItem.sample(count: count)
    for op in max(0, ops - count * 2)..<ops { items[(op &* 7919) % count].quantity = 1 + op % 7 }
    if ops >= count * 2 {
        check(abs(last - CartItem.total(of: items)) < 1e-6, "cart totalPrice after the script: \(last)")
    }
    return elapsed
}

@inline(never)
func bench_ripple_incrementalCartQuantity(_ ops: Int) -> UInt64 {
    incrementalCartQuantity(IncrementalModels.ShoppingCart.self, ops)
}

@inline(never)
func bench_observation_incrementalCartQuantity(_ ops: Int) -> UInt64 {
    incrementalCartQuantity(OModels.ShoppingCart.self, ops)
}

// MARK: incrementalCartQuantityModels

/// Cart lines as models, as the ShoppingCart example has them: a price and a tracked
/// quantity.
enum CartLineModels {
    final class RippleLine {
        let price: Double
        @Tracked var quantity: Int
        init(price: Double, quantity: Int) { self.price = price; self.quantity = quantity }
    }

    final class RippleCart {
        @Tracked var lines: IncrementalArray<RippleLine>
        @Derived(\RippleCart.lines, sum: { $0.price * Double($0.quantity) })
        var totalPrice: Double
        init(lines: [RippleLine]) { self.lines = IncrementalArray(lines) }
    }

    @Observable final class ObservedLine: @unchecked Sendable {
        let price: Double
        var quantity: Int
        init(price: Double, quantity: Int) { self.price = price; self.quantity = quantity }
    }

    @Observable final class ObservedCart: @unchecked Sendable {
        var lines: [ObservedLine]
        init(lines: [ObservedLine]) { self.lines = lines }
        var totalPrice: Double { lines.reduce(0) { $0 + $1.price * Double($1.quantity) } }
    }
}

/// 1,000 cart lines that are models: change one line's quantity, then read `totalPrice`.
@inline(__always)
private func cartLineQuantity<Line: AnyObject>(
    _ lines: [Line], quantity: ReferenceWritableKeyPath<Line, Int>, total: () -> Double, _ ops: Int
) -> UInt64 {
    var last = 0.0
    let elapsed = measure {
        var sum = 0.0
        for op in 0..<ops {
            lines[(op &* 7919) % lines.count][keyPath: quantity] = 1 + op % 7
            sum = total()
        }
        last = sum
    }
    var quantities = (0..<lines.count).map { 1 + $0 % 3 }
    for op in 0..<ops { quantities[(op &* 7919) % lines.count] = 1 + op % 7 }
    let expected = zip(CartItem.sample(count: lines.count), quantities).reduce(0.0) { $0 + $1.0.price * Double($1.1) }
    check(ops == 0 || abs(last - expected) < 1e-6, "cart of models totalPrice: \(last), expected \(expected)")
    return elapsed
}

@inline(never)
func bench_ripple_incrementalCartQuantityModels(_ ops: Int) -> UInt64 {
    let lines = CartItem.sample(count: 1_000).map { CartLineModels.RippleLine(price: $0.price, quantity: $0.quantity) }
    let cart = CartLineModels.RippleCart(lines: lines)
    _ = cart.totalPrice
    return cartLineQuantity(lines, quantity: \.quantity, total: { cart.totalPrice }, ops)
}

@inline(never)
func bench_observation_incrementalCartQuantityModels(_ ops: Int) -> UInt64 {
    let lines = CartItem.sample(count: 1_000).map { CartLineModels.ObservedLine(price: $0.price, quantity: $0.quantity) }
    let cart = CartLineModels.ObservedCart(lines: lines)
    return cartLineQuantity(lines, quantity: \.quantity, total: { cart.totalPrice }, ops)
}

// MARK: incrementalTodoSearch

private let searchKeystrokes = ["t", "ta", "tas", "task", "task ", "task 1", "task 12", "m", "mi", "mil", "milk", ""]

/// 10,000 todos: one keystroke into the search text, then a read of `filteredItems`.
@inline(__always)
private func incrementalTodoSearch<Store: ListTodoStore>(_: Store.Type, _ ops: Int) -> UInt64 {
    let store = Store(items: TodoItem.sample(count: 10_000))
    _ = (store.filteredCount, store.completedCount)
    var sum = 0
    let elapsed = measure(with: store) { store in
        var total = 0
        for op in 0..<ops {
            store.searchText = searchKeystrokes[op % searchKeystrokes.count]
            total &+= store.filteredCount
        }
        sum = total
    }
    let sample = TodoItem.sample(count: 10_000)
    let expected = (0..<ops).reduce(0) { total, op in
        total &+ TodoItem.filter(sample, searchText: searchKeystrokes[op % searchKeystrokes.count], priority: nil).count
    }
    checkEqual(sum, expected, "todo search filteredItems.count, summed")
    return elapsed
}

@inline(never)
func bench_ripple_incrementalTodoSearch(_ ops: Int) -> UInt64 {
    incrementalTodoSearch(IncrementalModels.TodoStore.self, ops)
}

@inline(never)
func bench_plain_incrementalTodoSearch(_ ops: Int) -> UInt64 {
    incrementalTodoSearch(RModels.TodoStore.self, ops)
}

@inline(never)
func bench_observation_incrementalTodoSearch(_ ops: Int) -> UInt64 {
    incrementalTodoSearch(OModels.TodoStore.self, ops)
}

// MARK: incrementalTodoInsertRemove

/// 10,000 todos: insert one in the middle, remove another, then read
/// `filteredItems.count` and `completedCount`.
@inline(__always)
private func incrementalTodoInsertRemove<Store: ListTodoStore>(_: Store.Type, _ ops: Int) -> UInt64 {
    let count = 10_000
    let store = Store(items: TodoItem.sample(count: count))
    store.searchText = "milk"
    _ = (store.filteredCount, store.completedCount)
    let extra = TodoItem.sample(count: 64).map { item in
        TodoItem(id: count + item.id, title: item.title, isCompleted: item.isCompleted, priority: item.priority)
    }
    var sum = 0
    let elapsed = measure(with: store) { store in
        var total = 0
        for op in 0..<ops {
            store.insert(extra[op % extra.count], at: count / 2)
            store.remove(at: (op &* 7919) % count)
            total &+= store.filteredCount &+ store.completedCount
        }
        sum = total
    }
    // The derived values against a plain recomputation over the list they ended on.
    let items = store.itemsArray
    checkEqual(items.count, count, "todo insert/remove keeps the length")
    checkEqual(store.filteredCount, TodoItem.filter(items, searchText: "milk", priority: nil).count, "todo insert/remove filteredItems.count")
    checkEqual(store.completedCount, items.filter(\.isCompleted).count, "todo insert/remove completedCount")
    check(sum != 0 || ops == 0, "todo insert/remove read the counts")
    return elapsed
}

@inline(never)
func bench_ripple_incrementalTodoInsertRemove(_ ops: Int) -> UInt64 {
    incrementalTodoInsertRemove(IncrementalModels.TodoStore.self, ops)
}

@inline(never)
func bench_observation_incrementalTodoInsertRemove(_ ops: Int) -> UInt64 {
    incrementalTodoInsertRemove(OModels.TodoStore.self, ops)
}

// MARK: Memory: what each operator keeps per element of a list of values

/// One model per operator, each over the same list of struct todos.
enum IncrementalMemoryModels {
    final class Filter {
        @Tracked var items: IncrementalArray<TodoItem>
        @Derived(\Filter.items, filter: { _ in true }) var all: IncrementalArray<TodoItem>
        init(_ items: IncrementalArray<TodoItem>) { self.items = items }
        func read() { blackHole(all.count) }
    }

    final class FilterOneInFive {
        @Tracked var items: IncrementalArray<TodoItem>
        @Derived(\FilterOneInFive.items, filter: \.isCompleted) var completed: IncrementalArray<TodoItem>
        init(_ items: IncrementalArray<TodoItem>) { self.items = items }
        func read() { blackHole(completed.count) }
    }

    final class Count {
        @Tracked var items: IncrementalArray<TodoItem>
        @Derived(\Count.items, count: \.isCompleted) var completedCount: Int
        init(_ items: IncrementalArray<TodoItem>) { self.items = items }
        func read() { blackHole(completedCount) }
    }

    final class Sum {
        @Tracked var items: IncrementalArray<TodoItem>
        @Derived(\Sum.items, sum: { Double($0.id) }) var total: Double
        init(_ items: IncrementalArray<TodoItem>) { self.items = items }
        func read() { blackHole(total) }
    }

    final class Map {
        @Tracked var items: IncrementalArray<TodoItem>
        @Derived(\Map.items, map: \.id) var ids: IncrementalArray<Int>
        init(_ items: IncrementalArray<TodoItem>) { self.items = items }
        func read() { blackHole(ids.count) }
    }

    final class Sorted {
        @Tracked var items: IncrementalArray<TodoItem>
        @Derived(\Sorted.items, sortedBy: { $0.id % 100 }) var sorted: IncrementalArray<TodoItem>
        init(_ items: IncrementalArray<TodoItem>) { self.items = items }
        func read() { blackHole(sorted.count) }
    }

    final class Min {
        @Tracked var items: IncrementalArray<TodoItem>
        @Derived(\Min.items, min: \.id) var lowest: Int?
        init(_ items: IncrementalArray<TodoItem>) { self.items = items }
        func read() { blackHole(lowest ?? 0) }
    }
}

/// Bytes per element that an operator keeps once it has made its first pass over a
/// list of struct todos built beforehand: the slope from n to 2n elements.
private func operatorBytesPerElement<Model>(_ mode: RunMode, _ make: (IncrementalArray<TodoItem>) -> Model, _ read: (Model) -> Void) -> Double {
    let n = mode.pick(full: 100_000, quick: 10_000)
    func growth(_ count: Int) -> Int {
        let list = IncrementalArray(TodoItem.sample(count: count))
        var model: Model?
        let bytes = heapGrowth {
            model = make(list)
            read(model!)
        }
        withExtendedLifetime(model) {}
        return bytes
    }
    _ = growth(n)
    let single = growth(n)
    let double = growth(2 * n)
    return Double(double - single) / Double(n)
}

@inline(never)
func bench_memory_incrementalFilterAll(_ mode: RunMode) -> Double {
    operatorBytesPerElement(mode, IncrementalMemoryModels.Filter.init) { $0.read() }
}

@inline(never)
func bench_memory_incrementalFilterOneInFive(_ mode: RunMode) -> Double {
    operatorBytesPerElement(mode, IncrementalMemoryModels.FilterOneInFive.init) { $0.read() }
}

@inline(never)
func bench_memory_incrementalCount(_ mode: RunMode) -> Double {
    operatorBytesPerElement(mode, IncrementalMemoryModels.Count.init) { $0.read() }
}

@inline(never)
func bench_memory_incrementalSum(_ mode: RunMode) -> Double {
    operatorBytesPerElement(mode, IncrementalMemoryModels.Sum.init) { $0.read() }
}

@inline(never)
func bench_memory_incrementalMap(_ mode: RunMode) -> Double {
    operatorBytesPerElement(mode, IncrementalMemoryModels.Map.init) { $0.read() }
}

@inline(never)
func bench_memory_incrementalSorted(_ mode: RunMode) -> Double {
    operatorBytesPerElement(mode, IncrementalMemoryModels.Sorted.init) { $0.read() }
}

@inline(never)
func bench_memory_incrementalMin(_ mode: RunMode) -> Double {
    operatorBytesPerElement(mode, IncrementalMemoryModels.Min.init) { $0.read() }
}

/// An `IncrementalArray` of struct todos itself, against `[TodoItem]`.
@inline(never)
func bench_memory_incrementalArray(_ mode: RunMode) -> Double {
    let n = mode.pick(full: 100_000, quick: 10_000)
    let items = TodoItem.sample(count: 2 * n)
    func growth(_ count: Int) -> Int {
        var list: IncrementalArray<TodoItem>?
        let bytes = heapGrowth { list = IncrementalArray(items[0..<count]) }
        withExtendedLifetime(list) {}
        return bytes
    }
    _ = growth(n)
    return Double(growth(2 * n) - growth(n)) / Double(n)
}

let incrementalMemoryCases: [Measurement] = [
    Measurement("bench_memory_incrementalArray", "IncrementalArray<TodoItem>, per element (TodoItem's stride is \(MemoryLayout<TodoItem>.stride))",
                unit: "B", bench_memory_incrementalArray),
    Measurement("bench_memory_incrementalFilterAll", "filter keeping every element (its output holds each one)", unit: "B",
                target: "<= 48 + the kept copy", bench_memory_incrementalFilterAll),
    Measurement("bench_memory_incrementalFilterOneInFive", "filter keeping one element in five", unit: "B",
                target: "<= 48", bench_memory_incrementalFilterOneInFive),
    Measurement("bench_memory_incrementalCount", "count(where:)", unit: "B", target: "<= 48", bench_memory_incrementalCount),
    Measurement("bench_memory_incrementalSum", "sum of Double", unit: "B", target: "<= 48", bench_memory_incrementalSum),
    Measurement("bench_memory_incrementalMap", "map to Int", unit: "B", target: "<= 48", bench_memory_incrementalMap),
    Measurement("bench_memory_incrementalSorted", "sorted(by:), its output holds each element", unit: "B",
                target: "<= 48 + the sorted copy", bench_memory_incrementalSorted),
    Measurement("bench_memory_incrementalMin", "min(of:)", unit: "B", target: "<= 48", bench_memory_incrementalMin),
]

// MARK: Scale: a toggle costs what it changes, not the list's length

@inline(never)
func bench_scale_incrementalTodoToggle10k(_ mode: RunMode) -> Double {
    incrementalTodoToggleNanoseconds(count: 10_000, mode)
}

@inline(never)
func bench_scale_incrementalTodoToggle100k(_ mode: RunMode) -> Double {
    incrementalTodoToggleNanoseconds(count: 100_000, mode)
}

@inline(never)
func bench_scale_incrementalTodoToggle1M(_ mode: RunMode) -> Double {
    incrementalTodoToggleNanoseconds(count: mode.pick(full: 1_000_000, quick: 200_000), mode)
}

let incrementalScaleCases: [Measurement] = [
    Measurement("bench_scale_incrementalTodoToggle10k", "toggle a todo and read both derived values, 10,000 todos",
                unit: "ns/op", bench_scale_incrementalTodoToggle10k),
    Measurement("bench_scale_incrementalTodoToggle100k", "the same, 100,000 todos", unit: "ns/op",
                bench_scale_incrementalTodoToggle100k),
    Measurement("bench_scale_incrementalTodoToggle1M", "the same, 1,000,000 todos (quick: 200,000)", unit: "ns/op",
                target: "<= 3x the 10,000 row", bench_scale_incrementalTodoToggle1M),
]
