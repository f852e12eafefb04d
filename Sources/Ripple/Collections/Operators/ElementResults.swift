/// The closure's last result for each element of an operator's source: a fold's
/// contributions, an extremum's keys, a sort's keys. A removed or changed element's
/// old result is undone from what is kept, without calling the closure again.
///
/// Kept in source order, in a tree by position, when the elements have no slots (a
/// change says where it is); by slot when they do (a tracker that fired names its
/// slot, not its position).
@usableFromInline
struct ElementResults<Result> {
    @usableFromInline var byPosition = PersistentTree<Result, NoMarking<Result>>()
    @usableFromInline var bySlot: ContiguousArray<Result?> = []
    @usableFromInline var slotted = false
    /// A full pass's results in order, until ``endRebuild()`` makes the tree of them.
    @usableFromInline var rebuilt: [Result] = []

    @inlinable
    init() {}

    /// Starts over, for a full pass over `count` elements in slots `0..<count` (when
    /// `slotted`) or in order.
    @inlinable
    mutating func beginRebuild(count: Int, slotted: Bool) {
        self.slotted = slotted
        if slotted {
            byPosition = PersistentTree()
            bySlot = ContiguousArray(repeating: nil, count: count)
        } else {
            bySlot = []
            rebuilt.reserveCapacity(count)
        }
    }

    /// The results of a run of the full pass, whose first element is in `firstSlot`.
    @inlinable
    mutating func append(_ results: UnsafeBufferPointer<Result>, firstSlot: UInt32) {
        if slotted {
            var slot = Int(firstSlot)
            for result in results {
                bySlot[slot] = result
                slot &+= 1
            }
        } else {
            rebuilt.append(contentsOf: results)
        }
    }

    @inlinable
    mutating func endRebuild() {
        guard !slotted else { return }
        byPosition = PersistentTree(rebuilt)
        rebuilt.removeAll()
    }

    /// The result of the element in `slot` (a slotted store's).
    @inlinable
    func result(inSlot slot: UInt32) -> Result {
        bySlot[Int(slot)].unsafelyUnwrapped
    }

    /// `result` is the one of a new element at `position`, in `slot`.
    @inlinable
    mutating func insert(_ result: Result, at position: Int, slot: UInt32) {
        if slotted {
            let index = Int(slot)
            if index >= bySlot.count {
                bySlot.append(contentsOf: repeatElement(nil, count: index + 1 - bySlot.count))
            }
            bySlot[index] = result
        } else {
            byPosition.insert(result, at: position)
        }
    }

    /// Forgets the result of the element at `position`, in `slot`, and returns it.
    @inlinable
    mutating func remove(at position: Int, slot: UInt32) -> Result {
        if slotted {
            let index = Int(slot)
            let result = bySlot[index].unsafelyUnwrapped
            bySlot[index] = nil
            return result
        }
        return byPosition.remove(at: position)
    }

    /// Replaces the result of the element at `position`, in `slot`, and returns the old
    /// one: one descent of the tree.
    @inlinable
    mutating func replace(at position: Int, slot: UInt32, with result: Result) -> Result {
        var old = result
        if slotted {
            swap(&bySlot[Int(slot)]!, &old)
        } else {
            swap(&byPosition[position], &old)
        }
        return old
    }
}
