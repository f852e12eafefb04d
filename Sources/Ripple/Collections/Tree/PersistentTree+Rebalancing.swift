extension PersistentTree {
    /// How to cut `total` items into runs of at most `capacity`: `count` runs as even as
    /// possible, or, when `packed`, full runs and then the rest (for appends, which would
    /// otherwise leave half-empty leaves behind them).
    @usableFromInline
    struct Pieces {
        @usableFromInline let total: Int
        @usableFromInline let capacity: Int
        @usableFromInline let count: Int
        @usableFromInline let packed: Bool

        @inlinable
        init(total: Int, capacity: Int, count: Int, packed: Bool) {
            self.total = total
            self.capacity = capacity
            self.count = count
            self.packed = packed
        }

        @inlinable
        init(total: Int, capacity: Int, packed: Bool) {
            let count = Swift.max(1, (total &+ capacity &- 1) / capacity)
            self.init(total: total, capacity: capacity, count: count, packed: packed)
        }

        /// Even runs of about `target` items, unless that leaves a run under `minimum`;
        /// then as few runs of at most `capacity` as will do.
        @inlinable
        init(total: Int, target: Int, capacity: Int, minimum: Int) {
            let count = Swift.max(1, (total &+ target &- 1) / target)
            if count > 1 && total / count < minimum {
                self.init(total: total, capacity: capacity, packed: false)
            } else {
                self.init(total: total, capacity: capacity, count: count, packed: false)
            }
        }

        @inlinable
        subscript(piece: Int) -> Range<Int> {
            if packed {
                return piece &* capacity ..< Swift.min(total, (piece &+ 1) &* capacity)
            }
            let base = total / count, extra = total % count
            let lower = piece &* base &+ Swift.min(piece, extra)
            return lower ..< lower &+ base &+ (piece < extra ? 1 : 0)
        }
    }
}

extension PersistentTree.Node {
    @usableFromInline typealias Tree = PersistentTree<Element, Marking>
    @usableFromInline typealias Pieces = Tree.Pieces

    /// Replaces `removing` elements at `offset` of this subtree, all in one leaf, with
    /// `newElements` (`insertCount` of them, `newMarks` marked), then fixes every child on
    /// the path; this node itself may be left over- or underfull for its parent to fix.
    ///
    /// - Parameters:
    ///   - spine: whether this node is the last child at every level above it.
    ///   - appending: whether the edit is an insertion at the end of the tree.
    /// - Returns: the change in this subtree's marked elements.
    @inlinable
    func edit<C: Collection>(
        height: Int, at offset: Int, removing: Int, with newElements: C,
        insertCount: Int, newMarks: Int, spine: Bool, appending: Bool,
        removed: UnsafeMutablePointer<Element>? = nil
    ) -> Int where C.Element == Element {
        let slot = removing == 0 ? slot(insertingAt: offset) : slot(containing: offset)
        let childOffset = offset &- start(of: slot)
        let childSpine = spine && slot == childCount &- 1
        guard height > 1 else {
            return editLeaf(
                slot, at: childOffset, removing: removing, with: newElements,
                insertCount: insertCount, newMarks: newMarks, spine: childSpine, appending: appending,
                removed: removed)
        }
        makeChildUnique(slot)
        // Safety: this node holds the child, uniquely, throughout, and the child's edit
        // never touches its parent; borrowed, the call retains and releases nothing.
        let markDelta = Unmanaged.passUnretained(children[slot])._withUnsafeGuaranteedRef {
            $0.edit(
                height: height &- 1, at: childOffset, removing: removing, with: newElements,
                insertCount: insertCount, newMarks: newMarks, spine: childSpine, appending: appending,
                removed: removed)
        }
        adjust(slot, by: insertCount &- removing, marks: markDelta)
        normalizeChild(slot, spine: childSpine, appending: appending)
        return markDelta
    }

    /// `edit` at height 1, on leaf `slot`.
    @inlinable
    func editLeaf<C: Collection>(
        _ slot: Int, at offset: Int, removing: Int, with newElements: C,
        insertCount: Int, newMarks: Int, spine: Bool, appending: Bool,
        removed: UnsafeMutablePointer<Element>? = nil
    ) -> Int where C.Element == Element {
        let oldCount = leaves[slot].count
        precondition(offset >= 0 && offset &+ removing <= oldCount, "PersistentTree: edit spans leaves")
        let newCount = oldCount &- removing &+ insertCount
        let removedMarks = Tree.tracksMarks ? Tree.marks(in: leaves[slot][offset ..< offset &+ removing]) : 0
        let markDelta = newMarks &- removedMarks
        if newCount <= Tree.leafCapacity {
            // Through the node's buffer: one uniqueness check of the node's array of
            // leaves, where each `leaves[slot]` write would make one.
            leaves.withUnsafeMutableBufferPointer { leaves in
                // Reserving first copies a shared leaf at full capacity, once, so that the
                // write below neither copies it again nor grows it past a leaf.
                leaves[slot].reserveCapacity(Tree.leafCapacity)
                if removing == 0 && insertCount == 1, let element = newElements.first {
                    leaves[slot].shiftingInsert(element, at: offset)
                } else if let removed, removing == 1 && insertCount == 0 {
                    removed.initialize(to: leaves[slot].shiftingRemove(at: offset))
                } else {
                    leaves[slot].replaceSubrange(offset ..< offset &+ removing, with: newElements)
                }
            }
            adjust(slot, by: newCount &- oldCount, marks: markDelta)
            if newCount == 0 {
                removeChildren(slot ..< slot &+ 1)
            } else if newCount < Tree.leafMinimum && !spine {
                fixUnderflow(ofLeaf: slot)
            }
            return markDelta
        }
        if removing == 0 && insertCount == 1, let element = newElements.first {
            // One element into a full leaf: half the leaf moves to a new one, and no
            // element is copied or destroyed.
            let leftCount = Pieces(total: newCount, capacity: Tree.leafCapacity, packed: appending && spine && offset == oldCount)[0].count
            let right = leaves.withUnsafeMutableBufferPointer { leaves in
                if offset < leftCount {
                    let right = leaves[slot].splitOffSuffix(from: leftCount &- 1, capacity: Tree.leafCapacity)
                    leaves[slot].shiftingInsert(element, at: offset)
                    return right
                }
                var right = leaves[slot].splitOffSuffix(from: leftCount, capacity: Tree.leafCapacity)
                right.shiftingInsert(element, at: offset &- leftCount)
                return right
            }
            leaves.insert(right, at: slot &+ 1)
            replaceTotals(slot ..< slot &+ 1, with: leaves[slot ... slot &+ 1].lazy.map { ($0.count, Tree.marks(in: $0)) })
            return markDelta
        }
        var combined = Tree.Leaf()
        combined.reserveCapacity(newCount)
        combined.append(contentsOf: leaves[slot][..<offset])
        combined.append(contentsOf: newElements)
        combined.append(contentsOf: leaves[slot][(offset &+ removing)...])
        let pieces = Pieces(
            total: newCount, capacity: Tree.leafCapacity,
            packed: appending && spine && offset == oldCount)
        var newLeaves = ContiguousArray<Tree.Leaf>()
        newLeaves.reserveCapacity(pieces.count &- 1)
        for piece in 1..<pieces.count {
            newLeaves.append(Tree.makeLeaf(combined[pieces[piece]]))
        }
        leaves[slot].removeAll(keepingCapacity: true)
        leaves[slot].append(contentsOf: combined[pieces[0]])
        leaves.insert(contentsOf: newLeaves, at: slot &+ 1)
        replaceTotals(slot ..< slot &+ 1, with: leaves[slot ... slot &+ pieces.count &- 1].lazy.map {
            ($0.count, Tree.marks(in: $0))
        })
        return markDelta
    }

    /// Restores the size rules for child `slot` (a node) after an edit below it: splits
    /// it if overfull, drops it if empty, and merges or rebalances it with a sibling if
    /// underfull off the spine.
    @inlinable
    func normalizeChild(_ slot: Int, spine: Bool, appending: Bool) {
        let child = children[slot]
        let n = child.childCount
        if n > Tree.nodeCapacity {
            let extra = child.splitOff(packed: appending && spine)
            children.insert(contentsOf: extra, at: slot &+ 1)
            replaceTotals(slot ..< slot &+ 1, with: children[slot ... slot &+ extra.count].lazy.map {
                ($0.total, $0.totalMarks)
            })
        } else if n == 0 {
            removeChildren(slot ..< slot &+ 1)
        } else if n < Tree.nodeMinimum && !spine {
            fixUnderflow(ofChild: slot)
        }
    }

    /// Cuts this overfull node into runs of at most `nodeCapacity` children: it keeps
    /// the first and returns new nodes holding the others.
    @inlinable
    func splitOff(packed: Bool) -> ContiguousArray<Tree.Node> {
        let pieces = Pieces(total: childCount, capacity: Tree.nodeCapacity, packed: packed)
        var extra = ContiguousArray<Tree.Node>()
        extra.reserveCapacity(pieces.count &- 1)
        for piece in 1..<pieces.count {
            extra.append(slice(pieces[piece]))
        }
        truncate(to: pieces[0].upperBound)
        return extra
    }

    /// Merges leaf `slot`, underfull and off the spine, with a neighbour, or moves
    /// elements from the neighbour so that both are at least half full.
    @inlinable
    func fixUnderflow(ofLeaf slot: Int) {
        let (left, right) = slot > 0 ? (slot &- 1, slot) : (slot, slot &+ 1)
        let leftCount = leaves[left].count, rightCount = leaves[right].count
        let leftMarks = marks(of: left), rightMarks = marks(of: right)
        let total = leftCount &+ rightCount
        if total <= Tree.leafCapacity {
            let moved = leaves[right]
            leaves[left].reserveCapacity(Tree.leafCapacity)
            leaves[left].append(contentsOf: moved)
            leaves.remove(at: right)
            replaceTotals(left ..< right &+ 1, with: CollectionOfOne((total, leftMarks &+ rightMarks)))
            return
        }
        let newLeft = total / 2
        var movedMarks = 0
        leaves[left].reserveCapacity(Tree.leafCapacity)
        leaves[right].reserveCapacity(Tree.leafCapacity)
        if leftCount > newLeft {
            do {
                let moved = leaves[left][newLeft...]
                movedMarks = -Tree.marks(in: moved)
                leaves[right].insert(contentsOf: moved, at: 0)
            }
            leaves[left].removeSubrange(newLeft...)
        } else {
            let n = newLeft &- leftCount
            do {
                let moved = leaves[right][..<n]
                movedMarks = Tree.marks(in: moved)
                leaves[left].append(contentsOf: moved)
            }
            leaves[right].removeSubrange(..<n)
        }
        replaceTotals(left ..< right &+ 1, with: [
            (newLeft, leftMarks &+ movedMarks), (total &- newLeft, rightMarks &- movedMarks),
        ])
    }

    /// `fixUnderflow(ofLeaf:)` for child `slot`, a node.
    @inlinable
    func fixUnderflow(ofChild slot: Int) {
        let (left, right) = slot > 0 ? (slot &- 1, slot) : (slot, slot &+ 1)
        let leftCount = children[left].childCount, rightCount = children[right].childCount
        makeChildUnique(left)
        if leftCount &+ rightCount <= Tree.nodeCapacity {
            children[left].append(contentsOf: children[right])
            children.remove(at: right)
            replaceTotals(left ..< right &+ 1, with: CollectionOfOne((children[left].total, children[left].totalMarks)))
            return
        }
        makeChildUnique(right)
        let newLeft = (leftCount &+ rightCount) / 2
        if leftCount > newLeft {
            children[left].moveSuffix(leftCount &- newLeft, to: children[right])
        } else {
            children[left].movePrefix(newLeft &- leftCount, from: children[right])
        }
        replaceTotals(left ..< right &+ 1, with: children[left...right].lazy.map { ($0.total, $0.totalMarks) })
    }
}

extension PersistentTree {
    /// A leaf holding `elements`, with room for a full leaf.
    @inlinable
    static func makeLeaf<S: Sequence>(_ elements: S) -> Leaf where S.Element == Element {
        var leaf = Leaf()
        leaf.reserveCapacity(leafCapacity)
        leaf.append(contentsOf: elements)
        return leaf
    }
}
