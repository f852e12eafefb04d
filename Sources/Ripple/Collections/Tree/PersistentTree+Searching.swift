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
        try partitionPoint { count, element in
            try Self.firstIndex(in: 0..<count) { try belongsAfter(element($0)) }
        }
    }

    /// The first position whose key is at least `target`, or `count` if none is; the
    /// keys must ascend along the tree. For keys spread about evenly (the labels of a
    /// slot table), each node and leaf is searched from a guess by interpolation: a
    /// few loads side by side where halving makes a chain of dependent ones.
    ///
    /// - Complexity: O(log n) calls of `key`, however the keys are spread.
    @inlinable
    func lowerBound(of target: UInt64, key: (Element) -> UInt64) -> Int {
        partitionPoint { count, element in
            Self.interpolatedLowerBound(of: target, count: count) { key(element($0)) }
        }
    }

    /// The descent both searches make: `firstAfter(count, element)` finds the partition
    /// point among `count` elements it reads by index, first among a node's children's
    /// first elements (the child before it holds the point), then in the leaf.
    @inlinable
    func partitionPoint(
        _ firstAfter: (_ count: Int, _ element: (Int) -> Element) throws -> Int
    ) rethrows -> Int {
        guard let root else {
            return try leaf.withUnsafeBufferPointer { elements in try firstAfter(elements.count) { elements[$0] } }
        }
        // Safety: the tree holds every node on the path throughout, and a read writes
        // nothing, so the walk borrows each node rather than retaining it.
        var node = Unmanaged.passUnretained(root)
        var position = 0
        for level in stride(from: height, to: 1, by: -1) {
            node = try node._withUnsafeGuaranteedRef { node in
                let slot = try Swift.max(0, firstAfter(node.childCount) {
                    node.children[$0].firstElement(height: level &- 1)
                } &- 1)
                position &+= node.start(of: slot)
                return Unmanaged.passUnretained(node.children[slot])
            }
        }
        return try node._withUnsafeGuaranteedRef { node in
            let slot = try Swift.max(0, firstAfter(node.childCount) { node.leaves[$0][0] } &- 1)
            return try position &+ node.start(of: slot) &+ node.leaves[slot].withUnsafeBufferPointer { elements in
                try firstAfter(elements.count) { elements[$0] }
            }
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
