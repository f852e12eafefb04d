/// `filter`: the elements that pass, in source order, as an ``IncrementalArray`` whose
/// own journal lets further operators follow it. O(log n) per changed element,
/// whatever the list's length, and as much to find an object whose tracker fired.
@usableFromInline
struct FilterLogic<Element>: ListLogic {
    @usableFromInline typealias Result = Bool
    @usableFromInline typealias Output = IncrementalArray<Element>

    @inlinable static var slotsValues: Bool { true }
    @inlinable static var labelsSlots: SlotLabels { .forObjects }

    @usableFromInline let elementsEqual: (Element, Element) -> Bool = defaultEquality()

    @inlinable
    init() {}

    @inlinable
    mutating func rebuild(
        _ list: IncrementalArray<Element>, previous: IncrementalArray<Element>?, onlyQueryChanged: Bool,
        by op: ListOperator<Self>
    ) -> (output: IncrementalArray<Element>, changed: Bool) {
        // A new output makes the operators that follow it pass over it once: cheaper
        // than a change each, when many elements flipped.
        guard let output = op.rebuildMembership(list, onlyQueryChanged: onlyQueryChanged, collecting: true) else {
            return (previous!, false)
        }
        return (output, true)
    }

    @inlinable
    mutating func inserted(
        _ element: Element, _ isKept: Bool, at position: Int, slot: UInt32,
        into output: inout IncrementalArray<Element>, by op: ListOperator<Self>
    ) -> Bool {
        guard isKept else { return false }
        output.insert(element, at: op.setKept(true, at: position))
        return true
    }

    @inlinable
    mutating func removing(
        at position: Int, slot: UInt32, wasKept: Bool, from output: inout IncrementalArray<Element>, by op: ListOperator<Self>
    ) -> Bool {
        guard wasKept else { return false }
        output.remove(at: op.rank(of: position))
        return true
    }

    @inlinable
    mutating func updated(
        _ element: Element, _ isKept: Bool, at position: Int, slot: UInt32, in output: inout IncrementalArray<Element>,
        by op: ListOperator<Self>
    ) -> Bool {
        switch (op.isKept(at: position), isKept) {
        case (true, true):
            let rank = op.rank(of: position)
            if elementsEqual(output[rank], element) { return false }
            output[rank] = element
            return true
        case (true, false):
            output.remove(at: op.setKept(false, at: position))
            return true
        case (false, true):
            output.insert(element, at: op.setKept(true, at: position))
            return true
        case (false, false):
            return false
        }
    }

    /// The same object: only a change of membership changes the output.
    @inlinable
    mutating func refired(
        _ element: Element, _ isKept: Bool, at position: Int, slot: UInt32, in output: inout IncrementalArray<Element>,
        by op: ListOperator<Self>
    ) -> Bool {
        guard op.isKept(at: position) != isKept else { return false }
        return updated(element, isKept, at: position, slot: slot, in: &output, by: op)
    }
}
