/// `sorted(byKey:)`: the elements ordered by a key, elements with equal keys in source
/// order (a stable sort), as an ``IncrementalArray`` whose own journal lets further
/// operators follow it.
///
/// It keeps each element's key by slot (``ElementResults``), and the slots in sorted
/// order; a changed element is found by its old key and moved to its new place:
/// O(log n) per change.
@usableFromInline
struct SortedLogic<Element, Key: Comparable>: ListLogic {
    @usableFromInline typealias Result = Key
    @usableFromInline typealias Output = IncrementalArray<Element>

    @inlinable static var slotsValues: Bool { true }
    @inlinable static var labelsSlots: SlotLabels { .always }

    @usableFromInline let order: ListOrder
    @usableFromInline let elementsEqual: (Element, Element) -> Bool = defaultEquality()
    @usableFromInline var keys = ElementResults<Key>()
    /// The slots in output order.
    @usableFromInline var sorted = PersistentTree<UInt32, NoMarking<UInt32>>()

    @inlinable
    init(order: ListOrder) {
        self.order = order
    }

    /// Whether slot `a` comes before slot `b` in the output.
    @inlinable
    func precedes(_ a: UInt32, _ b: UInt32, by op: ListOperator<Self>) -> Bool {
        let keyA = keys.result(inSlot: a), keyB = keys.result(inSlot: b)
        if keyA != keyB { return order == .descending ? keyB < keyA : keyA < keyB }
        return op.slots.precedes(a, b)
    }

    /// Where `slot`, with its current key, belongs in the output (its position, if it
    /// is there).
    @inlinable
    func sortedPosition(of slot: UInt32, by op: ListOperator<Self>) -> Int {
        sorted.partitioningIndex { other in other == slot || !precedes(other, slot, by: op) }
    }

    @inlinable
    mutating func rebuild(
        _ list: IncrementalArray<Element>, previous: IncrementalArray<Element>?, onlyQueryChanged: Bool,
        by op: ListOperator<Self>
    ) -> (output: IncrementalArray<Element>, changed: Bool) {
        // The output order as source positions, to tell whether a new query changed it.
        var orderBefore: [Int] = []
        if onlyQueryChanged {
            var positionOfSlot = [Int](repeating: 0, count: op.slots.capacity)
            var position = 0
            op.slots.order.forEach(in: 0..<op.slots.count) {
                positionOfSlot[Int($0.slot)] = position
                position += 1
            }
            orderBefore.reserveCapacity(sorted.count)
            var slots = sorted.makeIterator()
            while let slot = slots.next() { orderBefore.append(positionOfSlot[Int(slot)]) }
        }
        op.resetSlots(count: list.count)
        keys.beginRebuild(count: list.count, slotted: true)
        var elements: [Element] = []
        elements.reserveCapacity(list.count)
        op.evaluateAll(list) { run, firstSlot, results in
            keys.append(results, firstSlot: firstSlot)
            elements.append(contentsOf: run)
        }
        // Slot i is at position i: sorting the slots stably by key sorts the elements.
        var order = Array(0..<UInt32(list.count))
        order.sort { precedes($0, $1, by: op) }
        sorted = PersistentTree(order)
        if onlyQueryChanged, let previous, orderBefore.elementsEqual(order.lazy.map { Int($0) }) {
            return (previous, false)
        }
        return (IncrementalArray(order.lazy.map { elements[Int($0)] }), true)
    }

    @inlinable
    mutating func inserted(
        _ element: Element, _ key: Key, at position: Int, slot: UInt32, into output: inout IncrementalArray<Element>,
        by op: ListOperator<Self>
    ) -> Bool {
        keys.insert(key, at: position, slot: slot)
        let place = sortedPosition(of: slot, by: op)
        sorted.insert(slot, at: place)
        output.insert(element, at: place)
        return true
    }

    @inlinable
    mutating func removing(
        at position: Int, slot: UInt32, wasKept: Bool, from output: inout IncrementalArray<Element>, by op: ListOperator<Self>
    ) -> Bool {
        let place = sortedPosition(of: slot, by: op)
        sorted.remove(at: place)
        output.remove(at: place)
        _ = keys.remove(at: position, slot: slot)
        return true
    }

    /// Evaluated again: moved if its key changed.
    @inlinable
    mutating func updated(
        _ element: Element, _ key: Key, at position: Int, slot: UInt32, in output: inout IncrementalArray<Element>,
        by op: ListOperator<Self>
    ) -> Bool {
        let place = sortedPosition(of: slot, by: op)
        if key == keys.result(inSlot: slot) {
            if elementsEqual(output[place], element) { return false }
            output[place] = element
            return true
        }
        sorted.remove(at: place)
        output.remove(at: place)
        _ = keys.replace(at: position, slot: slot, with: key)
        let newPlace = sortedPosition(of: slot, by: op)
        sorted.insert(slot, at: newPlace)
        output.insert(element, at: newPlace)
        return true
    }
}
