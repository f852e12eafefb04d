/// What a filter and `first(where:)` share: which elements pass the test, kept as a
/// mark on each slot, in source order, which the slot table counts, so that an
/// element's place among the kept ones (its rank) is found in O(log n).
extension ListOperator where Result == Bool {
    /// A full pass: every element tested, the marks reset; the kept elements in order
    /// (when `collecting`), or nil when they are the ones before (checked only when
    /// `onlyQueryChanged`).
    @inlinable
    func rebuildMembership(
        _ list: IncrementalArray<Element>, onlyQueryChanged: Bool, collecting: Bool
    ) -> IncrementalArray<Element>? {
        var keptCount = 0
        // Written in place, a run at a time: no per-element append.
        let marks = ContiguousArray<Bool>(unsafeUninitializedCapacity: list.count) { buffer, initialized in
            let start = buffer.baseAddress.unsafelyUnwrapped
            evaluateAll(list) { _, firstSlot, results in
                let destination = start + Int(firstSlot)
                for index in results.indices {
                    let isKept = results[index]
                    (destination + index).initialize(to: isKept)
                    keptCount &+= isKept ? 1 : 0
                }
            }
            initialized = list.count
        }
        if onlyQueryChanged, slots.keeps(marks, keptTotal: keptCount) {
            slots.reset(kept: marks)
            return nil
        }
        var output = IncrementalArray<Element>()
        if collecting, keptCount > 0 {
            // The kept elements, copied once, into a buffer the output's tree takes them
            // from: no intermediate array to copy and free.
            let kept = UnsafeMutablePointer<Element>.allocate(capacity: keptCount)
            defer { kept.deallocate() }
            var position = 0, next = 0
            marks.withUnsafeBufferPointer { marks in
                list.tree.forEachRun(in: 0..<list.count) { run in
                    for offset in run.indices where marks[position &+ offset] {
                        (kept + next).initialize(to: run[offset])
                        next &+= 1
                    }
                    position &+= run.count
                }
            }
            let keptElements = UnsafeMutableBufferPointer(start: kept, count: keptCount)
            output = IncrementalArray(tree: PersistentTree(moving: keptElements))
        }
        slots.reset(kept: marks)
        return output
    }
}

/// Every operator with slots can keep marks: a filter's, and a `compactMap`'s (the
/// elements whose result is not nil).
extension ListOperator {
    /// Whether the element at `position` is kept.
    @inlinable
    func isKept(at position: Int) -> Bool {
        slots.isKept(at: position)
    }

    /// The kept elements before `position`: where the element at `position` goes among
    /// the kept ones.
    @inlinable
    func rank(of position: Int) -> Int {
        slots.keptCount(before: position)
    }

    /// Marks the element at `position` kept or not; returns its rank.
    @inlinable
    func setKept(_ kept: Bool, at position: Int) -> Int {
        slots.setKept(kept, at: position)
        return slots.keptCount(before: position)
    }
}
