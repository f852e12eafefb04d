/// `min(of:)` and `max(of:)`: the least or greatest key over the elements, or nil for an
/// empty list.
///
/// It keeps every element's key (in source order for values, by slot for objects) and
/// all keys in a sorted multiset, so that a changed element's old key is removed and
/// its new one added: O(log² n) per change.
final class ExtremumOperator<Element, Key: Comparable>: ListOperator<Element, Key, Key?> {
    private let wantsMaximum: Bool
    private var sortedKeys = PersistentTree<Key, NoMarking<Key>>()
    private var positionalKeys = PersistentTree<Key, NoMarking<Key>>()
    private var table = SlotTable<Element>(labelled: false)
    private var slotKeys: ContiguousArray<Key?> = []

    init(
        source: @escaping () -> IncrementalArray<Element>, function: ElementFunction<Element, Key>, maximum: Bool,
        capturesEnvironment: Bool
    ) {
        wantsMaximum = maximum
        super.init(source: source, function: function, capturesEnvironment: capturesEnvironment)
    }

    private var extremum: Key? {
        wantsMaximum ? sortedKeys.last : sortedKeys.first
    }

    override func rebuild(_ list: IncrementalArray<Element>, previous: Key??, onlyQueryChanged: Bool) -> (output: Key?, changed: Bool) {
        var all: [Key] = []
        all.reserveCapacity(list.count)
        if tracksElements {
            prepareSlots(forFullPass: list.count)
            table.reset(count: list.count)
            slotKeys = ContiguousArray(repeating: nil, count: table.capacity)
        }
        var slot: UInt32 = 0
        for element in list {
            attach(element, to: slot)
            let key = evaluate(element, slot: slot)
            all.append(key)
            if tracksElements { slotKeys[Int(slot)] = key }
            slot += 1
        }
        if !tracksElements { positionalKeys = PersistentTree(all) }
        all.sort()
        sortedKeys = PersistentTree(all)
        let result = extremum
        guard let previous else { return (result, true) }
        return previous == result ? (previous, false) : (result, true)
    }

    override func follow(_ changes: [ListChange<Element>], fired: [UInt32], list: IncrementalArray<Element>, output: inout Key?) -> Bool {
        for change in changes {
            switch change {
            case .insert(let position, let element):
                let slot = tracksElements ? table.insert(at: position) : 0
                attach(element, to: slot)
                let key = evaluate(element, slot: slot)
                if tracksElements {
                    if slotKeys.count < table.capacity {
                        slotKeys.append(contentsOf: repeatElement(nil, count: table.capacity - slotKeys.count))
                    }
                    slotKeys[Int(slot)] = key
                } else {
                    positionalKeys.insert(key, at: position)
                }
                insertKey(key)
            case .remove(let position):
                if tracksElements {
                    let slot = table.remove(at: position).slot
                    removeKey(slotKeys[Int(slot)]!)
                    slotKeys[Int(slot)] = nil
                    detach(slot: slot)
                } else {
                    removeKey(positionalKeys.remove(at: position))
                }
            case .replace(let position, let element):
                if tracksElements {
                    let slot = table.slot(at: position)
                    attach(element, to: slot)
                    rekey(slot: slot, element)
                } else {
                    let key = evaluate(element, slot: 0)
                    removeKey(positionalKeys[position])
                    insertKey(key)
                    positionalKeys[position] = key
                }
            }
        }
        for slot in fired {
            guard let element = element(inSlot: slot) else { continue }
            rekey(slot: slot, element)
        }
        let result = extremum
        if result == output { return false }
        output = result
        return true
    }

    private func rekey(slot: UInt32, _ element: Element) {
        let key = evaluate(element, slot: slot)
        let old = slotKeys[Int(slot)]!
        guard key != old else { return }
        removeKey(old)
        insertKey(key)
        slotKeys[Int(slot)] = key
    }

    /// The first position whose key is not less than `key`.
    private func lowerBound(_ key: Key) -> Int {
        var low = 0
        var high = sortedKeys.count
        while low < high {
            let middle = (low + high) / 2
            if sortedKeys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func insertKey(_ key: Key) {
        sortedKeys.insert(key, at: lowerBound(key))
    }

    private func removeKey(_ key: Key) {
        let position = lowerBound(key)
        assert(position < sortedKeys.count && sortedKeys[position] == key, "a removed key is in the multiset")
        sortedKeys.remove(at: position)
    }
}
