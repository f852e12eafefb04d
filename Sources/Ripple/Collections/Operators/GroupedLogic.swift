/// `grouped(by:)`: the elements in sections by key, ascending, each section in source
/// order. Each slot keeps its key (``ElementResults``); each section the labels of its
/// elements' slots, ascending, so an element's place in its section is one descent of
/// a tree: O(log n) per changed element, plus O(k) when a section among k appears or
/// goes.
@usableFromInline
struct GroupedLogic<Element, Key: Comparable & Hashable>: ListLogic {
    @usableFromInline typealias Result = Key
    @usableFromInline typealias Output = ListSections<Key, Element>

    @inlinable static var slotsValues: Bool { true }
    @inlinable static var labelsSlots: SlotLabels { .always }

    @usableFromInline let elementsEqual: (Element, Element) -> Bool = defaultEquality()
    @usableFromInline var keys = ElementResults<Key>()
    /// `members[k]`: the labels of the slots of the output's section `k`, ascending.
    /// Labels rather than slots: the search for a place compares them where they lie,
    /// not through the slot table, at the price of a fix when a neighbourhood is
    /// relabelled. Kept beside the sections rather than by key, so the section's
    /// binary search finds both and no key is hashed.
    @usableFromInline var members: [Members] = []
    /// The slot table's relabels that `members` has followed.
    @usableFromInline var relabelsSeen = 0

    @usableFromInline typealias Members = PersistentTree<UInt64, NoMarking<UInt64>>

    @inlinable
    init() {}

    @inlinable
    mutating func rebuild(
        _ list: IncrementalArray<Element>, previous: ListSections<Key, Element>?, onlyQueryChanged: Bool,
        by op: ListOperator<Self>
    ) -> (output: ListSections<Key, Element>, changed: Bool) {
        op.resetSlots(count: list.count)
        keys.beginRebuild(count: list.count, slotted: true)
        var labelsByKey: [Key: [UInt64]] = [:]
        var elementsByKey: [Key: [Element]] = [:]
        op.evaluateAll(list) { elements, firstSlot, results in
            keys.append(results, firstSlot: firstSlot)
            for offset in 0..<results.count {
                let key = results[offset]
                let slot = firstSlot &+ UInt32(truncatingIfNeeded: offset)
                labelsByKey[key, default: []].append(op.slots.label(of: slot))
                elementsByKey[key, default: []].append(elements[offset])
            }
        }
        let sortedKeys = elementsByKey.keys.sorted()
        members = sortedKeys.map { PersistentTree(labelsByKey[$0].unsafelyUnwrapped) }
        relabelsSeen = op.slots.relabelCount
        var output = ListSections<Key, Element>()
        output.sections = sortedKeys.map { key in
            ListSections.Section(key: key, elements: IncrementalArray(elementsByKey[key].unsafelyUnwrapped))
        }
        return (output, true)
    }

    /// Where `slot` is, or belongs, among the labels of its section: one descent of
    /// the section's tree.
    @inlinable
    static func rank(of slot: UInt32, in section: Members, by op: ListOperator<Self>) -> Int {
        op.slots.rank(of: slot, among: section)
    }

    @inlinable
    mutating func inserted(
        _ element: Element, _ key: Key, at position: Int, slot: UInt32,
        into output: inout ListSections<Key, Element>, by op: ListOperator<Self>
    ) -> Bool {
        followRelabel(in: output, by: op)
        keys.insert(key, at: position, slot: slot)
        join(slot, element, key, output: &output, by: op)
        return true
    }

    @inlinable
    mutating func removing(
        at position: Int, slot: UInt32, wasKept: Bool, from output: inout ListSections<Key, Element>, by op: ListOperator<Self>
    ) -> Bool {
        leave(slot, keys.remove(at: position, slot: slot), output: &output, by: op)
        return true
    }

    @inlinable
    mutating func updated(
        _ element: Element, _ key: Key, at position: Int, slot: UInt32,
        in output: inout ListSections<Key, Element>, by op: ListOperator<Self>
    ) -> Bool {
        let old = keys.result(inSlot: slot)
        if old == key {
            guard let section = output.index(of: key) else { return false }
            let rank = Self.rank(of: slot, in: members[section], by: op)
            if elementsEqual(output.sections[section].storage[rank], element) { return false }
            output.sections[section].storage[rank] = element
            return true
        }
        leave(slot, old, output: &output, by: op)
        _ = keys.replace(at: position, slot: slot, with: key)
        join(slot, element, key, output: &output, by: op)
        return true
    }

    /// `slot`, holding `element`, enters the section of `key`, made if it is new.
    @inlinable
    mutating func join(
        _ slot: UInt32, _ element: Element, _ key: Key, output: inout ListSections<Key, Element>,
        by op: ListOperator<Self>
    ) {
        let place = output.insertionIndex(of: key)
        if place < output.sections.count, output.sections[place].key == key {
            let rank = Self.insert(slot, into: &members[place], by: op)
            output.sections[place].storage.insert(element, at: rank)
        } else {
            members.insert(PersistentTree([op.slots.label(of: slot)]), at: place)
            output.sections.insert(ListSections.Section(key: key, elements: [element]), at: place)
        }
    }

    /// `slot` leaves the section of `key`, which goes if it is left empty.
    @inlinable
    mutating func leave(
        _ slot: UInt32, _ key: Key, output: inout ListSections<Key, Element>, by op: ListOperator<Self>
    ) {
        guard let section = output.index(of: key) else { return }
        let (rank, left) = Self.remove(slot, from: &members[section], by: op)
        if left == 0 {
            members.remove(at: section)
            output.sections.remove(at: section)
        } else {
            output.sections[section].storage.remove(at: rank)
        }
    }

    /// Inserts the label of `slot` in its place in a section; returns that place.
    @inlinable
    static func insert(_ slot: UInt32, into labels: inout Members, by op: ListOperator<Self>) -> Int {
        let rank = rank(of: slot, in: labels, by: op)
        labels.insert(op.slots.label(of: slot), at: rank)
        return rank
    }

    /// Removes the label of `slot` from a section; returns where it was and how many
    /// are left.
    @inlinable
    static func remove(
        _ slot: UInt32, from labels: inout Members, by op: ListOperator<Self>
    ) -> (rank: Int, left: Int) {
        let rank = rank(of: slot, in: labels, by: op)
        _ = labels.remove(at: rank)
        return (rank, labels.count)
    }

    /// Brings the sections' labels up to date after an insertion relabelled a
    /// neighbourhood: in each section its slots are a run of labels above the
    /// neighbourhood's lower bound, overwritten in order. Amortized O(log² n) per
    /// insertion, as relabels are rare.
    @inlinable
    mutating func followRelabel(in output: ListSections<Key, Element>, by op: ListOperator<Self>) {
        guard relabelsSeen != op.slots.relabelCount else { return }
        relabelsSeen = op.slots.relabelCount
        let relabel = op.slots.lastRelabel
        var next: [Int: Int] = [:]
        for slot in relabel.slots {
            guard let section = output.index(of: keys.result(inSlot: slot)) else {
                assertionFailure("a relabelled slot has a section")
                continue
            }
            let rank = next[section] ?? members[section].partitioningIndex { $0 > relabel.low }
            members[section][rank] = op.slots.label(of: slot)
            next[section] = rank &+ 1
        }
    }
}
