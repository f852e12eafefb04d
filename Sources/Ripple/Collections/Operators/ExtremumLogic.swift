/// `min(of:)` and `max(of:)`: the least or greatest key over the elements, or nil for an
/// empty list.
///
/// It keeps every element's key (in source order for values, by slot for objects) and
/// all keys in a sorted multiset, so that a changed element's old key is removed and
/// its new one added: O(log² n) per change.
@usableFromInline
struct ExtremumLogic<Element, Key: Comparable>: ListLogic {
    @usableFromInline typealias Result = Key
    @usableFromInline typealias Output = Key?

    @usableFromInline let wantsMaximum: Bool
    @usableFromInline var sortedKeys = PersistentTree<Key, NoMarking<Key>>()
    @usableFromInline var positionalKeys = PersistentTree<Key, NoMarking<Key>>()
    @usableFromInline var table = SlotTable(labelled: false)
    @usableFromInline var slotKeys: ContiguousArray<Key?> = []

    @inlinable
    init(maximum: Bool) {
        wantsMaximum = maximum
    }

    @inlinable
    var extremum: Key? {
        wantsMaximum ? sortedKeys.last : sortedKeys.first
    }

    @inlinable
    mutating func rebuild(
        _ list: IncrementalArray<Element>, previous: Key??, onlyQueryChanged: Bool, by op: ListOperator<Self>
    ) -> (output: Key?, changed: Bool) {
        var all: [Key] = []
        all.reserveCapacity(list.count)
        if op.tracksElements {
            op.prepareSlots(forFullPass: list.count)
            table.reset(count: list.count)
            slotKeys = ContiguousArray(repeating: nil, count: table.capacity)
        }
        let tracksElements = op.tracksElements
        op.evaluateAll(list) { _, firstSlot, results in
            all.append(contentsOf: results)
            if tracksElements {
                var slot = Int(firstSlot)
                for key in results {
                    slotKeys[slot] = key
                    slot &+= 1
                }
            }
        }
        if !op.tracksElements { positionalKeys = PersistentTree(all) }
        all.sort()
        sortedKeys = PersistentTree(all)
        let result = extremum
        guard let previous else { return (result, true) }
        return previous == result ? (previous, false) : (result, true)
    }

    @inlinable
    mutating func follow(
        _ changes: [ListChange<Element>], fired: [UInt32], list: IncrementalArray<Element>, output: inout Key?,
        by op: ListOperator<Self>
    ) -> Bool {
        for change in changes {
            switch change {
            case .insert(let position, let element):
                let slot = op.tracksElements ? table.insert(at: position) : 0
                op.attach(element, to: slot)
                let key = op.evaluate(element, slot: slot)
                if op.tracksElements {
                    if slotKeys.count < table.capacity {
                        slotKeys.append(contentsOf: repeatElement(nil, count: table.capacity - slotKeys.count))
                    }
                    slotKeys[Int(slot)] = key
                } else {
                    positionalKeys.insert(key, at: position)
                }
                insertKey(key)
            case .remove(let position):
                if op.tracksElements {
                    let slot = table.remove(at: position).slot
                    removeKey(slotKeys[Int(slot)]!)
                    slotKeys[Int(slot)] = nil
                    op.detach(slot: slot)
                } else {
                    removeKey(positionalKeys.remove(at: position))
                }
            case .replace(let position, let element):
                if op.tracksElements {
                    let slot = table.slot(at: position)
                    op.attach(element, to: slot)
                    rekey(slot: slot, element, by: op)
                } else {
                    let key = op.evaluate(element, slot: 0)
                    removeKey(positionalKeys[position])
                    insertKey(key)
                    positionalKeys[position] = key
                }
            }
        }
        for slot in fired {
            guard let element = op.element(inSlot: slot) else { continue }
            rekey(slot: slot, element, by: op)
        }
        let result = extremum
        if result == output { return false }
        output = result
        return true
    }

    @inlinable
    mutating func rekey(slot: UInt32, _ element: Element, by op: ListOperator<Self>) {
        let key = op.evaluate(element, slot: slot)
        let old = slotKeys[Int(slot)]!
        guard key != old else { return }
        removeKey(old)
        insertKey(key)
        slotKeys[Int(slot)] = key
    }

    /// The first position whose key is not less than `key`.
    @inlinable
    func lowerBound(_ key: Key) -> Int {
        var low = 0
        var high = sortedKeys.count
        while low < high {
            let middle = (low + high) / 2
            if sortedKeys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    @inlinable
    mutating func insertKey(_ key: Key) {
        sortedKeys.insert(key, at: lowerBound(key))
    }

    @inlinable
    mutating func removeKey(_ key: Key) {
        let position = lowerBound(key)
        assert(position < sortedKeys.count && sortedKeys[position] == key, "a removed key is in the multiset")
        sortedKeys.remove(at: position)
    }
}
