import Observation
import Ripple

// The seed articles' scenarios as workloads: a script of changes, each followed by
// the re-render of the views it affected. Both sides run the same generic script
// over their own models and views; every run checks the views' final output and
// render counts against a plain recomputation.

// MARK: What the scripts need from models and views

protocol BookModel: AnyObject {
    init(title: String, isAvailable: Bool)
    var title: String { get set }
    var isAvailable: Bool { get set }
}

protocol LibraryModel: AnyObject {
    associatedtype Book: BookModel
    init(books: [Book])
    var books: [Book] { get }
    var availableBooksCount: Int { get }
}

protocol TodoStoreModel: AnyObject {
    init(items: [TodoItem])
    var items: [TodoItem] { get }
    var searchText: String { get set }
    var selectedPriority: TodoItem.Priority? { get set }
    var filteredItems: [TodoItem] { get }
    var completedCount: Int { get }
    var pendingCount: Int { get }
    func toggleItem(at index: Int)
}

protocol ShoppingCartModel: AnyObject {
    init(items: [CartItem])
    var items: [CartItem] { get }
    var couponCode: String { get set }
    var isLoading: Bool { get set }
    var totalPrice: Double { get }
    var discountedPrice: Double { get }
    func setQuantity(_ quantity: Int, at index: Int)
}

protocol DashboardModel: AnyObject {
    init()
    var salesCount: Int { get set }
    var revenue: Double { get set }
    var newCustomers: Int { get set }
    var serverStatus: String { get set }
}

extension RModels.Book: BookModel {}
extension RModels.Library: LibraryModel {}
extension RModels.TodoStore: TodoStoreModel {}
extension RModels.ShoppingCart: ShoppingCartModel {}
extension RModels.DashboardData: DashboardModel {}
extension OModels.Book: BookModel {}
extension OModels.Library: LibraryModel {}
extension OModels.TodoStore: TodoStoreModel {}
extension OModels.ShoppingCart: ShoppingCartModel {}
extension OModels.DashboardData: DashboardModel {}

/// A view: renders once when created, then after each change to what it read.
protocol ScenarioView: AnyObject {
    init(_ body: @escaping () -> Int)
    var renders: Int { get }
    var output: Int { get }
    /// The end of a run-loop turn, after each change.
    static func update(_ views: [Self])
}

extension RippleView: ScenarioView {
    /// Nothing to do: effects re-render as the change ends.
    @inline(__always) static func update(_ views: [RippleView]) {}
}

extension ObservedView: ScenarioView {}

// MARK: Library: 10,000 books and availableBooksCount

@inline(__always)
private func libraryScenario<Library: LibraryModel, View: ScenarioView>(
    _: Library.Type, _: View.Type, _ ops: Int
) -> UInt64 {
    let count = 10_000
    let library = Library(books: (0..<count).map { Library.Book(title: "Book \($0)", isAvailable: $0 % 3 != 0) })
    let view = View { library.availableBooksCount }
    let books = library.books
    let renamed = ["Renamed A", "Renamed B"]
    var toggles = 0
    let elapsed = measure(with: books) { books in
        for op in 0..<ops {
            let book = books[(op &* 7919) % count]
            if op % 4 == 3 {
                book.title = renamed[op & 1]  // nothing reads titles: no render
            } else {
                book.isAvailable.toggle()
                toggles += 1
            }
            View.update([view])
        }
    }
    let expected = books.reduce(0) { $0 + ($1.isAvailable ? 1 : 0) }
    checkEqual(view.output, expected, "library view output")
    checkEqual(view.renders, 1 + toggles, "library view renders")
    return elapsed
}

@inline(never)
func bench_ripple_libraryScenario(_ ops: Int) -> UInt64 {
    libraryScenario(RModels.Library.self, RippleView.self, ops)
}

@inline(never)
func bench_observation_libraryScenario(_ ops: Int) -> UInt64 {
    libraryScenario(OModels.Library.self, ObservedView.self, ops)
}

// MARK: TodoStore: filteredItems with search text and priority over 10,000 items

private let todoQueries = ["milk", "", "re", "the b", "task 1", "", "e", "bike"]
private let todoPriorities: [TodoItem.Priority?] = [.high, nil, .low, .medium, nil]

/// The list shows the filtered items (a hash of the first 20); the header shows how
/// many match and how many are pending.
@inline(__always)
func todoScenario<Store: TodoStoreModel, View: ScenarioView>(
    _: Store.Type, _: View.Type, _ ops: Int, recordingRendersAs function: String? = nil
) -> UInt64 {
    let count = 10_000
    let store = Store(items: TodoItem.sample(count: count))
    let list = View {
        let items = store.filteredItems
        return items.prefix(20).reduce(items.count) { $0 &* 31 &+ $1.id }
    }
    let header = View { store.filteredItems.count &* 100_000 &+ store.pendingCount }
    let views = [list, header]

    // The script, planned outside the timed region: which writes change something.
    var changes = 0
    var search = "", priority: TodoItem.Priority? = nil
    for op in 0..<ops {
        switch op % 6 {
        case 0, 4:
            let query = todoQueries[(op / 3) % todoQueries.count]
            if query != search { changes += 1; search = query }
        case 2:
            let next = todoPriorities[(op / 6) % todoPriorities.count]
            if next != priority { changes += 1; priority = next }
        default:
            changes += 1
        }
    }

    let elapsed = measure(with: store) { store in
        for op in 0..<ops {
            switch op % 6 {
            case 0, 4: store.searchText = todoQueries[(op / 3) % todoQueries.count]
            case 2: store.selectedPriority = todoPriorities[(op / 6) % todoPriorities.count]
            default: store.toggleItem(at: (op &* 7919) % count)
            }
            View.update(views)
        }
    }
    let items = TodoItem.filter(store.items, searchText: search, priority: priority)
    let pending = store.items.reduce(0) { $0 + ($1.isCompleted ? 0 : 1) }
    checkEqual(list.output, items.prefix(20).reduce(items.count) { $0 &* 31 &+ $1.id }, "todo list output")
    checkEqual(header.output, items.count &* 100_000 &+ pending, "todo header output")
    checkEqual(list.renders, 1 + changes, "todo list renders")
    checkEqual(header.renders, 1 + changes, "todo header renders")
    if let function { viewLoopRenders[function] = Double(list.renders + header.renders - 2) / Double(ops) }
    return elapsed
}

@inline(never)
func bench_ripple_todoScenario(_ ops: Int) -> UInt64 {
    todoScenario(RModels.TodoStore.self, RippleView.self, ops)
}

@inline(never)
func bench_observation_todoScenario(_ ops: Int) -> UInt64 {
    todoScenario(OModels.TodoStore.self, ObservedView.self, ops)
}

// MARK: TodoStore: the articles' toggle, then the two derived values

/// The articles' own TodoStore operation: `store.items[i].isCompleted.toggle()`, then
/// a read of `filteredItems.count` and `completedCount`. Any change to `items` makes
/// both derived values recompute over all 10,000 items, on the next read in Ripple
/// and on every read in Observation: one read each per toggle, so near parity.
@inline(__always)
private func todoToggle<Store: TodoStoreModel>(_: Store.Type, _ ops: Int) -> UInt64 {
    let count = 10_000
    let search = "milk"
    let store = Store(items: TodoItem.sample(count: count))
    store.searchText = search
    var filteredSum = 0, completedSum = 0
    let elapsed = measure(with: store) { store in
        var filtered = 0, completed = 0
        for op in 0..<ops {
            store.toggleItem(at: (op &* 7919) % count)
            filtered &+= store.filteredItems.count
            completed &+= store.completedCount
        }
        filteredSum = filtered
        completedSum = completed
    }

    // The same toggles on a plain array: the filter ignores completion, the count
    // moves by one per toggle.
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
    checkEqual(filteredSum, matching &* ops, "todo toggle filteredItems.count, summed")
    checkEqual(completedSum, expectedCompletedSum, "todo toggle completedCount, summed")
    return elapsed
}

@inline(never)
func bench_ripple_todoToggle(_ ops: Int) -> UInt64 {
    todoToggle(RModels.TodoStore.self, ops)
}

@inline(never)
func bench_observation_todoToggle(_ ops: Int) -> UInt64 {
    todoToggle(OModels.TodoStore.self, ops)
}

// MARK: ShoppingCart: totalPrice and discountedPrice over 1,000 lines

/// One view shows the total, another the price after the coupon. The script changes
/// a quantity, toggles the coupon, toggles `isLoading` (which no view reads).
@inline(__always)
func cartScenario<Cart: ShoppingCartModel, View: ScenarioView>(
    _: Cart.Type, _: View.Type, _ ops: Int, recordingRendersAs function: String? = nil
) -> UInt64 {
    let count = 1000
    let cart = Cart(items: CartItem.sample(count: count))
    let total = View { Int((cart.totalPrice * 100).rounded()) }
    let checkout = View { Int((cart.discountedPrice * 100).rounded()) }
    let views = [total, checkout]
    var quantityChanges = 0, couponChanges = 0
    let elapsed = measure(with: cart) { cart in
        for op in 0..<ops {
            switch op % 3 {
            case 0:
                let index = (op &* 31) % count
                cart.setQuantity(cart.items[index].quantity + 1, at: index)
                quantityChanges += 1
            case 1:
                cart.couponCode = cart.couponCode.isEmpty ? "SAVE20" : ""
                couponChanges += 1
            default:
                cart.isLoading.toggle()
            }
            View.update(views)
        }
    }
    let expectedTotal = CartItem.total(of: cart.items)
    let expectedCheckout = CartItem.discounted(expectedTotal, couponCode: couponChanges % 2 == 1 ? "SAVE20" : "")
    checkEqual(total.output, Int((expectedTotal * 100).rounded()), "cart total output")
    checkEqual(checkout.output, Int((expectedCheckout * 100).rounded()), "cart checkout output")
    checkEqual(total.renders, 1 + quantityChanges, "cart total renders")
    checkEqual(checkout.renders, 1 + quantityChanges + couponChanges, "cart checkout renders")
    if let function { viewLoopRenders[function] = Double(total.renders + checkout.renders - 2) / Double(ops) }
    return elapsed
}

@inline(never)
func bench_ripple_cartScenario(_ ops: Int) -> UInt64 {
    cartScenario(RModels.ShoppingCart.self, RippleView.self, ops)
}

@inline(never)
func bench_observation_cartScenario(_ ops: Int) -> UInt64 {
    cartScenario(OModels.ShoppingCart.self, ObservedView.self, ops)
}

// MARK: Dashboard: 4 views, each reading one property

/// Each write goes to one of the four properties in turn; every fifth write stores
/// the value already there, which must re-render nothing.
@inline(__always)
private func dashboardScenario<Data: DashboardModel, View: ScenarioView>(
    _: Data.Type, _: View.Type, _ ops: Int
) -> UInt64 {
    let data = Data()
    let views = [
        View { data.salesCount },
        View { Int(data.revenue) },
        View { data.newCustomers },
        View { data.serverStatus.utf8.count },
    ]
    let statuses = ["Online", "Degraded"]
    var changes = [0, 0, 0, 0]
    let elapsed = measure(with: data) { data in
        for op in 0..<ops {
            let same = op % 5 == 4
            switch op % 4 {
            case 0: data.salesCount = same ? data.salesCount : data.salesCount + 1
            case 1: data.revenue = same ? data.revenue : data.revenue + 10
            case 2: data.newCustomers = same ? data.newCustomers : data.newCustomers + 1
            default: data.serverStatus = same ? data.serverStatus : statuses[data.serverStatus == "Online" ? 1 : 0]
            }
            if !same { changes[op % 4] += 1 }
            View.update(views)
        }
    }
    for index in 0..<4 {
        checkEqual(views[index].renders, 1 + changes[index], "dashboard view \(index) renders")
    }
    checkEqual(views[0].output, data.salesCount, "dashboard sales view output")
    return elapsed
}

@inline(never)
func bench_ripple_dashboardScenario(_ ops: Int) -> UInt64 {
    dashboardScenario(RModels.DashboardData.self, RippleView.self, ops)
}

@inline(never)
func bench_observation_dashboardScenario(_ ops: Int) -> UInt64 {
    dashboardScenario(OModels.DashboardData.self, ObservedView.self, ops)
}
