extension PersistentTree {
    /// Inserts `element` at `position` (`0...count`).
    ///
    /// - Complexity: O(log n).
    @inlinable
    mutating func insert(_ element: Element, at position: Int) {
        precondition(position >= 0 && position <= elementCount, "PersistentTree: position out of bounds")
        if !insertWithinLeaf(element, at: position) {
            edit(at: position, removing: 0, with: CollectionOfOne(element), insertCount: 1)
        }
    }

    /// Appends `element`. A full last leaf starts a new leaf rather than splitting in two,
    /// so appended elements end up in full leaves.
    ///
    /// - Complexity: O(log n), one walk down the right spine.
    @inlinable
    mutating func append(_ element: Element) {
        edit(at: elementCount, removing: 0, with: CollectionOfOne(element), insertCount: 1)
    }

    /// Inserts `newElements` at `position` (`0...count`).
    ///
    /// - Complexity: O(log n + k) for k new elements.
    @inlinable
    mutating func insert<C: Collection>(contentsOf newElements: C, at position: Int) where C.Element == Element {
        precondition(position >= 0 && position <= elementCount, "PersistentTree: position out of bounds")
        let insertCount = newElements.count
        guard insertCount > 0 else { return }
        edit(at: position, removing: 0, with: newElements, insertCount: insertCount)
    }

    /// Appends `newElements`, packed into full leaves.
    ///
    /// - Complexity: O(log n + k) for k new elements.
    @inlinable
    mutating func append<C: Collection>(contentsOf newElements: C) where C.Element == Element {
        insert(contentsOf: newElements, at: elementCount)
    }

    /// Removes and returns the element at `position`.
    ///
    /// - Complexity: O(log n).
    @inlinable
    @discardableResult
    mutating func remove(at position: Int) -> Element {
        precondition(position >= 0 && position < elementCount, "PersistentTree: position out of bounds")
        // The edit moves the element out as it removes it: one descent, not a read first.
        return withUnsafeTemporaryAllocation(of: Element.self, capacity: 1) { removed in
            let removed = removed.baseAddress.unsafelyUnwrapped
            if !removeWithinLeaf(at: position, into: removed) {
                edit(at: position, removing: 1, with: EmptyCollection(), insertCount: 0, removed: removed)
            }
            return removed.move()
        }
    }

    /// `insert(_:at:)` when the leaf has room: see `Node.insertWithinLeaf`.
    @inlinable
    mutating func insertWithinLeaf(_ element: Element, at position: Int) -> Bool {
        guard root != nil else { return false }
        makeRootUnique()
        let marks = Self.tracksMarks && Marking.isMarked(element) ? 1 : 0
        // Safety: this tree holds its root throughout; borrowed, the call retains nothing.
        let inserted = Unmanaged.passUnretained(root.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
            $0.insertWithinLeaf(element, at: position, height: height, marks: marks)
        }
        guard inserted else { return false }
        elementCount &+= 1
        markCount &+= marks
        return true
    }

    /// `remove(at:)` when the leaf keeps more than its minimum: see
    /// `Node.removeWithinLeaf`.
    @inlinable
    mutating func removeWithinLeaf(at position: Int, into removed: UnsafeMutablePointer<Element>) -> Bool {
        guard root != nil else { return false }
        makeRootUnique()
        // Safety: this tree holds its root throughout; borrowed, the call retains nothing.
        let marks = Unmanaged.passUnretained(root.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
            $0.removeWithinLeaf(at: position, height: height, into: removed)
        }
        guard let marks else { return false }
        elementCount &-= 1
        markCount &-= marks
        return true
    }

    /// Removes the elements in `range`.
    ///
    /// Whole subtrees inside the range are dropped without being walked.
    ///
    /// - Complexity: O(log² n) node visits at worst (a few steps of O(log n) each), plus
    ///   releasing the k removed elements.
    @inlinable
    mutating func removeSubrange(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= elementCount, "PersistentTree: range out of bounds")
        var remaining = range.count
        // Each step removes whole children of the deepest node where the range starts on
        // a child boundary, or the part of one leaf, and leaves a sound tree behind.
        while remaining > 0 {
            guard root != nil else {
                markCount &-= Self.marks(in: leaf[range.lowerBound ..< range.lowerBound &+ remaining])
                leaf.removeSubrange(range.lowerBound ..< range.lowerBound &+ remaining)
                elementCount &-= remaining
                return
            }
            makeRootUnique()
            let (removed, markDelta) = root!.removePrefix(
                height: height, at: range.lowerBound, length: remaining, spine: true)
            remaining &-= removed
            elementCount &-= removed
            markCount &+= markDelta
            normalizeRoot(appending: false)
        }
    }

    /// Replaces the elements in `range` with `newElements`: in place when the range lies
    /// in one leaf, otherwise a removal then an insertion.
    ///
    /// - Complexity: that of `removeSubrange` plus that of `insert(contentsOf:at:)`.
    @inlinable
    mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newElements: C) where C.Element == Element {
        precondition(range.lowerBound >= 0 && range.upperBound <= elementCount, "PersistentTree: range out of bounds")
        let insertCount = newElements.count
        if range.isEmpty {
            if insertCount > 0 { edit(at: range.lowerBound, removing: 0, with: newElements, insertCount: insertCount) }
        } else if insertCount == 0 {
            removeSubrange(range)
        } else if leafBounds(containing: range.lowerBound).upperBound >= range.upperBound {
            edit(at: range.lowerBound, removing: range.count, with: newElements, insertCount: insertCount)
        } else {
            removeSubrange(range)
            edit(at: range.lowerBound, removing: 0, with: newElements, insertCount: insertCount)
        }
    }

    /// Removes every element, releasing the storage this copy holds.
    ///
    /// - Complexity: O(1), plus freeing the nodes no other copy shares.
    @inlinable
    mutating func removeAll() {
        self = Self()
    }

    /// The positions held by the leaf holding `position` (`0 <= position < count`).
    @inlinable
    func leafBounds(containing position: Int) -> Range<Int> {
        guard var node = root else { return 0 ..< elementCount }
        var offset = position
        var base = 0
        for level in stride(from: height, to: 0, by: -1) {
            let slot = node.slot(containing: offset)
            let start = node.start(of: slot)
            if level == 1 { return base &+ start ..< base &+ node.ends[slot] }
            offset &-= start
            base &+= start
            node = node.children[slot]
        }
        preconditionFailure("unreachable")
    }

    /// Replaces `removing` elements at `position`, all in one leaf, with `newElements`.
    /// A single removal with `removed` moves the element there (initializing it).
    @inlinable
    mutating func edit<C: Collection>(
        at position: Int, removing: Int, with newElements: C, insertCount: Int,
        removed: UnsafeMutablePointer<Element>? = nil
    ) where C.Element == Element {
        let newMarks = Self.marks(in: newElements)
        let appending = position == elementCount
        guard root != nil else {
            let newCount = leaf.count &- removing &+ insertCount
            let removedMarks = Self.marks(in: leaf[position ..< position &+ removing])
            elementCount = newCount
            markCount &+= newMarks &- removedMarks
            if newCount <= Self.leafCapacity {
                if let removed, removing == 1 && insertCount == 0 {
                    removed.initialize(to: leaf.shiftingRemove(at: position))
                } else {
                    leaf.replaceSubrange(position ..< position &+ removing, with: newElements)
                }
                return
            }
            // The elements outgrow one leaf: cut them into leaves under a new root.
            var combined = Leaf()
            combined.reserveCapacity(newCount)
            combined.append(contentsOf: leaf[..<position])
            combined.append(contentsOf: newElements)
            combined.append(contentsOf: leaf[(position &+ removing)...])
            leaf = Leaf()
            let pieces = Pieces(total: newCount, capacity: Self.leafCapacity, packed: appending)
            var leaves = ContiguousArray<Leaf>()
            leaves.reserveCapacity(pieces.count)
            for piece in 0..<pieces.count { leaves.append(Self.makeLeaf(combined[pieces[piece]])) }
            root = Node(leaves: leaves)
            height = 1
            normalizeRoot(appending: appending)
            return
        }
        makeRootUnique()
        let markDelta = root!.edit(
            height: height, at: position, removing: removing, with: newElements,
            insertCount: insertCount, newMarks: newMarks, spine: true, appending: appending, removed: removed)
        elementCount &+= insertCount &- removing
        markCount &+= markDelta
        normalizeRoot(appending: appending)
    }

    /// Restores the rules for the root after an edit: splits it (growing the tree) while
    /// it is overfull, and makes its only child the root while it has one.
    @inlinable
    mutating func normalizeRoot(appending: Bool) {
        while root!.childCount > Self.nodeCapacity {
            let extra = root!.splitOff(packed: appending)
            var children = ContiguousArray<Node>()
            children.reserveCapacity(extra.count &+ 1)
            children.append(root!)
            children.append(contentsOf: extra)
            root = Node(children: children)
            height &+= 1
        }
        while height > 1 && root!.childCount == 1 {
            root = root!.children[0]
            height &-= 1
        }
        if root!.childCount == 0 {
            self = Self()
        } else if height == 1 && root!.childCount == 1 {
            leaf = root!.leaves[0]
            root = nil
            height = 0
        }
    }
}

extension PersistentTree.Node {
    // One element in or out of a leaf that stays within its bounds, the common case of
    // every list operator's change: one descent that makes the path unique, shifts the
    // leaf and adds to the totals on the way back, with none of `edit`'s checks for
    // splitting, merging or borrowing. Each returns without changing anything (but the
    // path's uniqueness) when the leaf would leave its bounds; `edit` then does it all.

    /// Inserts `element` (`marks` is 1 if it is marked) at `offset` of this subtree,
    /// `height` levels above its leaf, unless that leaf is full.
    @inlinable
    func insertWithinLeaf(_ element: Element, at offset: Int, height: Int, marks: Int) -> Bool {
        let slot = slot(insertingAt: offset)
        let childOffset = offset &- start(of: slot)
        if height > 1 {
            makeChildUnique(slot)
            // Safety: as in `edit`: this node holds the child, uniquely, throughout.
            let inserted = Unmanaged.passUnretained(children[slot])._withUnsafeGuaranteedRef {
                $0.insertWithinLeaf(element, at: childOffset, height: height &- 1, marks: marks)
            }
            guard inserted else { return false }
        } else {
            guard leaves[slot].count < Tree.leafCapacity else { return false }
            leaves.withUnsafeMutableBufferPointer { leaves in
                leaves[slot].reserveCapacity(Tree.leafCapacity)
                leaves[slot].shiftingInsert(element, at: childOffset)
            }
        }
        adjust(slot, by: 1, marks: marks)
        return true
    }

    /// Moves the element at `offset` of this subtree into `removed`, unless its leaf
    /// holds no more than the minimum; returns the marks removed (0 or 1), or nil.
    @inlinable
    func removeWithinLeaf(at offset: Int, height: Int, into removed: UnsafeMutablePointer<Element>) -> Int? {
        let slot = slot(containing: offset)
        let childOffset = offset &- start(of: slot)
        let marks: Int
        if height > 1 {
            makeChildUnique(slot)
            // Safety: as in `edit`: this node holds the child, uniquely, throughout.
            let childMarks = Unmanaged.passUnretained(children[slot])._withUnsafeGuaranteedRef {
                $0.removeWithinLeaf(at: childOffset, height: height &- 1, into: removed)
            }
            guard let childMarks else { return nil }
            marks = childMarks
        } else {
            guard leaves[slot].count > Tree.leafMinimum else { return nil }
            leaves.withUnsafeMutableBufferPointer { leaves in
                leaves[slot].reserveCapacity(Tree.leafCapacity)
                removed.initialize(to: leaves[slot].shiftingRemove(at: childOffset))
            }
            marks = Tree.tracksMarks && Marking.isMarked(removed.pointee) ? 1 : 0
        }
        adjust(slot, by: -1, marks: -marks)
        return marks
    }
}

extension PersistentTree.Node {
    /// Removes the longest prefix of `offset ..< offset + length` that is either whole
    /// children of one node or part of one leaf, then fixes the children on the path.
    ///
    /// - Returns: the number of elements removed (at least one) and the change in marks.
    @inlinable
    func removePrefix(height: Int, at offset: Int, length: Int, spine: Bool) -> (removed: Int, marks: Int) {
        let slot = slot(containing: offset)
        let start = start(of: slot)
        let childOffset = offset &- start
        if childOffset == 0 && ends[slot] &- start <= length {
            var end = slot &+ 1
            while end < childCount && ends[end] &- start <= length { end &+= 1 }
            let removed = ends[end &- 1] &- start
            let removedMarks = Tree.tracksMarks ? markEnds[end &- 1] &- markStart(of: slot) : 0
            removeChildren(slot ..< end)
            return (removed, -removedMarks)
        }
        let childSpine = spine && slot == childCount &- 1
        guard height > 1 else {
            let removed = Swift.min(length, ends[slot] &- offset)
            let markDelta = editLeaf(
                slot, at: childOffset, removing: removed, with: EmptyCollection(),
                insertCount: 0, newMarks: 0, spine: childSpine, appending: false)
            return (removed, markDelta)
        }
        makeChildUnique(slot)
        let result = children[slot].removePrefix(
            height: height &- 1, at: childOffset, length: length, spine: childSpine)
        adjust(slot, by: -result.removed, marks: result.marks)
        normalizeChild(slot, spine: childSpine, appending: false)
        return result
    }
}
