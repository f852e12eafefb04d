/// `map`: the closure's result for each element, in source order, as an
/// ``IncrementalArray`` whose own journal lets further operators follow it. O(log n)
/// per changed element; a result equal to the one before changes nothing.
@usableFromInline
struct MapLogic<Element, Mapped>: ListLogic {
    @usableFromInline typealias Result = Mapped
    @usableFromInline typealias Output = IncrementalArray<Mapped>

    @usableFromInline let mappedEqual: (Mapped, Mapped) -> Bool
    /// For objects: slots, to find an element whose tracker fired.
    @usableFromInline var table = SlotTable(labelled: true)

    @inlinable
    init() {
        let equivalence = Equivalence<Mapped>.rule(ValueEquality<Mapped>.defaultRule)
        mappedEqual = { equivalence.equal($0, $1) }
    }

    @inlinable
    mutating func rebuild(
        _ list: IncrementalArray<Element>, previous: IncrementalArray<Mapped>?, onlyQueryChanged: Bool,
        by op: ListOperator<Self>
    ) -> (output: IncrementalArray<Mapped>, changed: Bool) {
        if op.tracksElements {
            op.prepareSlots(forFullPass: list.count)
            table.reset(count: list.count)
        }
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
    mutating func follow(
        _ changes: [ListChange<Element>], fired: [UInt32], list: IncrementalArray<Element>,
        output: inout IncrementalArray<Mapped>, by op: ListOperator<Self>
    ) -> Bool {
        var changed = false
        for change in changes {
            switch change {
            case .insert(let position, let element):
                let slot = op.tracksElements ? table.insert(at: position) : 0
                op.attach(element, to: slot)
                output.insert(op.evaluate(element, slot: slot), at: position)
                changed = true
            case .remove(let position):
                if op.tracksElements { op.detach(slot: table.remove(at: position).slot) }
                output.remove(at: position)
                changed = true
            case .replace(let position, let element):
                let slot = op.tracksElements ? table.slot(at: position) : 0
                op.attach(element, to: slot)
                if set(op.evaluate(element, slot: slot), at: position, in: &output) { changed = true }
            }
        }
        for slot in fired {
            guard let element = op.element(inSlot: slot) else { continue }
            let position = table.position(of: slot)
            if set(op.evaluate(element, slot: slot), at: position, in: &output) { changed = true }
        }
        return changed
    }

    @inlinable
    func set(_ value: Mapped, at position: Int, in output: inout IncrementalArray<Mapped>) -> Bool {
        if mappedEqual(output[position], value) { return false }
        output[position] = value
        return true
    }
}
