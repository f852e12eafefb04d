// `@Derived`'s list operators that fold a list property into one value: a sum, any
// fold with an inverse, the least or greatest element. See Derived+Collections.swift
// for the two forms of the per-element closure.

extension Derived {
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
    /// print(basket.total)            // prints "5.3"
    /// basket.lines[0].quantity = 1
    /// print(basket.total)            // prints "2.8"
    /// ```
    ///
    /// A sum of `Double` is exact: the total is the exact sum of the current
    /// contributions, rounded once, so it never drifts however many updates it
    /// follows, and it is at least as accurate as a plain sum. A sum of `Int` is exact
    /// too (in 128 bits); a total outside `Int` is a fatal error, as `+` would be. Other
    /// types add and subtract with their own `+` and `-`.
    @inlinable
    public init<Element>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, sum addend: @escaping (Element) -> Value
    ) where Value: AdditiveArithmetic {
        self = Self.listOperator(list, element: ElementClosures(lending: addend), .sum)
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
    /// print(invoice.amount)   // prints "200"
    /// invoice.rate = 50
    /// print(invoice.amount)   // prints "250"
    /// ```
    @inlinable
    public init<Element>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, sum query: @escaping (Model) -> (Element) -> Value
    ) where Value: AdditiveArithmetic {
        self = Self.listOperator(list, query: { ElementClosures(lending: query($0)) }, .sum)
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
    /// print(team.ageStatistics.total / team.ageStatistics.count)   // prints "32"
    /// team.ages.append(56)
    /// print(team.ageStatistics.total / team.ageStatistics.count)   // prints "38"
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
        into initial: Value, add: @escaping (Value, Contribution) -> Value,
        remove: @escaping (Value, Contribution) -> Value
    ) {
        let kind = ListOperatorKind<Element, Contribution, Value>.fold(into: initial, add: add, remove: remove)
        self = Self.listOperator(list, element: ElementClosures(lending: contribution), kind)
    }

    // MARK: min and max

    /// The least key derived from the elements of a list property, or nil for an empty
    /// list; O(log n) per changed element.
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
    /// print(basket.cheapest ?? 0)      // prints "0.1"
    /// basket.lines.remove(at: 1)
    /// print(basket.cheapest ?? 0)      // prints "2.5"
    /// ```
    ///
    /// Keys must be totally ordered (no `Double.nan`).
    @inlinable
    public init<Element, Key: Comparable>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, min key: @escaping (Element) -> Key
    ) where Value == Key? {
        self = Self.listOperator(list, element: ElementClosures(lending: key), .extremum(maximum: false))
    }

    /// The greatest key derived from the elements of a list property, or nil for an
    /// empty list; O(log n) per changed element.
    ///
    /// ```swift
    /// final class Board {
    ///     @Tracked var scores: IncrementalArray<Int> = [3, 8, 5]
    ///     @Derived(\Board.scores, max: { $0 })
    ///     var best: Int?
    /// }
    ///
    /// let board = Board()
    /// print(board.best ?? 0)   // prints "8"
    /// board.scores[1] = 4
    /// print(board.best ?? 0)   // prints "5"
    /// ```
    @inlinable
    public init<Element, Key: Comparable>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, max key: @escaping (Element) -> Key
    ) where Value == Key? {
        self = Self.listOperator(list, element: ElementClosures(lending: key), .extremum(maximum: true))
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
    /// print(thermometer.lowest ?? 0)   // prints "19.0"
    /// thermometer.inFahrenheit = true
    /// print(thermometer.lowest ?? 0)   // prints "66.2"
    /// ```
    @inlinable
    public init<Element, Key: Comparable>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, min query: @escaping (Model) -> (Element) -> Key
    ) where Value == Key? {
        self = Self.listOperator(list, query: { ElementClosures(lending: query($0)) }, .extremum(maximum: false))
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
    /// print(board.best ?? 0)   // prints "40"
    /// board.bonus = 5
    /// print(board.best ?? 0)   // prints "45"
    /// ```
    @inlinable
    public init<Element, Key: Comparable>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, max query: @escaping (Model) -> (Element) -> Key
    ) where Value == Key? {
        self = Self.listOperator(list, query: { ElementClosures(lending: query($0)) }, .extremum(maximum: true))
    }
}
