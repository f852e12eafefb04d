/// `sorted(by:)`: the elements ordered by a key, elements with equal keys in source
/// order (a stable sort), as an ``IncrementalArray`` whose own journal lets further
/// operators follow it.
///
/// It keeps each element's key by slot, and the slots in sorted order; a changed
/// element is found by its old key and moved to its new place: O(log² n) per change.
@usableFromInline
struct SortedLogic<Element, Key: Comparable>: ListLogic {
    @usableFromInline typealias Result = Key
    @usableFromInline typealias Output = IncrementalArray<Element>

    @usableFromInline let descending: Bool
    @usableFromInline let elementsEqual: (Element, Element) -> Bool
    @usableFromInline var table = SlotTable(labelled: true)
    @usableFromInline var keys: ContiguousArray<Key?> = []
    /// The slots in output order.
    @usableFromInline var sorted = PersistentTree<UInt32, NoMarking<UInt32>>()

    @inlinable
    init(descending: Bool) {
        self.descending = descending
        let equivalence = Equivalence<Element>.rule(ValueEquality<Element>.defaultRule)
        elementsEqual = { equivalence.equal($0, $1) }
    }

    /// Whether slot `a` comes before slot `b` in the output.
    @inlinable
    func precedes(_ a: UInt32, _ b: UInt32) -> Bool {
        let keyA = keys[Int(a)]!, keyB = keys[Int(b)]!
        if keyA != keyB { return descending ? keyB < keyA : keyA < keyB }
        return table.precedes(a, b)
    }

    /// Where `slot`, with its current key, belongs in the output (its position, if it
    /// is there).
    @inlinable
    func sortedPosition(of slot: UInt32) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            let other = sorted[middle]
            if other != slot, precedes(other, slot) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    @inlinable
    mutating func rebuild(
        _ list: IncrementalArray<Element>, previous: IncrementalArray<Element>?, onlyQueryChanged: Bool,
        by op: ListOperator<Self>
    ) -> (output: IncrementalArray<Element>, changed: Bool) {
        // The output order as source positions, to tell whether a new query changed it.
        var orderBefore: [Int] = []
        if onlyQueryChanged {
            var positionOfSlot = [Int](repeating: 0, count: table.capacity)
            var position = 0
            table.order.forEach(in: 0..<table.count) {
                positionOfSlot[Int($0.slot)] = position
                position += 1
            }
            orderBefore.reserveCapacity(sorted.count)
            var slots = sorted.makeIterator()
            while let slot = slots.next() { orderBefore.append(positionOfSlot[Int(slot)]) }
        }
        op.prepareSlots(forFullPass: list.count)
        table.reset(count: list.count)
        keys = ContiguousArray(repeating: nil, count: table.capacity)
        var elements: [Element] = []
        elements.reserveCapacity(list.count)
        op.evaluateAll(list) { run, firstSlot, results in
            var slot = Int(firstSlot)
            for key in results {
                keys[slot] = key
                slot &+= 1
            }
            elements.append(contentsOf: run)
        }
        // Slot i is at position i: sorting the slots stably by key sorts the elements.
        var order = Array(0..<UInt32(list.count))
        order.sort { precedes($0, $1) }
        sorted = PersistentTree(order)
        if onlyQueryChanged, let previous, orderBefore.elementsEqual(order.lazy.map { Int($0) }) {
            return (previous, false)
        }
        return (IncrementalArray(order.lazy.map { elements[Int($0)] }), true)
    }

    @inlinable
    mutating func follow(
        _ changes: [ListChange<Element>], fired: [UInt32], list: IncrementalArray<Element>,
        output: inout IncrementalArray<Element>, by op: ListOperator<Self>
    ) -> Bool {
        var changed = false
        for change in changes {
            switch change {
            case .insert(let position, let element):
                let slot = table.insert(at: position)
                if keys.count < table.capacity {
                    keys.append(contentsOf: repeatElement(nil, count: table.capacity - keys.count))
                }
                op.attach(element, to: slot)
                keys[Int(slot)] = op.evaluate(element, slot: slot)
                let place = sortedPosition(of: slot)
                sorted.insert(slot, at: place)
                output.insert(element, at: place)
                changed = true
            case .remove(let position):
                let slot = table.slot(at: position)
                let place = sortedPosition(of: slot)
                sorted.remove(at: place)
                output.remove(at: place)
                table.remove(at: position)
                keys[Int(slot)] = nil
                op.detach(slot: slot)
                changed = true
            case .replace(let position, let element):
                let slot = table.slot(at: position)
                op.attach(element, to: slot)
                if reposition(slot, element, in: &output, by: op) { changed = true }
            }
        }
        for slot in fired {
            guard let element = op.element(inSlot: slot) else { continue }
            if reposition(slot, element, in: &output, by: op) { changed = true }
        }
        return changed
    }

    /// Evaluates the element in `slot` again and moves it if its key changed; returns
    /// whether the output changed.
    @inlinable
    mutating func reposition(
        _ slot: UInt32, _ element: Element, in output: inout IncrementalArray<Element>, by op: ListOperator<Self>
    ) -> Bool {
        let key = op.evaluate(element, slot: slot)
        let place = sortedPosition(of: slot)
        if key == keys[Int(slot)]! {
            if elementsEqual(output[place], element) { return false }
            output[place] = element
            return true
        }
        sorted.remove(at: place)
        output.remove(at: place)
        keys[Int(slot)] = key
        let newPlace = sortedPosition(of: slot)
        sorted.insert(slot, at: newPlace)
        output.insert(element, at: newPlace)
        return true
    }
}
