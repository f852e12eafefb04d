/// Keeps which elements pass a test, in source order, and tells its subclass where
/// each change lands among the kept ones: O(log n) per changed element, whatever the
/// list's length, plus O(log² n) to find an object whose tracker fired.
class MembershipOperator<Element, Output>: ListOperator<Element, Bool, Output> {
    private(set) var table: SlotTable<Element>

    override init(
        source: @escaping () -> IncrementalArray<Element>, function: ElementFunction<Element, Bool>, capturesEnvironment: Bool
    ) {
        table = SlotTable(labelled: Element.self is AnyObject.Type)
        super.init(source: source, function: function, capturesEnvironment: capturesEnvironment)
    }

    // MARK: What subclasses implement

    /// The element at `rank` among the kept ones is new (or newly kept).
    func kept(_ element: Element, at rank: Int) {}
    /// The element at `rank` among the kept ones left (or is no longer kept).
    func unkept(at rank: Int) {}
    /// The kept element at `rank` was replaced by `element`, which is kept too;
    /// returns whether that changes the output.
    func replacedKept(with element: Element, at rank: Int) -> Bool { true }
    /// After a full pass that changed membership: the kept elements, in order.
    func rebuilt(kept: [Element]) {}

    // MARK: Passes

    /// Re-evaluates every element; returns whether membership changed anywhere.
    func rebuildMembership(_ list: IncrementalArray<Element>, onlyQueryChanged: Bool) -> Bool {
        var before: [Bool] = []
        if onlyQueryChanged {
            before.reserveCapacity(table.count)
            table.order.forEach(in: 0..<table.count) { before.append($0.kept) }
        }
        prepareSlots(forFullPass: list.count)
        var flags: [Bool] = []
        flags.reserveCapacity(list.count)
        var keptElements: [Element] = []
        var slot: UInt32 = 0
        for element in list {
            attach(element, to: slot)
            let isKept = evaluate(element, slot: slot)
            flags.append(isKept)
            if isKept { keptElements.append(element) }
            slot += 1
        }
        table.reset(count: list.count) { flags[$0] }
        if onlyQueryChanged, before == flags { return false }
        rebuilt(kept: keptElements)
        return true
    }

    /// Applies the changes, then the fired slots; returns whether membership or a kept
    /// element changed.
    func followMembership(_ changes: [ListChange<Element>], fired: [UInt32]) -> Bool {
        var changed = false
        for change in changes {
            switch change {
            case .insert(let position, let element):
                let slot = table.insert(at: position)
                attach(element, to: slot)
                if evaluate(element, slot: slot) {
                    table.setKept(true, at: position)
                    kept(element, at: table.keptCount(before: position))
                    changed = true
                }
            case .remove(let position):
                let entry = table.order[position]
                if entry.kept {
                    unkept(at: table.keptCount(before: position))
                    changed = true
                }
                table.remove(at: position)
                detach(slot: entry.slot)
            case .replace(let position, let element):
                let entry = table.order[position]
                attach(element, to: entry.slot)
                let isKept = evaluate(element, slot: entry.slot)
                let rank = table.keptCount(before: position)
                switch (entry.kept, isKept) {
                case (true, true):
                    if replacedKept(with: element, at: rank) { changed = true }
                case (true, false):
                    table.setKept(false, at: position)
                    unkept(at: rank)
                    changed = true
                case (false, true):
                    table.setKept(true, at: position)
                    kept(element, at: rank)
                    changed = true
                case (false, false):
                    break
                }
            }
        }
        for slot in fired {
            guard let element = element(inSlot: slot) else { continue }
            let position = table.position(of: slot)
            let wasKept = table.order[position].kept
            let isKept = evaluate(element, slot: slot)
            guard wasKept != isKept else { continue }
            let rank = table.keptCount(before: position)
            table.setKept(isKept, at: position)
            if isKept { kept(element, at: rank) } else { unkept(at: rank) }
            changed = true
        }
        return changed
    }
}

/// `filter`: the elements that pass, in source order, as an ``IncrementalArray`` whose
/// own journal lets further operators follow it.
final class FilterOperator<Element>: MembershipOperator<Element, IncrementalArray<Element>> {
    private let elementsEqual: (Element, Element) -> Bool
    /// The output while an update edits it.
    private var editing = IncrementalArray<Element>()

    override init(source: @escaping () -> IncrementalArray<Element>, function: ElementFunction<Element, Bool>, capturesEnvironment: Bool) {
        let equivalence = Equivalence<Element>.rule(ValueEquality<Element>.defaultRule)
        elementsEqual = { equivalence.equal($0, $1) }
        super.init(source: source, function: function, capturesEnvironment: capturesEnvironment)
    }

    override func rebuild(_ list: IncrementalArray<Element>, previous: IncrementalArray<Element>?, onlyQueryChanged: Bool) -> (output: IncrementalArray<Element>, changed: Bool) {
        if let previous { editing = previous }
        let changed = rebuildMembership(list, onlyQueryChanged: onlyQueryChanged)
        return (take(), changed || previous == nil)
    }

    override func rebuilt(kept: [Element]) {
        // Replacing the output makes operators that follow it pass over it once: cheaper
        // than a change each, when many elements flipped.
        editing = IncrementalArray(kept)
    }

    override func follow(
        _ changes: [ListChange<Element>], fired: [UInt32], list: IncrementalArray<Element>,
        output: inout IncrementalArray<Element>
    ) -> Bool {
        swap(&editing, &output)
        let changed = followMembership(changes, fired: fired)
        swap(&editing, &output)
        return changed
    }

    override func kept(_ element: Element, at rank: Int) { editing.insert(element, at: rank) }
    override func unkept(at rank: Int) { editing.remove(at: rank) }
    override func replacedKept(with element: Element, at rank: Int) -> Bool {
        if elementsEqual(editing[rank], element) { return false }
        editing[rank] = element
        return true
    }

    private func take() -> IncrementalArray<Element> {
        var output = IncrementalArray<Element>()
        swap(&output, &editing)
        return output
    }
}

/// `first(where:)`: the first element that passes, found from the kept counts in
/// O(log n) after each change.
final class FirstOperator<Element>: MembershipOperator<Element, Element?> {
    private let equal: (Element?, Element?) -> Bool

    override init(source: @escaping () -> IncrementalArray<Element>, function: ElementFunction<Element, Bool>, capturesEnvironment: Bool) {
        let equivalence = Equivalence<Element?>.rule(ValueEquality<Element?>.defaultRule)
        equal = { equivalence.equal($0, $1) }
        super.init(source: source, function: function, capturesEnvironment: capturesEnvironment)
    }

    override func rebuild(_ list: IncrementalArray<Element>, previous: Element??, onlyQueryChanged: Bool) -> (output: Element?, changed: Bool) {
        _ = rebuildMembership(list, onlyQueryChanged: false)
        let first = firstKept(in: list)
        guard let previous else { return (first, true) }
        if equal(previous, first) { return (previous, false) }
        return (first, true)
    }

    override func follow(_ changes: [ListChange<Element>], fired: [UInt32], list: IncrementalArray<Element>, output: inout Element?) -> Bool {
        // Whether the first element changed is decided by comparing it, below.
        _ = followMembership(changes, fired: fired)
        let first = firstKept(in: list)
        if equal(output, first) { return false }
        output = first
        return true
    }

    private func firstKept(in list: IncrementalArray<Element>) -> Element? {
        guard table.order.markedCount > 0 else { return nil }
        return list[table.order.position(ofMarked: 0)]
    }
}
