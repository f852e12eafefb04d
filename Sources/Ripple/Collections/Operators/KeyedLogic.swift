/// `keyed(by:)`: the elements by their key, as a ``KeyedIndex``. Each slot keeps its
/// element and key; each key its winner, the first of its elements in source order
/// (slots are labelled, so two slots compare by position), and the others in line.
/// O(1) per changed element, plus O(d) for a key held by d elements.
@usableFromInline
struct KeyedLogic<Element, Key: Hashable>: ListLogic {
    @usableFromInline typealias Result = Key
    @usableFromInline typealias Output = KeyedIndex<Key, Element>

    @inlinable static var slotsValues: Bool { true }
    @inlinable static var labelsSlots: SlotLabels { .always }

    @usableFromInline let elementsEqual: (Element, Element) -> Bool = defaultEquality()
    /// By slot: the element there and its key.
    @usableFromInline var entries: ContiguousArray<(key: Key, element: Element)?> = []
    /// The slot whose element a key finds.
    @usableFromInline var winners: [Key: UInt32] = [:]
    /// The other slots holding a key, for keys held by more than one element.
    @usableFromInline var others: [Key: [UInt32]] = [:]

    @inlinable
    init() {}

    @inlinable
    mutating func rebuild(
        _ list: IncrementalArray<Element>, previous: KeyedIndex<Key, Element>?, onlyQueryChanged: Bool,
        by op: ListOperator<Self>
    ) -> (output: KeyedIndex<Key, Element>, changed: Bool) {
        op.resetSlots(count: list.count)
        entries = ContiguousArray(repeating: nil, count: list.count)
        winners = [:]
        others = [:]
        var index: [Key: Element] = [:]
        index.reserveCapacity(list.count)
        op.evaluateAll(list) { elements, firstSlot, keys in
            for offset in 0..<keys.count {
                let slot = firstSlot &+ UInt32(truncatingIfNeeded: offset)
                let key = keys[offset], element = elements[offset]
                entries[Int(slot)] = (key, element)
                if winners[key] == nil {
                    winners[key] = slot
                    index[key] = element
                } else {
                    others[key, default: []].append(slot)
                }
            }
        }
        if onlyQueryChanged, let previous, previous.count == index.count,
           index.allSatisfy({ key, element in previous[key].map { elementsEqual($0, element) } ?? false }) {
            return (previous, false)
        }
        return (KeyedIndex(index), true)
    }

    @inlinable
    mutating func inserted(
        _ element: Element, _ key: Key, at position: Int, slot: UInt32,
        into output: inout KeyedIndex<Key, Element>, by op: ListOperator<Self>
    ) -> Bool {
        if Int(slot) >= entries.count {
            entries.append(contentsOf: repeatElement(nil, count: Int(slot) + 1 - entries.count))
        }
        entries[Int(slot)] = (key, element)
        return hold(key, in: slot, element, output: &output, by: op)
    }

    @inlinable
    mutating func removing(
        at position: Int, slot: UInt32, wasKept: Bool, from output: inout KeyedIndex<Key, Element>, by op: ListOperator<Self>
    ) -> Bool {
        guard let entry = entries[Int(slot)] else { return false }
        entries[Int(slot)] = nil
        return release(entry.key, from: slot, output: &output, by: op)
    }

    @inlinable
    mutating func updated(
        _ element: Element, _ key: Key, at position: Int, slot: UInt32,
        in output: inout KeyedIndex<Key, Element>, by op: ListOperator<Self>
    ) -> Bool {
        guard let old = entries[Int(slot)] else {
            return inserted(element, key, at: position, slot: slot, into: &output, by: op)
        }
        entries[Int(slot)] = (key, element)
        if old.key == key {
            guard winners[key] == slot, !elementsEqual(old.element, element) else { return false }
            output.elements[key] = element
            return true
        }
        let released = release(old.key, from: slot, output: &output, by: op)
        let held = hold(key, in: slot, element, output: &output, by: op)
        return released || held
    }

    /// `slot`, holding `element`, now has `key`: it finds it if it comes first.
    @inlinable
    mutating func hold(
        _ key: Key, in slot: UInt32, _ element: Element, output: inout KeyedIndex<Key, Element>,
        by op: ListOperator<Self>
    ) -> Bool {
        guard let winner = winners[key] else {
            winners[key] = slot
            output.elements[key] = element
            return true
        }
        if op.slots.precedes(slot, winner) {
            others[key, default: []].append(winner)
            winners[key] = slot
            output.elements[key] = element
            return true
        }
        others[key, default: []].append(slot)
        return false
    }

    /// `slot` no longer has `key`: if it was the one found, the next in line takes over.
    @inlinable
    mutating func release(
        _ key: Key, from slot: UInt32, output: inout KeyedIndex<Key, Element>, by op: ListOperator<Self>
    ) -> Bool {
        guard winners[key] == slot else {
            if var line = others[key], let index = line.firstIndex(of: slot) {
                line.remove(at: index)
                others[key] = line.isEmpty ? nil : line
            }
            return false
        }
        guard var line = others[key], !line.isEmpty else {
            winners[key] = nil
            output.elements[key] = nil
            return true
        }
        var next = 0
        for index in line.indices.dropFirst() where op.slots.precedes(line[index], line[next]) { next = index }
        let successor = line.remove(at: next)
        others[key] = line.isEmpty ? nil : line
        winners[key] = successor
        output.elements[key] = entries[Int(successor)].unsafelyUnwrapped.element
        return true
    }
}
