extension PersistentTree {
    /// The number of marked elements in `0..<position` (`0...count`): rank.
    ///
    /// - Complexity: O(log n), plus a scan of at most half a leaf.
    @inlinable
    func markedCount(before position: Int) -> Int {
        precondition(position >= 0 && position <= elementCount, "PersistentTree: position out of bounds")
        guard Self.tracksMarks else { return 0 }
        if position == elementCount { return markCount }
        guard let root else { return Self.marks(in: leaf[..<position]) }
        // Safety: the tree holds every node on the path throughout, and a read writes
        // nothing, so the walk borrows each node rather than retaining it.
        var node = Unmanaged.passUnretained(root)
        var offset = position
        var marked = 0
        for _ in 1..<height {
            node = node._withUnsafeGuaranteedRef { node in
                let slot = node.slot(containing: offset)
                offset &-= node.start(of: slot)
                marked &+= node.markStart(of: slot)
                return Unmanaged.passUnretained(node.children[slot])
            }
        }
        return node._withUnsafeGuaranteedRef { node in
            let slot = node.slot(containing: offset)
            offset &-= node.start(of: slot)
            marked &+= node.markStart(of: slot)
            // Count from whichever end of the leaf is nearer.
            if offset <= node.count(of: slot) / 2 {
                return marked &+ Self.marks(in: node.leaves[slot][..<offset])
            }
            return marked &+ node.marks(of: slot) &- Self.marks(in: node.leaves[slot][offset...])
        }
    }

    /// The position of the marked element with `rank` marked elements before it
    /// (`0..<markedCount`): select.
    ///
    /// - Complexity: O(log n), plus a scan of part of a leaf.
    @inlinable
    func position(ofMarked rank: Int) -> Int {
        precondition(rank >= 0 && rank < markCount, "PersistentTree: mark rank out of bounds")
        guard let root else { return Self.position(ofMarked: rank, in: leaf) }
        // Safety: as in `markedCount(before:)`.
        var node = Unmanaged.passUnretained(root)
        var remaining = rank
        var position = 0
        for _ in 1..<height {
            node = node._withUnsafeGuaranteedRef { node in
                let slot = node.slot(containingMark: remaining)
                remaining &-= node.markStart(of: slot)
                position &+= node.start(of: slot)
                return Unmanaged.passUnretained(node.children[slot])
            }
        }
        return node._withUnsafeGuaranteedRef { node in
            let slot = node.slot(containingMark: remaining)
            remaining &-= node.markStart(of: slot)
            return position &+ node.start(of: slot) &+ Self.position(ofMarked: remaining, in: node.leaves[slot])
        }
    }

    /// The offset in `leaf` of the marked element with `rank` marked elements before it.
    ///
    /// Counts the marks of runs of 16 elements until the run holding it, then finds it in
    /// that run; neither loop branches on a mark, so marks in no pattern cost no
    /// mispredictions.
    @inlinable
    static func position(ofMarked rank: Int, in leaf: Leaf) -> Int {
        let run = 16
        var start = 0
        var seen = 0
        while start < leaf.count {
            let end = Swift.min(start &+ run, leaf.count)
            let marked = marks(in: leaf[start..<end])
            if seen &+ marked > rank {
                var found = end
                for index in start..<end {
                    let isMarked = Marking.isMarked(leaf[index])
                    found = isMarked && seen == rank && found == end ? index : found
                    seen &+= isMarked ? 1 : 0
                }
                return found
            }
            seen &+= marked
            start = end
        }
        preconditionFailure("PersistentTree: mark counts out of step with the leaves")
    }
}
