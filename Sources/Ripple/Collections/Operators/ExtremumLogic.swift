/// `min(of:)` and `max(of:)`: the least or greatest key over the elements, or nil for an
/// empty list.
///
/// It keeps every element's key (``ElementResults``) and all keys in a sorted
/// multiset, so that a changed element's old key is removed and its new one added:
/// O(log n) per change.
@usableFromInline
struct ExtremumLogic<Element, Key: Comparable>: ListLogic {
    @usableFromInline typealias Result = Key
    @usableFromInline typealias Output = Key?

    @inlinable static var labelsSlots: SlotLabels { .never }

    @usableFromInline let wantsMaximum: Bool
    @usableFromInline var sortedKeys = PersistentTree<Key, NoMarking<Key>>()
    @usableFromInline var keys = ElementResults<Key>()

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
        op.resetSlots(count: list.count)
        var all: [Key] = []
        all.reserveCapacity(list.count)
        keys.beginRebuild(count: list.count, slotted: op.hasSlots)
        op.evaluateAll(list) { _, firstSlot, results in
            all.append(contentsOf: results)
            keys.append(results, firstSlot: firstSlot)
        }
        keys.endRebuild()
        all.sort()
        sortedKeys = PersistentTree(all)
        let result = extremum
        guard let previous else { return (result, true) }
        return previous == result ? (previous, false) : (result, true)
    }

    @inlinable
    mutating func inserted(
        _ element: Element, _ key: Key, at position: Int, slot: UInt32, into output: inout Key?,
        by op: ListOperator<Self>
    ) -> Bool {
        keys.insert(key, at: position, slot: slot)
        insertKey(key)
        return false
    }

    @inlinable
    mutating func removing(at position: Int, slot: UInt32, wasKept: Bool, from output: inout Key?, by op: ListOperator<Self>) -> Bool {
        removeKey(keys.remove(at: position, slot: slot))
        return false
    }

    @inlinable
    mutating func updated(
        _ element: Element, _ key: Key, at position: Int, slot: UInt32, in output: inout Key?, by op: ListOperator<Self>
    ) -> Bool {
        let old = keys.replace(at: position, slot: slot, with: key)
        guard key != old else { return false }
        removeKey(old)
        insertKey(key)
        return false
    }

    @inlinable
    mutating func finish(
        _ output: inout Key?, changed: Bool, list: IncrementalArray<Element>?, by op: ListOperator<Self>
    ) -> Bool {
        let result = extremum
        if result == output { return false }
        output = result
        return true
    }

    /// The first position whose key is not less than `key`.
    @inlinable
    func lowerBound(_ key: Key) -> Int {
        sortedKeys.partitioningIndex { $0 >= key }
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
