extension PersistentTree {
    /// The first position whose element satisfies `belongsAfter`, or `count` if none
    /// does; the elements must be partitioned by it (false, then true): a lower bound.
    ///
    /// One descent from the root: each node is searched by its children's first
    /// elements, then the leaf by halving. A binary search over positions would
    /// descend from the root at every step instead.
    ///
    /// - Complexity: O(log n) calls of `belongsAfter`; O(height²) node visits.
    @inlinable
    func partitioningIndex(where belongsAfter: (Element) throws -> Bool) rethrows -> Int {
        guard let root else { return try Self.partitioningIndex(in: leaf, where: belongsAfter) }
        // Safety: the tree holds every node on the path throughout, and a read writes
        // nothing, so the walk borrows each node rather than retaining it.
        var node = Unmanaged.passUnretained(root)
        var position = 0
        for level in stride(from: height, to: 1, by: -1) {
            node = try node._withUnsafeGuaranteedRef { node in
                let slot = try Self.lastSlotNotAfter(node.childCount, where: belongsAfter) { slot in
                    node.children[slot].firstElement(height: level &- 1)
                }
                position &+= node.start(of: slot)
                return Unmanaged.passUnretained(node.children[slot])
            }
        }
        return try node._withUnsafeGuaranteedRef { node in
            let slot = try Self.lastSlotNotAfter(node.childCount, where: belongsAfter) { node.leaves[$0][0] }
            return try position &+ node.start(of: slot)
                &+ Self.partitioningIndex(in: node.leaves[slot], where: belongsAfter)
        }
    }

    /// The last of `count` children whose first element does not satisfy
    /// `belongsAfter`, or 0 if all do: the child the partition point falls in.
    @inlinable
    static func lastSlotNotAfter(
        _ count: Int, where belongsAfter: (Element) throws -> Bool, first: (Int) -> Element
    ) rethrows -> Int {
        try firstIndex(in: 1..<count) { try belongsAfter(first($0)) } &- 1
    }

    @inlinable
    static func partitioningIndex(in leaf: Leaf, where belongsAfter: (Element) throws -> Bool) rethrows -> Int {
        try leaf.withUnsafeBufferPointer { elements in
            try firstIndex(in: 0..<elements.count) { try belongsAfter(elements[$0]) }
        }
    }

    /// The first index of `range` that satisfies `isAfter`, or its end; the range must be
    /// partitioned by it. Halving.
    @inlinable
    static func firstIndex(in range: Range<Int>, where isAfter: (Int) throws -> Bool) rethrows -> Int {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = Int(bitPattern: UInt(bitPattern: low &+ high) &>> 1)
            if try isAfter(middle) { high = middle } else { low = middle &+ 1 }
        }
        return low
    }
}

extension PersistentTree.Node {
    /// The first element of this subtree, `height` levels above its leaves.
    @inlinable
    func firstElement(height: Int) -> Element {
        // Safety: as in `element(at:height:)`.
        var node = Unmanaged.passUnretained(self)
        for _ in 1..<height {
            node = node._withUnsafeGuaranteedRef { Unmanaged.passUnretained($0.children[0]) }
        }
        return node._withUnsafeGuaranteedRef { $0.leaves[0][0] }
    }
}
