/// The one loop of every operator: a full pass, or the source's changes in order and
/// then the elements whose trackers fired, each handed to the logic's hooks with its
/// slot and the closure's new result.
extension ListOperator {
    /// A full pass: the slots start over, `0..<list.count`, and the logic makes the
    /// output from every element.
    @inlinable
    func rebuild(
        _ list: IncrementalArray<Element>, previous: Output?, onlyQueryChanged: Bool
    ) -> (output: Output, changed: Bool) {
        prepareSlots(forFullPass: list.count)
        return logic.rebuild(list, previous: previous, onlyQueryChanged: onlyQueryChanged, by: self)
    }

    /// Follows `changes`, in order, then the elements in `fired` slots (a slot may
    /// repeat, or have left the list). Returns whether `output` changed. `list` is the
    /// source, when the logic's finish reads it.
    @inlinable
    func follow(
        _ changes: ArraySlice<ListChange<Element>>, fired: [UInt32], list: IncrementalArray<Element>?,
        output: inout Output
    ) -> Bool {
        var changed = false
        // By index: iterating the slice would hold a second reference to its storage.
        for index in changes.indices {
            switch changes[index] {
            case .insert(let position, let element):
                if insert(element, at: position, into: &output) { changed = true }
            case .remove(let position):
                if remove(at: position, from: &output) { changed = true }
            case .replace(let position, let element):
                if replace(at: position, with: element, in: &output) { changed = true }
            }
        }
        for slot in fired {
            if refire(slot: slot, in: &output) { changed = true }
        }
        return logic.finish(&output, changed: changed, list: list, by: self)
    }

    @inlinable
    @inline(__always)
    func insert(_ element: Element, at position: Int, into output: inout Output) -> Bool {
        let slot = hasSlots ? slots.insert(at: position) : 0
        attach(element, to: slot)
        let result = evaluate(element, slot: slot)
        evaluations &+= 1
        return logic.inserted(element, result, at: position, slot: slot, into: &output, by: self)
    }

    // Not inlined: the release compiler (6.3.1) fails its ownership verification on a
    // specialized `follow` that inlines a removal from an `IncrementalArray` output.
    @inlinable
    @inline(never)
    func remove(at position: Int, from output: inout Output) -> Bool {
        // The entry leaves the table first: one descent reads its slot and mark.
        // An unnumbered table's entries carry slot 0.
        let entry = hasSlots ? slots.remove(at: position) : SlotEntry(slot: 0, kept: false)
        let changed = logic.removing(at: position, slot: entry.slot, wasKept: entry.kept, from: &output, by: self)
        vacate(slot: entry.slot)
        return changed
    }

    @inlinable
    @inline(__always)
    func replace(at position: Int, with element: Element, in output: inout Output) -> Bool {
        let slot = slots.numbered ? slots.slot(at: position) : 0
        attach(element, to: slot)
        let result = evaluate(element, slot: slot)
        evaluations &+= 1
        return logic.updated(element, result, at: position, slot: slot, in: &output, by: self)
    }

    /// The element in `slot`, whose tracker fired, evaluated again; nothing if it left
    /// the list.
    @inlinable
    @inline(__always)
    func refire(slot: UInt32, in output: inout Output) -> Bool {
        guard let element = element(inSlot: slot) else { return false }
        let position = slots.labelled ? slots.position(of: slot) : -1
        let result = evaluate(element, slot: slot)
        evaluations &+= 1
        return logic.refired(element, result, at: position, slot: slot, in: &output, by: self)
    }
}
