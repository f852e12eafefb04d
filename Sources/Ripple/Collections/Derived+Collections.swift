// `@Derived`'s incremental list operators: a derived value over an `IncrementalArray`
// property of the model, declared next to it, updated in proportion to what changed.
//
// Each operator takes its per-element closure in one of two forms:
// - `(Element) -> Result`: the element alone (a key path works: `count: \.isDone`);
// - `(Model) -> (Element) -> Result`: a query. The outer closure reads the model (the
//   search text, a filter setting) and returns the per-element closure; when what it
//   read changes, the operator makes one full pass with the new closure.
// What the per-element closure reads of an object element (`book.isAvailable`) is
// followed element by element; anything else it reads that can change counts as part
// of the query.

extension Derived {
    /// Makes the node of a list operator for the model: the source read by `list`, and
    /// the query, if any, as a node of its own.
    ///
    /// `list` is a function, not a `KeyPath`: the key path literal a user writes
    /// (`\Store.items`) then compiles to a direct call of the getter, where applying a
    /// `KeyPath` value goes through the runtime's generic projection on every update.
    @inlinable
    static func listOperator<Element, Result>(
        _ list: @escaping (Model) -> IncrementalArray<Element>,
        _ function: QueryOrElement<Model, Element, Result>,
        _ makeNode: @escaping (@escaping () -> IncrementalArray<Element>, ElementFunction<Element, Result>) -> Computed<Value>
    ) -> Derived {
        Derived(listOperator: { model in
            let source = { [unowned(unsafe) model] in list(model) }
            let elementFunction: ElementFunction<Element, Result>
            switch function {
            case .element(let transform):
                elementFunction = .fixed(transform)
            case .query(let query):
                elementFunction = .query(Computed(
                    compute: { [unowned(unsafe) model] in query(model) },
                    update: { node, runtime in
                        // A new closure is always a change: the operator makes a pass.
                        Computed<ElementClosures<Element, Result>>.recompute(node, equal: { _, _ in false }, runtime)
                    },
                    capturesEnvironment: false
                ))
            }
            return makeNode(source, elementFunction)
        })
    }

    // MARK: filter

    /// The elements of a list property that pass a test, in order, updated in
    /// proportion to what changed.
    ///
    /// ```swift
    /// struct ShelfBook { var title: String; var isAvailable: Bool }
    ///
    /// final class Shelf {
    ///     @Tracked var books: IncrementalArray<ShelfBook> = [
    ///         ShelfBook(title: "Dune", isAvailable: true), ShelfBook(title: "Emma", isAvailable: false),
    ///     ]
    ///     @Derived(\Shelf.books, filter: \.isAvailable)
    ///     var available: IncrementalArray<ShelfBook>
    /// }
    ///
    /// let shelf = Shelf()
    /// print(shelf.available.map(\.title))   // ["Dune"]
    /// shelf.books[1].isAvailable = true     // one element looked at again
    /// print(shelf.available.map(\.title))   // ["Dune", "Emma"]
    /// ```
    ///
    /// The result is an ``IncrementalArray`` that other operators can follow in turn (a
    /// count of a filter, a sorted filter). It changes, and notifies its readers, when
    /// an element joins or leaves it, or when a kept element is replaced by a different
    /// value (`==` decides for `Equatable` elements; objects compare by identity, so a
    /// kept object whose properties change leaves the result as it is).
    ///
    /// - Parameters:
    ///   - list: The list property, `@Tracked` or derived, as a key path literal
    ///     (`\Shelf.books`).
    ///   - isIncluded: Whether an element is kept.
    /// - Complexity: O(log n) per inserted, removed or changed element; one pass when
    ///   the list is replaced by an unrelated one.
    @inlinable
    public init<Element>(_ list: @escaping (Model) -> IncrementalArray<Element>, filter isIncluded: @escaping (Element) -> Bool)
    where Value == IncrementalArray<Element> {
        self = Self.listOperator(list, .element(ElementFunction.lending(isIncluded))) {
            ListOperator(FilterLogic(), source: $0, function: $1, capturesEnvironment: false).makeNode()
        }
    }

    /// The elements that pass a test made from the model: when what the outer closure
    /// read changes, one pass with the new test.
    ///
    /// ```swift
    /// final class Catalog {
    ///     @Tracked var titles: IncrementalArray<String> = ["Dune", "Emma", "Dracula"]
    ///     @Tracked var prefix = "D"
    ///     @Derived(\Catalog.titles, filter: { catalog in
    ///         let prefix = catalog.prefix            // the query, read once per pass
    ///         return { title in title.hasPrefix(prefix) }
    ///     })
    ///     var matching: IncrementalArray<String>
    /// }
    ///
    /// let catalog = Catalog()
    /// print(Array(catalog.matching))   // ["Dune", "Dracula"]
    /// catalog.prefix = "E"             // one pass with the new prefix
    /// print(Array(catalog.matching))   // ["Emma"]
    /// ```
    ///
    /// Read the model in the outer closure: it runs once per pass. What the inner one
    /// reads of the model is followed too, but per element.
    @inlinable
    public init<Element>(_ list: @escaping (Model) -> IncrementalArray<Element>, filter query: @escaping (Model) -> (Element) -> Bool)
    where Value == IncrementalArray<Element> {
        self = Self.listOperator(list, .query({ ElementFunction.lending(query($0)) })) {
            ListOperator(FilterLogic(), source: $0, function: $1, capturesEnvironment: false).makeNode()
        }
    }

    // MARK: count

    /// How many elements of a list property pass a test, updated in O(1) per changed
    /// element (plus O(log n) to find it).
    ///
    /// ```swift
    /// struct ShelfBook { var title: String; var isAvailable: Bool }
    ///
    /// final class Shelf {
    ///     @Tracked var books: IncrementalArray<ShelfBook> = [
    ///         ShelfBook(title: "Dune", isAvailable: true), ShelfBook(title: "Emma", isAvailable: false),
    ///     ]
    ///     @Derived(\Shelf.books, count: \.isAvailable)
    ///     var availableCount: Int
    /// }
    ///
    /// let shelf = Shelf()
    /// print(shelf.availableCount)        // 1
    /// shelf.books[1].isAvailable = true
    /// print(shelf.availableCount)        // 2
    /// ```
    @inlinable
    public init<Element>(_ list: @escaping (Model) -> IncrementalArray<Element>, count isCounted: @escaping (Element) -> Bool)
    where Value == Int {
        self = Self.listOperator(list, .element(ElementFunction.lending(isCounted))) {
            ListOperator(FoldLogic(rule: .count), source: $0, function: $1, capturesEnvironment: false).makeNode()
        }
    }

    /// How many elements pass a test made from the model.
    ///
    /// ```swift
    /// final class Board {
    ///     @Tracked var scores: IncrementalArray<Int> = [3, 8, 5, 9]
    ///     @Tracked var passMark = 5
    ///     @Derived(\Board.scores, count: { board in
    ///         let mark = board.passMark
    ///         return { $0 >= mark }
    ///     })
    ///     var passed: Int
    /// }
    ///
    /// let board = Board()
    /// print(board.passed)   // 3
    /// board.passMark = 9
    /// print(board.passed)   // 1
    /// ```
    @inlinable
    public init<Element>(_ list: @escaping (Model) -> IncrementalArray<Element>, count query: @escaping (Model) -> (Element) -> Bool)
    where Value == Int {
        self = Self.listOperator(list, .query({ ElementFunction.lending(query($0)) })) {
            ListOperator(FoldLogic(rule: .count), source: $0, function: $1, capturesEnvironment: false).makeNode()
        }
    }

    // MARK: sum

    /// The sum of a value derived from each element, updated in O(1) per changed
    /// element (plus O(log n) to find it).
    ///
    /// ```swift
    /// struct BasketLine { var price: Double; var quantity: Int }
    ///
    /// final class Basket {
    ///     @Tracked var lines: IncrementalArray<BasketLine> = [
    ///         BasketLine(price: 2.5, quantity: 2), BasketLine(price: 0.1, quantity: 3),
    ///     ]
    ///     @Derived(\Basket.lines, sum: { $0.price * Double($0.quantity) })
    ///     var total: Double
    /// }
    ///
    /// let basket = Basket()
    /// print(basket.total)            // 5.3
    /// basket.lines[0].quantity = 1
    /// print(basket.total)            // 2.8
    /// ```
    ///
    /// A sum of `Double` is exact: the total is the exact sum of the current
    /// contributions, rounded once, so it never drifts however many updates it
    /// follows, and it is at least as accurate as a plain sum. A sum of `Int` is exact
    /// too (in 128 bits); a total outside `Int` is a fatal error, as `+` would be. Other
    /// types add and subtract with their own `+` and `-`.
    @inlinable
    public init<Element>(_ list: @escaping (Model) -> IncrementalArray<Element>, sum addend: @escaping (Element) -> Value)
    where Value: AdditiveArithmetic {
        self = Self.listOperator(list, .element(ElementFunction.lending(addend))) { makeSumNode($0, $1, capturesEnvironment: false) }
    }

    /// The sum of a value derived from each element by a closure made from the model.
    ///
    /// ```swift
    /// final class Invoice {
    ///     @Tracked var hours: IncrementalArray<Int> = [2, 3]
    ///     @Tracked var rate = 40
    ///     @Derived(\Invoice.hours, sum: { invoice in
    ///         let rate = invoice.rate
    ///         return { $0 * rate }
    ///     })
    ///     var amount: Int
    /// }
    ///
    /// let invoice = Invoice()
    /// print(invoice.amount)   // 200
    /// invoice.rate = 50
    /// print(invoice.amount)   // 250
    /// ```
    @inlinable
    public init<Element>(_ list: @escaping (Model) -> IncrementalArray<Element>, sum query: @escaping (Model) -> (Element) -> Value)
    where Value: AdditiveArithmetic {
        self = Self.listOperator(list, .query({ ElementFunction.lending(query($0)) })) { makeSumNode($0, $1, capturesEnvironment: false) }
    }

    // MARK: fold

    /// A total folded from a value derived from each element, with steps that add and
    /// remove one contribution: for totals a sum does not cover.
    ///
    /// ```swift
    /// final class Team {
    ///     @Tracked var ages: IncrementalArray<Int> = [31, 25, 40]
    ///     @Derived(\Team.ages, fold: { $0 }, into: (count: 0, total: 0),
    ///              add: { ($0.count + 1, $0.total + $1) },
    ///              remove: { ($0.count - 1, $0.total - $1) })
    ///     var ageStatistics: (count: Int, total: Int)
    /// }
    ///
    /// let team = Team()
    /// print(team.ageStatistics.total / team.ageStatistics.count)   // 32
    /// team.ages.append(56)
    /// print(team.ageStatistics.total / team.ageStatistics.count)   // 38
    /// ```
    ///
    /// `remove` must undo `add` exactly: the fold follows changes by removing an
    /// element's old contribution and adding its new one, and never starts over unless
    /// the list was replaced. (Floating-point steps drift; use the `sum:` form for
    /// sums of `Double`, which are exact.)
    ///
    /// - Parameters:
    ///   - contribution: What each element contributes.
    ///   - initial: The total of an empty list.
    ///   - add: The total with one more contribution.
    ///   - remove: The total with one contribution fewer.
    @inlinable
    public init<Element, Contribution>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, fold contribution: @escaping (Element) -> Contribution,
        into initial: Value, add: @escaping (Value, Contribution) -> Value, remove: @escaping (Value, Contribution) -> Value
    ) {
        let equivalence = Equivalence<Value>.rule(ValueEquality<Value>.defaultRule)
        self = Self.listOperator(list, .element(ElementFunction.lending(contribution))) {
            ListOperator(
                FoldLogic(rule: .custom(initial: initial, add: add, remove: remove, equal: { equivalence.equal($0, $1) })),
                source: $0, function: $1, capturesEnvironment: false
            ).makeNode()
        }
    }

    // MARK: map

    /// A value derived from each element of a list property, in order, updated in
    /// O(log n) per changed element.
    ///
    /// ```swift
    /// struct ShelfBook { var title: String; var isAvailable: Bool }
    ///
    /// final class Shelf {
    ///     @Tracked var books: IncrementalArray<ShelfBook> = [
    ///         ShelfBook(title: "Dune", isAvailable: true), ShelfBook(title: "Emma", isAvailable: false),
    ///     ]
    ///     @Derived(\Shelf.books, map: { $0.title.uppercased() })
    ///     var labels: IncrementalArray<String>
    /// }
    ///
    /// let shelf = Shelf()
    /// print(Array(shelf.labels))       // ["DUNE", "EMMA"]
    /// shelf.books[0].title = "Dune Messiah"
    /// print(Array(shelf.labels))       // ["DUNE MESSIAH", "EMMA"]
    /// ```
    ///
    /// A result equal to the one before (`==` for `Equatable` results, identity for
    /// objects) leaves the output as it is.
    @inlinable
    public init<Element, Mapped>(_ list: @escaping (Model) -> IncrementalArray<Element>, map transform: @escaping (Element) -> Mapped)
    where Value == IncrementalArray<Mapped> {
        self = Self.listOperator(list, .element(ElementFunction.lending(transform))) {
            ListOperator(MapLogic(), source: $0, function: $1, capturesEnvironment: false).makeNode()
        }
    }

    /// A value derived from each element by a closure made from the model.
    ///
    /// ```swift
    /// final class Prices {
    ///     @Tracked var cents: IncrementalArray<Int> = [250, 1999]
    ///     @Tracked var symbol = "$"
    ///     @Derived(\Prices.cents, map: { prices in
    ///         let symbol = prices.symbol
    ///         return { "\(symbol)\($0 / 100).\($0 % 100 < 10 ? "0" : "")\($0 % 100)" }
    ///     })
    ///     var labels: IncrementalArray<String>
    /// }
    ///
    /// let prices = Prices()
    /// print(Array(prices.labels))   // ["$2.50", "$19.99"]
    /// prices.symbol = "€"
    /// print(Array(prices.labels))   // ["€2.50", "€19.99"]
    /// ```
    @inlinable
    public init<Element, Mapped>(_ list: @escaping (Model) -> IncrementalArray<Element>, map query: @escaping (Model) -> (Element) -> Mapped)
    where Value == IncrementalArray<Mapped> {
        self = Self.listOperator(list, .query({ ElementFunction.lending(query($0)) })) {
            ListOperator(MapLogic(), source: $0, function: $1, capturesEnvironment: false).makeNode()
        }
    }

    // MARK: sorted

    /// The elements of a list property ordered by a key; elements with equal keys keep
    /// their order in the list (a stable sort). Updated in O(log² n) per changed
    /// element.
    ///
    /// ```swift
    /// struct ShelfBook { var title: String; var isAvailable: Bool }
    ///
    /// final class Shelf {
    ///     @Tracked var books: IncrementalArray<ShelfBook> = [
    ///         ShelfBook(title: "Emma", isAvailable: true), ShelfBook(title: "Dune", isAvailable: false),
    ///     ]
    ///     @Derived(\Shelf.books, sortedBy: \.title)
    ///     var byTitle: IncrementalArray<ShelfBook>
    /// }
    ///
    /// let shelf = Shelf()
    /// print(shelf.byTitle.map(\.title))   // ["Dune", "Emma"]
    /// shelf.books.append(ShelfBook(title: "Beloved", isAvailable: true))
    /// print(shelf.byTitle.map(\.title))   // ["Beloved", "Dune", "Emma"]
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key to order by. Keys must be totally ordered (no `Double.nan`).
    ///   - descending: Whether the greatest key comes first.
    @inlinable
    public init<Element, Key: Comparable>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, sortedBy key: @escaping (Element) -> Key, descending: Bool = false
    ) where Value == IncrementalArray<Element> {
        self = Self.listOperator(list, .element(ElementFunction.lending(key))) {
            ListOperator(SortedLogic(descending: descending), source: $0, function: $1, capturesEnvironment: false).makeNode()
        }
    }

    /// The elements ordered by a key that a closure made from the model derives: when
    /// what the outer closure read changes (the sort field, say), one pass re-sorts.
    ///
    /// ```swift
    /// final class Roster {
    ///     @Tracked var names: IncrementalArray<String> = ["ada", "Grace", "alan"]
    ///     @Tracked var ignoresCase = false
    ///     @Derived(\Roster.names, sortedBy: { roster in
    ///         let ignoresCase = roster.ignoresCase
    ///         return { ignoresCase ? $0.lowercased() : $0 }
    ///     })
    ///     var sortedNames: IncrementalArray<String>
    /// }
    ///
    /// let roster = Roster()
    /// print(Array(roster.sortedNames))   // ["Grace", "ada", "alan"]
    /// roster.ignoresCase = true
    /// print(Array(roster.sortedNames))   // ["ada", "alan", "Grace"]
    /// ```
    @inlinable
    public init<Element, Key: Comparable>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, sortedBy query: @escaping (Model) -> (Element) -> Key,
        descending: Bool = false
    ) where Value == IncrementalArray<Element> {
        self = Self.listOperator(list, .query({ ElementFunction.lending(query($0)) })) {
            ListOperator(SortedLogic(descending: descending), source: $0, function: $1, capturesEnvironment: false).makeNode()
        }
    }

    // MARK: first

    /// The first element of a list property that passes a test, or nil; found in
    /// O(log n) after each change.
    ///
    /// ```swift
    /// struct Job { var name: String; var isDone: Bool }
    ///
    /// final class Queue {
    ///     @Tracked var jobs: IncrementalArray<Job> = [Job(name: "backup", isDone: true), Job(name: "report", isDone: false)]
    ///     @Derived(\Queue.jobs, first: { !$0.isDone })
    ///     var next: Job?
    /// }
    ///
    /// let queue = Queue()
    /// print(queue.next?.name ?? "none")   // report
    /// queue.jobs[1].isDone = true
    /// print(queue.next?.name ?? "none")   // none
    /// ```
    @inlinable
    public init<Element>(_ list: @escaping (Model) -> IncrementalArray<Element>, first isIncluded: @escaping (Element) -> Bool)
    where Value == Element? {
        self = Self.listOperator(list, .element(ElementFunction.lending(isIncluded))) {
            ListOperator(FirstLogic(), source: $0, function: $1, capturesEnvironment: false).makeNode()
        }
    }

    /// The first element that passes a test made from the model, or nil.
    ///
    /// ```swift
    /// final class Directory {
    ///     @Tracked var names: IncrementalArray<String> = ["Ada", "Alan", "Grace"]
    ///     @Tracked var initial: Character = "A"
    ///     @Derived(\Directory.names, first: { directory in
    ///         let initial = directory.initial
    ///         return { $0.first == initial }
    ///     })
    ///     var firstMatch: String?
    /// }
    ///
    /// let directory = Directory()
    /// print(directory.firstMatch ?? "none")   // Ada
    /// directory.initial = "G"
    /// print(directory.firstMatch ?? "none")   // Grace
    /// ```
    @inlinable
    public init<Element>(_ list: @escaping (Model) -> IncrementalArray<Element>, first query: @escaping (Model) -> (Element) -> Bool)
    where Value == Element? {
        self = Self.listOperator(list, .query({ ElementFunction.lending(query($0)) })) {
            ListOperator(FirstLogic(), source: $0, function: $1, capturesEnvironment: false).makeNode()
        }
    }

    // MARK: min and max

    /// The least key derived from the elements of a list property, or nil for an empty
    /// list; O(log² n) per changed element.
    ///
    /// ```swift
    /// struct BasketLine { var price: Double; var quantity: Int }
    ///
    /// final class Basket {
    ///     @Tracked var lines: IncrementalArray<BasketLine> = [
    ///         BasketLine(price: 2.5, quantity: 2), BasketLine(price: 0.1, quantity: 3),
    ///     ]
    ///     @Derived(\Basket.lines, min: \.price)
    ///     var cheapest: Double?
    /// }
    ///
    /// let basket = Basket()
    /// print(basket.cheapest ?? 0)      // 0.1
    /// basket.lines.remove(at: 1)
    /// print(basket.cheapest ?? 0)      // 2.5
    /// ```
    ///
    /// Keys must be totally ordered (no `Double.nan`).
    @inlinable
    public init<Element, Key: Comparable>(_ list: @escaping (Model) -> IncrementalArray<Element>, min key: @escaping (Element) -> Key)
    where Value == Key? {
        self = Self.listOperator(list, .element(ElementFunction.lending(key))) {
            ListOperator(ExtremumLogic(maximum: false), source: $0, function: $1, capturesEnvironment: false).makeNode()
        }
    }

    /// The greatest key derived from the elements of a list property, or nil for an
    /// empty list; O(log² n) per changed element.
    ///
    /// ```swift
    /// final class Board {
    ///     @Tracked var scores: IncrementalArray<Int> = [3, 8, 5]
    ///     @Derived(\Board.scores, max: { $0 })
    ///     var best: Int?
    /// }
    ///
    /// let board = Board()
    /// print(board.best ?? 0)   // 8
    /// board.scores[1] = 4
    /// print(board.best ?? 0)   // 5
    /// ```
    @inlinable
    public init<Element, Key: Comparable>(_ list: @escaping (Model) -> IncrementalArray<Element>, max key: @escaping (Element) -> Key)
    where Value == Key? {
        self = Self.listOperator(list, .element(ElementFunction.lending(key))) {
            ListOperator(ExtremumLogic(maximum: true), source: $0, function: $1, capturesEnvironment: false).makeNode()
        }
    }

    /// The least key that a closure made from the model derives from the elements.
    ///
    /// ```swift
    /// final class Thermometer {
    ///     @Tracked var readings: IncrementalArray<Double> = [21.5, 19.0, 23.5]
    ///     @Tracked var inFahrenheit = false
    ///     @Derived(\Thermometer.readings, min: { thermometer in
    ///         let fahrenheit = thermometer.inFahrenheit
    ///         return { fahrenheit ? $0 * 9 / 5 + 32 : $0 }
    ///     })
    ///     var lowest: Double?
    /// }
    ///
    /// let thermometer = Thermometer()
    /// print(thermometer.lowest ?? 0)   // 19.0
    /// thermometer.inFahrenheit = true
    /// print(thermometer.lowest ?? 0)   // 66.2
    /// ```
    @inlinable
    public init<Element, Key: Comparable>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, min query: @escaping (Model) -> (Element) -> Key
    ) where Value == Key? {
        self = Self.listOperator(list, .query({ ElementFunction.lending(query($0)) })) {
            ListOperator(ExtremumLogic(maximum: false), source: $0, function: $1, capturesEnvironment: false).makeNode()
        }
    }

    /// The greatest key that a closure made from the model derives from the elements.
    ///
    /// ```swift
    /// final class Scoreboard {
    ///     @Tracked var points: IncrementalArray<Int> = [12, 40, 7]
    ///     @Tracked var bonus = 0
    ///     @Derived(\Scoreboard.points, max: { board in
    ///         let bonus = board.bonus
    ///         return { $0 + bonus }
    ///     })
    ///     var best: Int?
    /// }
    ///
    /// let board = Scoreboard()
    /// print(board.best ?? 0)   // 40
    /// board.bonus = 5
    /// print(board.best ?? 0)   // 45
    /// ```
    @inlinable
    public init<Element, Key: Comparable>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, max query: @escaping (Model) -> (Element) -> Key
    ) where Value == Key? {
        self = Self.listOperator(list, .query({ ElementFunction.lending(query($0)) })) {
            ListOperator(ExtremumLogic(maximum: true), source: $0, function: $1, capturesEnvironment: false).makeNode()
        }
    }
}

/// The node of a sum operator over `Value`: exact for `Double` and `Int`.
@inlinable
func makeSumNode<Element, Value: AdditiveArithmetic>(
    _ source: @escaping () -> IncrementalArray<Element>, _ function: ElementFunction<Element, Value>, capturesEnvironment: Bool
) -> Computed<Value> {
    if Value.self == Double.self {
        let node = ListOperator(
            FoldLogic<Element, Double, ExactSum, Double>(rule: .exactSum), source: source,
            function: unsafeBitCast(function, to: ElementFunction<Element, Double>.self), capturesEnvironment: capturesEnvironment
        ).makeNode()
        return unsafeDowncast(node, to: Computed<Value>.self)
    }
    if Value.self == Int.self {
        let node = ListOperator(
            FoldLogic<Element, Int, Int128, Int>(rule: .integerSum), source: source,
            function: unsafeBitCast(function, to: ElementFunction<Element, Int>.self), capturesEnvironment: capturesEnvironment
        ).makeNode()
        return unsafeDowncast(node, to: Computed<Value>.self)
    }
    let equivalence = Equivalence<Value>.rule(ValueEquality<Value>.defaultRule)
    return ListOperator(
        FoldLogic<Element, Value, Value, Value>(rule: .additive(equal: { equivalence.equal($0, $1) })),
        source: source, function: function, capturesEnvironment: capturesEnvironment
    ).makeNode()
}

/// An operator's per-element closure as a declaration gives it, already lending its
/// element (``ElementFunction/lending(_:)``): wrapped where the declaration's closure
/// has its concrete type, before any generic storage reabstracts it.
@usableFromInline
enum QueryOrElement<Model, Element, Result> {
    case element(ElementClosures<Element, Result>)
    case query((Model) -> ElementClosures<Element, Result>)
}
