/// `first(where:)`: the first element that passes, found from the kept marks in
/// O(log n) after an update whose changes reached the first kept element (rank 0),
/// the only one its output depends on.
@usableFromInline
struct FirstLogic<Element>: ListLogic {
    @usableFromInline typealias Result = Bool
    @usableFromInline typealias Output = Element?

    @inlinable static var slotsValues: Bool { true }
    @inlinable static var labelsSlots: SlotLabels { .forObjects }
    @inlinable static var finishReadsList: Bool { true }

    @usableFromInline let equal: (Element?, Element?) -> Bool = defaultEquality()
    /// Whether a change of this update reached the first kept element.
    @usableFromInline var reachedFirst = false

    @inlinable
    init() {}

    @inlinable
    mutating func rebuild(
        _ list: IncrementalArray<Element>, previous: Element??, onlyQueryChanged: Bool, by op: ListOperator<Self>
    ) -> (output: Element?, changed: Bool) {
        _ = op.rebuildMembership(list, onlyQueryChanged: false, collecting: false)
        let first = firstKept(in: list, by: op)
        guard let previous else { return (first, true) }
        if equal(previous, first) { return (previous, false) }
        return (first, true)
    }

    @inlinable
    mutating func inserted(
        _ element: Element, _ isKept: Bool, at position: Int, slot: UInt32, into output: inout Element?,
        by op: ListOperator<Self>
    ) -> Bool {
        if isKept, op.setKept(true, at: position) == 0 { reachedFirst = true }
        return false
    }

    @inlinable
    mutating func removing(
        at position: Int, slot: UInt32, wasKept: Bool, from output: inout Element?, by op: ListOperator<Self>
    ) -> Bool {
        if wasKept, op.rank(of: position) == 0 { reachedFirst = true }
        return false
    }

    @inlinable
    mutating func updated(
        _ element: Element, _ isKept: Bool, at position: Int, slot: UInt32, in output: inout Element?,
        by op: ListOperator<Self>
    ) -> Bool {
        let wasKept = op.isKept(at: position)
        let rank = wasKept == isKept ? op.rank(of: position) : op.setKept(isKept, at: position)
        if (wasKept || isKept), rank == 0 { reachedFirst = true }
        return false
    }

    /// The same object: only a change of membership can change the first element.
    @inlinable
    mutating func refired(
        _ element: Element, _ isKept: Bool, at position: Int, slot: UInt32, in output: inout Element?,
        by op: ListOperator<Self>
    ) -> Bool {
        guard op.isKept(at: position) != isKept else { return false }
        return updated(element, isKept, at: position, slot: slot, in: &output, by: op)
    }

    /// Whether the first element changed is decided by comparing it; a change that
    /// never reached rank 0 left it where it was.
    @inlinable
    mutating func finish(
        _ output: inout Element?, changed: Bool, list: IncrementalArray<Element>?, by op: ListOperator<Self>
    ) -> Bool {
        guard reachedFirst else { return false }
        reachedFirst = false
        // Safety: `finishReadsList` makes the operator pass the list.
        let first = firstKept(in: list.unsafelyUnwrapped, by: op)
        if equal(output, first) { return false }
        output = first
        return true
    }

    @inlinable
    func firstKept(in list: IncrementalArray<Element>, by op: ListOperator<Self>) -> Element? {
        guard op.slots.keptCount > 0 else { return nil }
        return list[op.slots.position(ofKept: 0)]
    }
}
