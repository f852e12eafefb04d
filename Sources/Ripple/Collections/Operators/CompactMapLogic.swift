/// `compactMap`: the closure's non-nil results, in source order, as an
/// ``IncrementalArray`` whose own journal lets further operators follow it. A filter
/// and a map at once: the slots' kept marks say which elements have a result, and an
/// element's rank among them is its place in the output. O(log n) per changed element.
@usableFromInline
struct CompactMapLogic<Element, Mapped>: ListLogic {
    @usableFromInline typealias Result = Mapped?
    @usableFromInline typealias Output = IncrementalArray<Mapped>

    @inlinable static var slotsValues: Bool { true }
    @inlinable static var labelsSlots: SlotLabels { .forObjects }

    @usableFromInline let mappedEqual: (Mapped, Mapped) -> Bool = defaultEquality()

    @inlinable
    init() {}

    @inlinable
    mutating func rebuild(
        _ list: IncrementalArray<Element>, previous: IncrementalArray<Mapped>?, onlyQueryChanged: Bool,
        by op: ListOperator<Self>
    ) -> (output: IncrementalArray<Mapped>, changed: Bool) {
        var marks = ContiguousArray<Bool>()
        marks.reserveCapacity(list.count)
        var mapped: [Mapped] = []
        op.evaluateAll(list) { _, _, results in
            for result in results {
                marks.append(result != nil)
                if let result { mapped.append(result) }
            }
        }
        op.slots.reset(kept: marks)
        if onlyQueryChanged, let previous, previous.count == mapped.count,
           zip(previous, mapped).allSatisfy({ mappedEqual($0, $1) }) {
            return (previous, false)
        }
        return (IncrementalArray(mapped), true)
    }

    @inlinable
    mutating func inserted(
        _ element: Element, _ result: Mapped?, at position: Int, slot: UInt32,
        into output: inout IncrementalArray<Mapped>, by op: ListOperator<Self>
    ) -> Bool {
        guard let result else { return false }
        output.insert(result, at: op.setKept(true, at: position))
        return true
    }

    @inlinable
    mutating func removing(
        at position: Int, slot: UInt32, wasKept: Bool, from output: inout IncrementalArray<Mapped>, by op: ListOperator<Self>
    ) -> Bool {
        guard wasKept else { return false }
        output.remove(at: op.rank(of: position))
        return true
    }

    @inlinable
    mutating func updated(
        _ element: Element, _ result: Mapped?, at position: Int, slot: UInt32,
        in output: inout IncrementalArray<Mapped>, by op: ListOperator<Self>
    ) -> Bool {
        switch (op.isKept(at: position), result) {
        case (true, let result?):
            let rank = op.rank(of: position)
            if mappedEqual(output[rank], result) { return false }
            output[rank] = result
            return true
        case (true, nil):
            output.remove(at: op.setKept(false, at: position))
            return true
        case (false, let result?):
            output.insert(result, at: op.setKept(true, at: position))
            return true
        case (false, nil):
            return false
        }
    }
}
