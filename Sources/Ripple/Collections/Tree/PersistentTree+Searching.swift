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

extension PersistentTree {
    /// The first position whose key is at least `target`, or `count` if none is; the
    /// keys must ascend along the tree. For keys spread about evenly (the labels of a
    /// slot table), each node and leaf is searched from a guess by interpolation: a
    /// few loads side by side where halving makes a chain of dependent ones.
    ///
    /// - Complexity: O(log n) calls of `key`, however the keys are spread.
    @inlinable
    func lowerBound(of target: UInt64, key: (Element) -> UInt64) -> Int {
        guard let root else {
            return leaf.withUnsafeBufferPointer { elements in
                Self.interpolatedLowerBound(of: target, count: elements.count) { key(elements[$0]) }
            }
        }
        // Safety: as in `partitioningIndex(where:)`.
        var node = Unmanaged.passUnretained(root)
        var position = 0
        for level in stride(from: height, to: 1, by: -1) {
            node = node._withUnsafeGuaranteedRef { node in
                let slot = Self.interpolatedLowerBound(of: target, count: node.childCount) {
                    key(node.children[$0].firstElement(height: level &- 1))
                }
                let child = Swift.max(0, slot &- 1)
                position &+= node.start(of: child)
                return Unmanaged.passUnretained(node.children[child])
            }
        }
        return node._withUnsafeGuaranteedRef { node in
            let slot = Swift.max(0, Self.interpolatedLowerBound(of: target, count: node.childCount) {
                key(node.leaves[$0][0])
            } &- 1)
            return position &+ node.start(of: slot) &+ node.leaves[slot].withUnsafeBufferPointer { elements in
                Self.interpolatedLowerBound(of: target, count: elements.count) { key(elements[$0]) }
            }
        }
    }

    /// The first of `0..<count` whose key is at least `target`, or `count`; the keys
    /// ascend. A guess from the ends, a probe beside it, then halving what is left.
    @inlinable
    static func interpolatedLowerBound(of target: UInt64, count: Int, key: (Int) -> UInt64) -> Int {
        guard count > 0 else { return 0 }
        let first = key(0)
        if target <= first { return 0 }
        let last = key(count &- 1)
        if target > last { return count }
        // key(low - 1) < target <= key(high): the answer is in low...high.
        var low = 1, high = count &- 1
        guard low < high else { return high }
        let fraction = Double(target &- first) / Double(last &- first)
        let guess = Swift.min(high, low &+ Int(fraction * Double(high &- low)))
        let reach = 4
        if key(guess) >= target {
            high = guess
            let probe = guess &- reach
            if probe >= low {
                if key(probe) < target { low = probe &+ 1 } else { high = probe }
            }
        } else {
            low = guess &+ 1
            let probe = guess &+ reach
            if probe < high {
                if key(probe) >= target { high = probe } else { low = probe &+ 1 }
            }
        }
        return firstIndex(in: low..<high) { key($0) >= target }
    }
}
