/// `map`: the closure's result for each element, in source order, as an
/// ``IncrementalArray`` whose own journal lets further operators follow it. O(log n)
/// per changed element; a result equal to the one before changes nothing.
final class MapOperator<Element, Mapped>: ListOperator<Element, Mapped, IncrementalArray<Mapped>> {
    private let mappedEqual: (Mapped, Mapped) -> Bool
    /// For objects: slots, to find an element whose tracker fired.
    private var table = SlotTable<Element>(labelled: true)

    override init(
        source: @escaping () -> IncrementalArray<Element>, function: ElementFunction<Element, Mapped>, capturesEnvironment: Bool
    ) {
        let equivalence = Equivalence<Mapped>.rule(ValueEquality<Mapped>.defaultRule)
        mappedEqual = { equivalence.equal($0, $1) }
        super.init(source: source, function: function, capturesEnvironment: capturesEnvironment)
    }

    override func rebuild(_ list: IncrementalArray<Element>, previous: IncrementalArray<Mapped>?, onlyQueryChanged: Bool) -> (output: IncrementalArray<Mapped>, changed: Bool) {
        if tracksElements {
            prepareSlots(forFullPass: list.count)
            table.reset(count: list.count)
        }
        var mapped: [Mapped] = []
        mapped.reserveCapacity(list.count)
        var slot: UInt32 = 0
        for element in list {
            attach(element, to: slot)
            mapped.append(evaluate(element, slot: slot))
            slot += 1
        }
        if onlyQueryChanged, let previous, previous.count == mapped.count,
           zip(previous, mapped).allSatisfy({ mappedEqual($0, $1) }) {
            return (previous, false)
        }
        return (IncrementalArray(mapped), true)
    }

    override func follow(
        _ changes: [ListChange<Element>], fired: [UInt32], list: IncrementalArray<Element>,
        output: inout IncrementalArray<Mapped>
    ) -> Bool {
        var changed = false
        for change in changes {
            switch change {
            case .insert(let position, let element):
                let slot = tracksElements ? table.insert(at: position) : 0
                attach(element, to: slot)
                output.insert(evaluate(element, slot: slot), at: position)
                changed = true
            case .remove(let position):
                if tracksElements { detach(slot: table.remove(at: position).slot) }
                output.remove(at: position)
                changed = true
            case .replace(let position, let element):
                let slot = tracksElements ? table.slot(at: position) : 0
                attach(element, to: slot)
                if set(evaluate(element, slot: slot), at: position, in: &output) { changed = true }
            }
        }
        for slot in fired {
            guard let element = element(inSlot: slot) else { continue }
            let position = table.position(of: slot)
            if set(evaluate(element, slot: slot), at: position, in: &output) { changed = true }
        }
        return changed
    }

    private func set(_ value: Mapped, at position: Int, in output: inout IncrementalArray<Mapped>) -> Bool {
        if mappedEqual(output[position], value) { return false }
        output[position] = value
        return true
    }
}
