/// Where a membership change lands: the output a filter keeps up to date.
@usableFromInline
protocol MembershipOutput {
    associatedtype Element
    /// The element at `rank` among the kept ones is new (or newly kept).
    mutating func kept(_ element: Element, at rank: Int)
    /// The element at `rank` among the kept ones left (or is no longer kept).
    mutating func unkept(at rank: Int)
    /// The kept element at `rank` was replaced by `element`, which is kept too;
    /// returns whether that changes the output (`equal` says whether two elements are).
    mutating func replacedKept(with element: Element, at rank: Int, equal: (Element, Element) -> Bool) -> Bool
}

/// Keeps which elements pass a test, in source order, and tells an output where each
/// change lands among the kept ones: O(log n) per changed element, whatever the list's
/// length, plus O(log² n) to find an object whose tracker fired.
@usableFromInline
struct Membership {
    @usableFromInline var table: SlotTable

    @inlinable
    init(labelled: Bool) {
        table = SlotTable(labelled: labelled)
    }

    /// Re-evaluates every element; returns the kept ones in order (when `collecting`),
    /// or nil when the membership is the one before (only checked when
    /// `onlyQueryChanged`).
    @inlinable
    mutating func rebuild<Logic: ListLogic>(
        _ list: IncrementalArray<Logic.Element>, onlyQueryChanged: Bool, collecting: Bool, by op: ListOperator<Logic>
    ) -> IncrementalArray<Logic.Element>? where Logic.Result == Bool {
        op.prepareSlots(forFullPass: list.count)
        var keptCount = 0
        // Written in place, a run at a time: no per-element append.
        let entries = ContiguousArray<SlotEntry>(unsafeUninitializedCapacity: list.count) { buffer, initialized in
            let start = buffer.baseAddress.unsafelyUnwrapped
            op.evaluateAll(list) { _, firstSlot, results in
                let destination = start + Int(firstSlot)
                for index in results.indices {
                    let isKept = results[index]
                    (destination + index).initialize(to: SlotEntry(slot: firstSlot &+ UInt32(truncatingIfNeeded: index), kept: isKept))
                    keptCount &+= isKept ? 1 : 0
                }
            }
            initialized = list.count
        }
        if onlyQueryChanged, entries.count == table.count, table.order.markedCount == keptCount {
            var position = 0
            var same = true
            entries.withUnsafeBufferPointer { entries in
                table.order.forEachRun(in: 0..<table.count) { run in
                    for offset in run.indices where run[offset].kept != entries[position &+ offset].kept {
                        same = false
                        break
                    }
                    position &+= run.count
                }
            }
            if same {
                table.reset(entries)
                return nil
            }
        }
        var output = IncrementalArray<Logic.Element>()
        if collecting, keptCount > 0 {
            // The kept elements, copied once, into a buffer the output's tree takes them
            // from: no intermediate array to copy and free.
            let kept = UnsafeMutablePointer<Logic.Element>.allocate(capacity: keptCount)
            defer { kept.deallocate() }
            var position = 0, next = 0
            entries.withUnsafeBufferPointer { entries in
                list.tree.forEachRun(in: 0..<list.count) { run in
                    for offset in run.indices where entries[position &+ offset].kept {
                        (kept + next).initialize(to: run[offset])
                        next &+= 1
                    }
                    position &+= run.count
                }
            }
            output = IncrementalArray(tree: PersistentTree(moving: UnsafeMutableBufferPointer(start: kept, count: keptCount)))
        }
        table.reset(entries)
        return output
    }

    /// Applies the changes, then the fired slots, telling `output`; returns whether
    /// membership or a kept element changed.
    @inlinable
    mutating func follow<Logic: ListLogic, Output: MembershipOutput>(
        _ changes: [ListChange<Logic.Element>], fired: [UInt32], into output: inout Output,
        equal: (Logic.Element, Logic.Element) -> Bool, by op: ListOperator<Logic>
    ) -> Bool where Logic.Result == Bool, Output.Element == Logic.Element {
        var changed = false
        for change in changes {
            switch change {
            case .insert(let position, let element):
                let slot = table.insert(at: position)
                op.attach(element, to: slot)
                if op.evaluate(element, slot: slot) {
                    table.setKept(true, at: position)
                    output.kept(element, at: table.keptCount(before: position))
                    changed = true
                }
            case .remove(let position):
                let entry = table.order[position]
                if entry.kept {
                    output.unkept(at: table.keptCount(before: position))
                    changed = true
                }
                table.remove(at: position)
                op.detach(slot: entry.slot)
            case .replace(let position, let element):
                let entry = table.order[position]
                op.attach(element, to: entry.slot)
                let isKept = op.evaluate(element, slot: entry.slot)
                let rank = table.keptCount(before: position)
                switch (entry.kept, isKept) {
                case (true, true):
                    if output.replacedKept(with: element, at: rank, equal: equal) { changed = true }
                case (true, false):
                    table.setKept(false, at: position)
                    output.unkept(at: rank)
                    changed = true
                case (false, true):
                    table.setKept(true, at: position)
                    output.kept(element, at: rank)
                    changed = true
                case (false, false):
                    break
                }
            }
        }
        for slot in fired {
            guard let element = op.element(inSlot: slot) else { continue }
            let position = table.position(of: slot)
            let wasKept = table.order[position].kept
            let isKept = op.evaluate(element, slot: slot)
            guard wasKept != isKept else { continue }
            let rank = table.keptCount(before: position)
            table.setKept(isKept, at: position)
            if isKept { output.kept(element, at: rank) } else { output.unkept(at: rank) }
            changed = true
        }
        return changed
    }
}

/// A filter's output is edited in place.
extension IncrementalArray: MembershipOutput {
    @inlinable
    mutating func kept(_ element: Element, at rank: Int) { insert(element, at: rank) }

    @inlinable
    mutating func unkept(at rank: Int) { remove(at: rank) }

    @inlinable
    mutating func replacedKept(with element: Element, at rank: Int, equal: (Element, Element) -> Bool) -> Bool {
        if equal(self[rank], element) { return false }
        self[rank] = element
        return true
    }
}

/// `filter`: the elements that pass, in source order, as an ``IncrementalArray`` whose
/// own journal lets further operators follow it.
@usableFromInline
struct FilterLogic<Element>: ListLogic {
    @usableFromInline typealias Result = Bool
    @usableFromInline typealias Output = IncrementalArray<Element>

    @usableFromInline var membership: Membership
    @usableFromInline let elementsEqual: (Element, Element) -> Bool

    @inlinable
    init() {
        membership = Membership(labelled: Element.self is AnyObject.Type)
        let equivalence = Equivalence<Element>.rule(ValueEquality<Element>.defaultRule)
        elementsEqual = { equivalence.equal($0, $1) }
    }

    @inlinable
    mutating func rebuild(
        _ list: IncrementalArray<Element>, previous: IncrementalArray<Element>?, onlyQueryChanged: Bool,
        by op: ListOperator<Self>
    ) -> (output: IncrementalArray<Element>, changed: Bool) {
        // A new output makes the operators that follow it pass over it once: cheaper
        // than a change each, when many elements flipped.
        guard let output = membership.rebuild(list, onlyQueryChanged: onlyQueryChanged, collecting: true, by: op) else {
            return (previous!, false)
        }
        return (output, true)
    }

    @inlinable
    mutating func follow(
        _ changes: [ListChange<Element>], fired: [UInt32], list: IncrementalArray<Element>,
        output: inout IncrementalArray<Element>, by op: ListOperator<Self>
    ) -> Bool {
        membership.follow(changes, fired: fired, into: &output, equal: elementsEqual, by: op)
    }
}

/// What `first(where:)` keeps of the kept elements: nothing but their count, in the
/// membership's table, and whether a change reached the first of them (rank 0), the
/// only one its output depends on.
///
/// Not an empty struct: ThreadSanitizer gives every zero-sized `inout` the same
/// address, and reports two operators on two threads as a race on it.
@usableFromInline
struct FirstKeptChanges<Element>: MembershipOutput {
    @usableFromInline var reachedFirst = false

    @inlinable init() {}

    @inlinable mutating func kept(_ element: Element, at rank: Int) {
        if rank == 0 { reachedFirst = true }
    }

    @inlinable mutating func unkept(at rank: Int) {
        if rank == 0 { reachedFirst = true }
    }

    @inlinable mutating func replacedKept(with element: Element, at rank: Int, equal: (Element, Element) -> Bool) -> Bool {
        if rank == 0 { reachedFirst = true }
        return rank == 0
    }
}

/// `first(where:)`: the first element that passes, found from the kept counts in
/// O(log n) after each change.
@usableFromInline
struct FirstLogic<Element>: ListLogic {
    @usableFromInline typealias Result = Bool
    @usableFromInline typealias Output = Element?

    @usableFromInline var membership: Membership
    @usableFromInline let equal: (Element?, Element?) -> Bool

    @inlinable
    init() {
        membership = Membership(labelled: Element.self is AnyObject.Type)
        let equivalence = Equivalence<Element?>.rule(ValueEquality<Element?>.defaultRule)
        equal = { equivalence.equal($0, $1) }
    }

    @inlinable
    mutating func rebuild(
        _ list: IncrementalArray<Element>, previous: Element??, onlyQueryChanged: Bool, by op: ListOperator<Self>
    ) -> (output: Element?, changed: Bool) {
        _ = membership.rebuild(list, onlyQueryChanged: false, collecting: false, by: op)
        let first = firstKept(in: list)
        guard let previous else { return (first, true) }
        if equal(previous, first) { return (previous, false) }
        return (first, true)
    }

    @inlinable
    mutating func follow(
        _ changes: [ListChange<Element>], fired: [UInt32], list: IncrementalArray<Element>, output: inout Element?,
        by op: ListOperator<Self>
    ) -> Bool {
        // Whether the first element changed is decided by comparing it, below; a change
        // that never reached rank 0 left it where it was.
        var reached = FirstKeptChanges<Element>()
        _ = membership.follow(changes, fired: fired, into: &reached, equal: { _, _ in false }, by: op)
        guard reached.reachedFirst else { return false }
        let first = firstKept(in: list)
        if equal(output, first) { return false }
        output = first
        return true
    }

    @inlinable
    func firstKept(in list: IncrementalArray<Element>) -> Element? {
        guard membership.table.order.markedCount > 0 else { return nil }
        return list[membership.table.order.position(ofMarked: 0)]
    }
}
