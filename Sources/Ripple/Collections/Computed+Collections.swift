// The list operators outside models: on a `Signal` or a `Computed` that holds an
// `IncrementalArray`, each returns a `Computed` that follows the list's changes. What
// the closure reads besides the element (another signal) counts as a query: when it
// changes, one pass.

extension Computed {
    /// A list operator's node over `source`; one made during a run is reported.
    @inlinable
    static func following<Element, Result>(
        _ source: @escaping () -> IncrementalArray<Element>, _ transform: @escaping (Element) -> Result,
        _ makeNode: (@escaping () -> IncrementalArray<Element>, ElementFunction<Element, Result>) -> Computed
    ) -> Computed {
        if Graph.isRunning { Graph.operatorMadeDuringRun() }
        return makeNode(source, .fixed(ElementFunction.lending(transform)))
    }
}

/// The operators, once for both source kinds: `Signal` and `Computed` forward here.
@usableFromInline
enum ListOperators<Element> {
    @usableFromInline typealias Source = () -> IncrementalArray<Element>

    @inlinable
    static func filter(_ source: @escaping Source, _ isIncluded: @escaping (Element) -> Bool) -> Computed<IncrementalArray<Element>> {
        .following(source, isIncluded) { ListOperator(FilterLogic(), source: $0, function: $1, capturesEnvironment: true).makeNode() }
    }

    @inlinable
    static func map<Mapped>(_ source: @escaping Source, _ transform: @escaping (Element) -> Mapped) -> Computed<IncrementalArray<Mapped>> {
        .following(source, transform) { ListOperator(MapLogic(), source: $0, function: $1, capturesEnvironment: true).makeNode() }
    }

    @inlinable
    static func count(_ source: @escaping Source, _ isCounted: @escaping (Element) -> Bool) -> Computed<Int> {
        .following(source, isCounted) { ListOperator(FoldLogic(rule: .count), source: $0, function: $1, capturesEnvironment: true).makeNode() }
    }

    @inlinable
    static func sum<Total: AdditiveArithmetic>(_ source: @escaping Source, _ addend: @escaping (Element) -> Total) -> Computed<Total> {
        .following(source, addend) { makeSumNode($0, $1, capturesEnvironment: true) }
    }

    @inlinable
    static func fold<Contribution, Total>(
        _ source: @escaping Source, _ contribution: @escaping (Element) -> Contribution, initial: Total,
        add: @escaping (Total, Contribution) -> Total, remove: @escaping (Total, Contribution) -> Total
    ) -> Computed<Total> {
        let equivalence = Equivalence<Total>.rule(ValueEquality<Total>.defaultRule)
        return .following(source, contribution) {
            ListOperator(
                FoldLogic(rule: .custom(initial: initial, add: add, remove: remove, equal: { equivalence.equal($0, $1) })),
                source: $0, function: $1, capturesEnvironment: true
            ).makeNode()
        }
    }

    @inlinable
    static func sorted<Key: Comparable>(
        _ source: @escaping Source, _ key: @escaping (Element) -> Key, descending: Bool
    ) -> Computed<IncrementalArray<Element>> {
        .following(source, key) { ListOperator(SortedLogic(descending: descending), source: $0, function: $1, capturesEnvironment: true).makeNode() }
    }

    @inlinable
    static func first(_ source: @escaping Source, _ isIncluded: @escaping (Element) -> Bool) -> Computed<Element?> {
        .following(source, isIncluded) { ListOperator(FirstLogic(), source: $0, function: $1, capturesEnvironment: true).makeNode() }
    }

    @inlinable
    static func extremum<Key: Comparable>(_ source: @escaping Source, _ key: @escaping (Element) -> Key, maximum: Bool) -> Computed<Key?> {
        .following(source, key) { ListOperator(ExtremumLogic(maximum: maximum), source: $0, function: $1, capturesEnvironment: true).makeNode() }
    }
}

extension Signal {
    /// A computed list of the elements that pass a test, in order, that follows this
    /// signal's changes: O(log n) per changed element.
    ///
    /// ```swift
    /// let numbers = Signal(IncrementalArray([1, 2, 3, 4]))
    /// let evens = numbers.filter { $0.isMultiple(of: 2) }
    /// print(Array(evens.value))   // [2, 4]
    /// numbers.value.append(6)     // looks at the new element only
    /// print(Array(evens.value))   // [2, 4, 6]
    /// ```
    ///
    /// Make it once and keep it: a new one starts with a full pass (making one while a
    /// computed or an effect runs is reported as a ``RuntimeIssue``). What the closure reads besides the
    /// element is followed as a query: when it changes, one pass.
    @inlinable
    public func filter<Element>(_ isIncluded: @escaping (Element) -> Bool) -> Computed<IncrementalArray<Element>>
    where Value == IncrementalArray<Element> {
        ListOperators.filter({ self.value }, isIncluded)
    }

    /// A computed list of a value derived from each element, in order.
    ///
    /// ```swift
    /// let names = Signal(IncrementalArray(["ada", "grace"]))
    /// let shouted = names.map { $0.uppercased() }
    /// names.value[1] = "alan"
    /// print(Array(shouted.value))   // ["ADA", "ALAN"]
    /// ```
    @inlinable
    public func map<Element, Mapped>(_ transform: @escaping (Element) -> Mapped) -> Computed<IncrementalArray<Mapped>>
    where Value == IncrementalArray<Element> {
        ListOperators.map({ self.value }, transform)
    }

    /// A computed count of the elements that pass a test.
    ///
    /// ```swift
    /// let flags = Signal(IncrementalArray([true, false, true]))
    /// let raised = flags.count(where: { $0 })
    /// flags.value[1] = true
    /// print(raised.value)   // 3
    /// ```
    @inlinable
    public func count<Element>(where isCounted: @escaping (Element) -> Bool) -> Computed<Int>
    where Value == IncrementalArray<Element> {
        ListOperators.count({ self.value }, isCounted)
    }

    /// A computed sum of a value derived from each element; exact for `Double` and
    /// `Int`.
    ///
    /// ```swift
    /// let prices = Signal(IncrementalArray([0.1, 0.2]))
    /// let total = prices.sum { $0 }
    /// prices.value.append(0.3)
    /// print(total.value)   // 0.6
    /// ```
    @inlinable
    public func sum<Element, Total: AdditiveArithmetic>(_ addend: @escaping (Element) -> Total) -> Computed<Total>
    where Value == IncrementalArray<Element> {
        ListOperators.sum({ self.value }, addend)
    }

    /// A computed total folded from a value derived from each element, with steps that
    /// add and remove one contribution; `remove` must undo `add` exactly.
    ///
    /// ```swift
    /// let words = Signal(IncrementalArray(["a", "bb"]))
    /// let letters = words.fold({ $0.count }, into: 0, add: +, remove: -)
    /// words.value.append("ccc")
    /// print(letters.value)   // 6
    /// ```
    @inlinable
    public func fold<Element, Contribution, Total>(
        _ contribution: @escaping (Element) -> Contribution, into initial: Total,
        add: @escaping (Total, Contribution) -> Total, remove: @escaping (Total, Contribution) -> Total
    ) -> Computed<Total> where Value == IncrementalArray<Element> {
        ListOperators.fold({ self.value }, contribution, initial: initial, add: add, remove: remove)
    }

    /// A computed list of the elements ordered by a key, equal keys in list order.
    ///
    /// ```swift
    /// let words = Signal(IncrementalArray(["pear", "fig", "apple"]))
    /// let byLength = words.sorted(by: \.count)
    /// print(Array(byLength.value))   // ["fig", "pear", "apple"]
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key to order by; keys must be totally ordered (no `Double.nan`).
    ///   - descending: Whether the greatest key comes first.
    @inlinable
    public func sorted<Element, Key: Comparable>(
        by key: @escaping (Element) -> Key, descending: Bool = false
    ) -> Computed<IncrementalArray<Element>> where Value == IncrementalArray<Element> {
        ListOperators.sorted({ self.value }, key, descending: descending)
    }

    /// The first element that passes a test, or nil, as a computed.
    ///
    /// ```swift
    /// let temperatures = Signal(IncrementalArray([12, 18, 25]))
    /// let firstWarm = temperatures.first(where: { $0 > 20 })
    /// print(firstWarm.value ?? 0)   // 25
    /// ```
    @inlinable
    public func first<Element>(where isIncluded: @escaping (Element) -> Bool) -> Computed<Element?>
    where Value == IncrementalArray<Element> {
        ListOperators.first({ self.value }, isIncluded)
    }

    /// The least key derived from the elements, or nil, as a computed.
    ///
    /// ```swift
    /// let temperatures = Signal(IncrementalArray([12, 18, 25]))
    /// let coldest = temperatures.min(of: { $0 })
    /// temperatures.value.append(7)
    /// print(coldest.value ?? 0)   // 7
    /// ```
    @inlinable
    public func min<Element, Key: Comparable>(of key: @escaping (Element) -> Key) -> Computed<Key?>
    where Value == IncrementalArray<Element> {
        ListOperators.extremum({ self.value }, key, maximum: false)
    }

    /// The greatest key derived from the elements, or nil, as a computed.
    ///
    /// ```swift
    /// let temperatures = Signal(IncrementalArray([12, 18, 25]))
    /// let warmest = temperatures.max(of: { $0 })
    /// temperatures.value.removeLast()
    /// print(warmest.value ?? 0)   // 18
    /// ```
    @inlinable
    public func max<Element, Key: Comparable>(of key: @escaping (Element) -> Key) -> Computed<Key?>
    where Value == IncrementalArray<Element> {
        ListOperators.extremum({ self.value }, key, maximum: true)
    }
}

extension Computed {
    /// A computed list of the elements of this computed list that pass a test: operators
    /// chain, each following the changes of the one before.
    ///
    /// ```swift
    /// let numbers = Signal(IncrementalArray(Array(1...10)))
    /// let evens = numbers.filter { $0.isMultiple(of: 2) }
    /// let bigEvens = evens.filter { $0 > 5 }
    /// numbers.value.append(12)
    /// print(Array(bigEvens.value))   // [6, 8, 10, 12]
    /// ```
    @inlinable
    public func filter<Element>(_ isIncluded: @escaping (Element) -> Bool) -> Computed<IncrementalArray<Element>>
    where Value == IncrementalArray<Element> {
        ListOperators.filter({ self.value }, isIncluded)
    }

    /// A computed list of a value derived from each element of this computed list.
    ///
    /// ```swift
    /// let numbers = Signal(IncrementalArray([3, 1, 2]))
    /// let labels = numbers.sorted(by: { $0 }).map { "#\($0)" }
    /// print(Array(labels.value))   // ["#1", "#2", "#3"]
    /// ```
    @inlinable
    public func map<Element, Mapped>(_ transform: @escaping (Element) -> Mapped) -> Computed<IncrementalArray<Mapped>>
    where Value == IncrementalArray<Element> {
        ListOperators.map({ self.value }, transform)
    }

    /// A computed count of the elements of this computed list that pass a test.
    ///
    /// ```swift
    /// let numbers = Signal(IncrementalArray(Array(1...10)))
    /// let evens = numbers.filter { $0.isMultiple(of: 2) }
    /// let bigEvenCount = evens.count(where: { $0 > 5 })
    /// print(bigEvenCount.value)   // 3
    /// ```
    @inlinable
    public func count<Element>(where isCounted: @escaping (Element) -> Bool) -> Computed<Int>
    where Value == IncrementalArray<Element> {
        ListOperators.count({ self.value }, isCounted)
    }

    /// A computed sum over this computed list; exact for `Double` and `Int`.
    @inlinable
    public func sum<Element, Total: AdditiveArithmetic>(_ addend: @escaping (Element) -> Total) -> Computed<Total>
    where Value == IncrementalArray<Element> {
        ListOperators.sum({ self.value }, addend)
    }

    /// A computed fold over this computed list; `remove` must undo `add` exactly.
    @inlinable
    public func fold<Element, Contribution, Total>(
        _ contribution: @escaping (Element) -> Contribution, into initial: Total,
        add: @escaping (Total, Contribution) -> Total, remove: @escaping (Total, Contribution) -> Total
    ) -> Computed<Total> where Value == IncrementalArray<Element> {
        ListOperators.fold({ self.value }, contribution, initial: initial, add: add, remove: remove)
    }

    /// A computed list of the elements of this computed list ordered by a key, equal
    /// keys in list order.
    @inlinable
    public func sorted<Element, Key: Comparable>(
        by key: @escaping (Element) -> Key, descending: Bool = false
    ) -> Computed<IncrementalArray<Element>> where Value == IncrementalArray<Element> {
        ListOperators.sorted({ self.value }, key, descending: descending)
    }

    /// The first element of this computed list that passes a test, or nil.
    @inlinable
    public func first<Element>(where isIncluded: @escaping (Element) -> Bool) -> Computed<Element?>
    where Value == IncrementalArray<Element> {
        ListOperators.first({ self.value }, isIncluded)
    }

    /// The least key derived from the elements of this computed list, or nil.
    @inlinable
    public func min<Element, Key: Comparable>(of key: @escaping (Element) -> Key) -> Computed<Key?>
    where Value == IncrementalArray<Element> {
        ListOperators.extremum({ self.value }, key, maximum: false)
    }

    /// The greatest key derived from the elements of this computed list, or nil.
    @inlinable
    public func max<Element, Key: Comparable>(of key: @escaping (Element) -> Key) -> Computed<Key?>
    where Value == IncrementalArray<Element> {
        ListOperators.extremum({ self.value }, key, maximum: true)
    }
}
