/// A node whose value can be read and followed: a ``Signal`` or a ``Computed``.
///
/// One that holds an ``IncrementalArray`` has the list operators as methods, each
/// returning a ``Computed`` that follows the list's changes. What the closure reads
/// besides the element (another signal) counts as a query: when it changes, one pass.
///
/// ```swift
/// let numbers = Signal(IncrementalArray([3, 8, 5]))
/// let large = numbers.filter { $0 > 4 }        // a Computed
/// let count = large.count(where: { $0 > 6 })  // an operator over an operator
/// print(count.value)   // prints "1"
/// ```
public protocol ValueNode: AnyObject {
    associatedtype Value
    /// The current value; reading it inside a run records a dependency.
    var value: Value { get }
}

extension Signal: ValueNode {}

extension Computed: ValueNode {}

extension ValueNode {
    /// A list operator of `kind` over this node's list; one made during a run is
    /// reported.
    @inlinable
    func makeListOperator<Element, Result, Output>(
        _ kind: ListOperatorKind<Element, Result, Output>, _ closures: ElementClosures<Element, Result>,
        method: StaticString
    ) -> Computed<Output> where Value == IncrementalArray<Element> {
        if Graph.isRunning { Graph.operatorMadeDuringRun() }
        let node = kind.makeNode({ self.value }, .fixed(closures), true)
        Graph.setOrigin(NodeOrigin(method: method), of: node)
        return node
    }

    /// A computed list of the elements that pass a test, in order, that follows this
    /// signal's changes: O(log n) per changed element.
    ///
    /// ```swift
    /// let numbers = Signal(IncrementalArray([1, 2, 3, 4]))
    /// let evens = numbers.filter { $0.isMultiple(of: 2) }
    /// print(Array(evens.value))   // prints "[2, 4]"
    /// numbers.value.append(6)     // looks at the new element only
    /// print(Array(evens.value))   // prints "[2, 4, 6]"
    /// ```
    ///
    /// Make it once and keep it: a new one starts with a full pass (making one while a
    /// computed or an effect runs is reported as a ``RuntimeIssue``). What the closure
    /// reads besides the element is followed as a query: when it changes, one pass.
    @inlinable
    public func filter<Element>(_ isIncluded: @escaping (Element) -> Bool) -> Computed<IncrementalArray<Element>>
    where Value == IncrementalArray<Element> {
        makeListOperator(.filter, ElementClosures(lending: isIncluded), method: "filter(_:)")
    }

    /// A computed list of a value derived from each element, in order.
    ///
    /// ```swift
    /// let names = Signal(IncrementalArray(["ada", "grace"]))
    /// let shouted = names.map { $0.uppercased() }
    /// names.value[1] = "alan"
    /// print(Array(shouted.value))   // prints "[\"ADA\", \"ALAN\"]"
    /// ```
    @inlinable
    public func map<Element, Mapped>(_ transform: @escaping (Element) -> Mapped) -> Computed<IncrementalArray<Mapped>>
    where Value == IncrementalArray<Element> {
        makeListOperator(.map, ElementClosures(lending: transform), method: "map(_:)")
    }

    /// The computed non-nil results of a closure on each element, in order.
    ///
    /// ```swift
    /// let entries = Signal(IncrementalArray(["3", "x", "5"]))
    /// let numbers = entries.compactMap { Int($0) }
    /// entries.value[1] = "4"
    /// print(Array(numbers.value))   // prints "[3, 4, 5]"
    /// ```
    @inlinable
    public func compactMap<Element, Mapped>(
        _ transform: @escaping (Element) -> Mapped?
    ) -> Computed<IncrementalArray<Mapped>> where Value == IncrementalArray<Element> {
        makeListOperator(.compactMap(), ElementClosures(lending: transform), method: "compactMap(_:)")
    }

    /// A computed count of the elements that pass a test.
    ///
    /// ```swift
    /// let flags = Signal(IncrementalArray([true, false, true]))
    /// let raised = flags.count(where: { $0 })
    /// flags.value[1] = true
    /// print(raised.value)   // prints "3"
    /// ```
    @inlinable
    public func count<Element>(where isCounted: @escaping (Element) -> Bool) -> Computed<Int>
    where Value == IncrementalArray<Element> {
        makeListOperator(.count, ElementClosures(lending: isCounted), method: "count(where:)")
    }

    /// A computed sum of a value derived from each element; exact for `Double` and
    /// `Int`.
    ///
    /// ```swift
    /// let prices = Signal(IncrementalArray([0.1, 0.2]))
    /// let total = prices.sum { $0 }
    /// prices.value.append(0.3)
    /// print(total.value)   // prints "0.6"
    /// ```
    @inlinable
    public func sum<Element, Total: AdditiveArithmetic>(_ addend: @escaping (Element) -> Total) -> Computed<Total>
    where Value == IncrementalArray<Element> {
        makeListOperator(.sum, ElementClosures(lending: addend), method: "sum(_:)")
    }

    /// A computed total folded from a value derived from each element, with steps that
    /// add and remove one contribution; `remove` must undo `add` exactly.
    ///
    /// ```swift
    /// let words = Signal(IncrementalArray(["a", "bb"]))
    /// let letters = words.fold({ $0.count }, into: 0, add: +, remove: -)
    /// words.value.append("ccc")
    /// print(letters.value)   // prints "6"
    /// ```
    @inlinable
    public func fold<Element, Contribution, Total>(
        _ contribution: @escaping (Element) -> Contribution, into initial: Total,
        add: @escaping (Total, Contribution) -> Total, remove: @escaping (Total, Contribution) -> Total
    ) -> Computed<Total> where Value == IncrementalArray<Element> {
        makeListOperator(
            .fold(into: initial, add: add, remove: remove), ElementClosures(lending: contribution),
            method: "fold(_:into:add:remove:)"
        )
    }

    /// A computed list of the elements ordered by a key, equal keys in list order.
    ///
    /// ```swift
    /// let words = Signal(IncrementalArray(["pear", "fig", "apple"]))
    /// let byLength = words.sorted(byKey: \.count)
    /// print(Array(byLength.value))   // prints "[\"fig\", \"pear\", \"apple\"]"
    /// let longestFirst = words.sorted(byKey: \.count, order: .descending)
    /// print(Array(longestFirst.value))   // prints "[\"apple\", \"pear\", \"fig\"]"
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key to order by; keys must be totally ordered (no `Double.nan`).
    ///   - order: Whether the least or the greatest key comes first.
    @inlinable
    public func sorted<Element, Key: Comparable>(
        byKey key: @escaping (Element) -> Key, order: ListOrder = .ascending
    ) -> Computed<IncrementalArray<Element>> where Value == IncrementalArray<Element> {
        makeListOperator(.sorted(order), ElementClosures(lending: key), method: "sorted(byKey:order:)")
    }

    /// A comparator is not accepted: an incremental sort keeps each element's key.
    @available(
        *, unavailable,
        message: "sorted(by:) takes no comparator here; write sorted(byKey: \\.key, order: .descending)"
    )
    public func sorted<Element>(
        by areInIncreasingOrder: @escaping (Element, Element) -> Bool
    ) -> Computed<IncrementalArray<Element>> where Value == IncrementalArray<Element> {
        fatalError("unavailable")
    }

    @available(
        *, deprecated,
        renamed: "sorted(byKey:order:)",
        message: "use sorted(byKey:), whose label says it takes a key, not a comparator"
    )
    @inlinable
    public func sorted<Element, Key: Comparable>(
        by key: @escaping (Element) -> Key, descending: Bool = false
    ) -> Computed<IncrementalArray<Element>> where Value == IncrementalArray<Element> {
        sorted(byKey: key, order: descending ? .descending : .ascending)
    }

    /// The elements in sections by a key, ascending, each in the list's order, as a
    /// computed ``ListSections``: O(log n) per changed element.
    @inlinable
    public func grouped<Element, Key: Comparable & Hashable>(
        by key: @escaping (Element) -> Key
    ) -> Computed<ListSections<Key, Element>> where Value == IncrementalArray<Element> {
        makeListOperator(.grouped, ElementClosures(lending: key), method: "grouped(by:)")
    }

    /// The elements by a key, as a computed ``KeyedIndex``: O(1) lookup, updated in
    /// O(1) per changed element. Of several elements with the same key, the first in
    /// the list's order is the one found.
    ///
    /// ```swift
    /// let words = Signal(IncrementalArray(["apple", "avocado", "banana"]))
    /// let byInitial = words.keyed(by: { $0.first! })
    /// print(byInitial.value["a"] ?? "none")   // prints "apple"
    /// words.value.remove(at: 0)
    /// print(byInitial.value["a"] ?? "none")   // prints "avocado"
    /// ```
    @inlinable
    public func keyed<Element, Key: Hashable>(
        by key: @escaping (Element) -> Key
    ) -> Computed<KeyedIndex<Key, Element>> where Value == IncrementalArray<Element> {
        makeListOperator(.keyed, ElementClosures(lending: key), method: "keyed(by:)")
    }

    /// The first element that passes a test, or nil, as a computed.
    ///
    /// ```swift
    /// let temperatures = Signal(IncrementalArray([12, 18, 25]))
    /// let firstWarm = temperatures.first(where: { $0 > 20 })
    /// print(firstWarm.value ?? 0)   // prints "25"
    /// ```
    @inlinable
    public func first<Element>(where isIncluded: @escaping (Element) -> Bool) -> Computed<Element?>
    where Value == IncrementalArray<Element> {
        makeListOperator(.first, ElementClosures(lending: isIncluded), method: "first(where:)")
    }

    /// The least key derived from the elements, or nil, as a computed.
    ///
    /// ```swift
    /// let temperatures = Signal(IncrementalArray([12, 18, 25]))
    /// let coldest = temperatures.min(of: { $0 })
    /// temperatures.value.append(7)
    /// print(coldest.value ?? 0)   // prints "7"
    /// ```
    @inlinable
    public func min<Element, Key: Comparable>(of key: @escaping (Element) -> Key) -> Computed<Key?>
    where Value == IncrementalArray<Element> {
        makeListOperator(.extremum(maximum: false), ElementClosures(lending: key), method: "min(of:)")
    }

    /// The greatest key derived from the elements, or nil, as a computed.
    ///
    /// ```swift
    /// let temperatures = Signal(IncrementalArray([12, 18, 25]))
    /// let warmest = temperatures.max(of: { $0 })
    /// temperatures.value.removeLast()
    /// print(warmest.value ?? 0)   // prints "18"
    /// ```
    @inlinable
    public func max<Element, Key: Comparable>(of key: @escaping (Element) -> Key) -> Computed<Key?>
    where Value == IncrementalArray<Element> {
        makeListOperator(.extremum(maximum: true), ElementClosures(lending: key), method: "max(of:)")
    }
}
