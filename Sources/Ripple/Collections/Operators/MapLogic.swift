/// `map`: the closure's result for each element, in source order, as an
/// ``IncrementalArray`` whose own journal lets further operators follow it. O(log n)
/// per changed element; a result equal to the one before changes nothing.
@usableFromInline
struct MapLogic<Element, Mapped>: ListLogic {
    @usableFromInline typealias Result = Mapped
    @usableFromInline typealias Output = IncrementalArray<Mapped>

    @inlinable static var labelsSlots: SlotLabels { .forObjects }

    @usableFromInline let mappedEqual: (Mapped, Mapped) -> Bool = defaultEquality()

    @inlinable
    init() {}

    @inlinable
    mutating func rebuild(
        _ list: IncrementalArray<Element>, previous: IncrementalArray<Mapped>?, onlyQueryChanged: Bool,
        by op: ListOperator<Self>
    ) -> (output: IncrementalArray<Mapped>, changed: Bool) {
        op.resetSlots(count: list.count)
        var mapped: [Mapped] = []
        mapped.reserveCapacity(list.count)
        op.evaluateAll(list) { _, _, results in mapped.append(contentsOf: results) }
        if onlyQueryChanged, let previous, previous.count == mapped.count,
           zip(previous, mapped).allSatisfy({ mappedEqual($0, $1) }) {
            return (previous, false)
        }
        return (IncrementalArray(mapped), true)
    }

    @inlinable
    mutating func inserted(
        _ element: Element, _ result: Mapped, at position: Int, slot: UInt32,
        into output: inout IncrementalArray<Mapped>, by op: ListOperator<Self>
    ) -> Bool {
        output.insert(result, at: position)
        return true
    }

    @inlinable
    mutating func removing(
        at position: Int, slot: UInt32, wasKept: Bool, from output: inout IncrementalArray<Mapped>, by op: ListOperator<Self>
    ) -> Bool {
        output.remove(at: position)
        return true
    }

    @inlinable
    mutating func updated(
        _ element: Element, _ result: Mapped, at position: Int, slot: UInt32, in output: inout IncrementalArray<Mapped>,
        by op: ListOperator<Self>
    ) -> Bool {
        let current = output[position]
        if mappedEqual(current, result) { return false }
        output[position] = result
        return true
    }
}
