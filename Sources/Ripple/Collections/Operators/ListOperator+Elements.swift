/// Evaluating the closure on elements, with what it reads followed, and the elements
/// that objects' slots hold for their trackers.
extension ListOperator {
    // MARK: Evaluating

    @inlinable
    func beginEvaluations(fullPass: Bool, _ runtime: RuntimeRef) {
        guard !tracksElements else { return }
        if fullPass { queryTracker.release(runtime) }
        queryRun = Graph.beginAccumulating(queryTracker, runtime)
    }

    @inlinable
    func endEvaluations(_ runtime: RuntimeRef) {
        guard let run = queryRun else { return }
        Graph.endAccumulating(queryTracker, run, runtime)
        queryRun = nil
    }

    /// The closure's result for the element in `slot`, with what it read of the
    /// element followed by the slot's tracker (objects), or by the query tracker.
    @inlinable
    func evaluate(_ element: Element, slot: UInt32) -> Result {
        // Borrowed, not copied into a variable: a copy retains what the element holds.
        withUnsafePointer(to: element) { evaluate(at: $0, slot: slot) }
    }

    /// ``evaluate(_:slot:)`` for the element at `element`.
    @inlinable
    func evaluate(at element: UnsafePointer<Element>, slot: UInt32) -> Result {
        let runtime = self.runtime.unsafelyUnwrapped
        guard tracksElements else {
            Graph.restartMatching(runtime)
            return transform.one(element)
        }
        let index = Int(slot)
        let tracker: ElementTracker
        if let existing = slotTrackers[index] {
            tracker = existing
        } else if let spare = spareTracker {
            tracker = spare
            tracker.slot = slot
        } else {
            tracker = ElementTracker(owner: trackers, slot: slot)
        }
        let result = Graph.evaluate(tracker, runtime) { transform.one(element) }
        if tracker.hasDependencies {
            if slotTrackers[index] !== tracker {
                slotTrackers[index] = tracker
                if spareTracker === tracker { spareTracker = nil }
            }
        } else {
            if slotTrackers[index] != nil { slotTrackers[index] = nil }
            spareTracker = tracker
        }
        return result
    }

    /// A full pass's evaluations: every element of `list` in order, a run at a time:
    /// the run's elements, the slot of its first (slots are positions in a full pass),
    /// and the closure's result for each. Objects are attached to their slots first.
    ///
    /// Runs are the tree's leaves: `body` is called once per leaf, not per element, so
    /// that what it does with each result compiles to a loop of its own.
    @inlinable
    func evaluateAll(
        _ list: IncrementalArray<Element>,
        _ body: (UnsafeBufferPointer<Element>, UInt32, UnsafeBufferPointer<Result>) -> Void
    ) {
        var slot: UInt32 = 0
        let tracksElements = self.tracksElements
        let each = transform.each
        let runtime = self.runtime.unsafelyUnwrapped
        list.tree.forEachRun(in: 0..<list.count) { elements in
            withUnsafeTemporaryAllocation(of: Result.self, capacity: elements.count) { results in
                let base = results.baseAddress.unsafelyUnwrapped
                if tracksElements {
                    let start = elements.baseAddress.unsafelyUnwrapped
                    for index in elements.indices {
                        let elementSlot = slot &+ UInt32(truncatingIfNeeded: index)
                        attach(start[index], to: elementSlot)
                        (base + index).initialize(to: evaluate(at: start + index, slot: elementSlot))
                    }
                } else {
                    // The closure runs over the leaf in a loop of its own: one indirect
                    // call per leaf.
                    each(elements, base, runtime)
                }
                body(elements, slot, UnsafeBufferPointer(start: base, count: elements.count))
                base.deinitialize(count: elements.count)
                slot &+= UInt32(truncatingIfNeeded: elements.count)
            }
        }
    }

    // MARK: Objects in slots

    /// Starts the slot table over for a full pass over `count` elements: slot `i` at
    /// position `i`.
    @inlinable
    func resetSlots(count: Int) {
        if hasSlots { slots.reset(count: count) }
    }

    /// Makes room for slots below `capacity`.
    @inlinable
    func ensureSlots(_ capacity: Int) {
        guard tracksElements, elements.count < capacity else { return }
        elements.append(contentsOf: repeatElement(nil, count: capacity - elements.count))
        slotTrackers.append(contentsOf: repeatElement(nil, count: capacity - slotTrackers.count))
    }

    /// `element` is now the one in `slot`.
    @inlinable
    func attach(_ element: Element, to slot: UInt32) {
        guard tracksElements else { return }
        if elements.count <= Int(slot) { ensureSlots(Int(slot) + 1) }
        elements[Int(slot)] = element
    }

    /// The element in `slot` left the list: its tracker stops following it.
    @inlinable
    func vacate(slot: UInt32) {
        guard tracksElements, Int(slot) < elements.count else { return }
        elements[Int(slot)] = nil
        if let tracker = slotTrackers[Int(slot)] {
            slotTrackers[Int(slot)] = nil
            let runtime = self.runtime.unsafelyUnwrapped
            tracker.release(runtime)
            if spareTracker == nil { spareTracker = tracker } else { Graph.releaseLater(tracker, runtime) }
        }
    }

    /// The element a fired slot names, or nil if it left the list.
    @inlinable
    func element(inSlot slot: UInt32) -> Element? {
        Int(slot) < elements.count ? elements[Int(slot)] : nil
    }

    /// Before a full pass over `count` elements, which take slots `0..<count`: the
    /// slots above let their elements go; the trackers below stay, for the elements
    /// that take their slots (the same ones, usually, whose links they confirm).
    @inlinable
    func prepareSlots(forFullPass count: Int) {
        guard tracksElements else { return }
        if elements.count > count {
            for slot in count..<elements.count { vacate(slot: UInt32(slot)) }
        }
        ensureSlots(count)
    }
}
