/// Says which elements of a ``PersistentTree`` are marked, so that the tree can count
/// them per node and rank and select them in logarithmic time.
///
/// `isMarked` must depend on the element alone: the tree calls it when elements come
/// and go, and trusts the counts it kept from those calls.
@usableFromInline
protocol TreeMarking {
    associatedtype Element
    static func isMarked(_ element: Element) -> Bool
}

/// The marking under which no element is marked. A tree with it keeps no mark counts.
@usableFromInline
enum NoMarking<Element>: TreeMarking {
    @inlinable
    static func isMarked(_: Element) -> Bool { false }
}
