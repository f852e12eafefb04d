extension PersistentTree: Sequence {
    /// Walks the elements in order, leaf by leaf: O(1) amortized per element, and never
    /// a descent from the root after the first.
    ///
    /// It holds the nodes on its path, so it sees the tree as it was when it was made,
    /// whatever is done to the tree afterwards.
    @usableFromInline
    struct Iterator: IteratorProtocol {
        @usableFromInline var leaf: Leaf
        @usableFromInline var index: Int
        /// The node holding `leaf`, or nil when the whole tree is `leaf`.
        @usableFromInline var bottom: Node?
        @usableFromInline var slot: Int
        /// The nodes above `bottom`, the root first, each with the slot taken below it.
        @usableFromInline var path: ContiguousArray<(node: Node, slot: Int)>

        @inlinable
        init(leaf: Leaf, index: Int, bottom: Node?, slot: Int, path: ContiguousArray<(node: Node, slot: Int)>) {
            self.leaf = leaf
            self.index = index
            self.bottom = bottom
            self.slot = slot
            self.path = path
        }

        @inlinable
        mutating func next() -> Element? {
            if index == leaf.count {
                guard nextLeaf() else { return nil }
            }
            let element = leaf[index]
            index &+= 1
            return element
        }

        /// Moves to the start of the next leaf; false at the end.
        @inlinable
        mutating func nextLeaf() -> Bool {
            guard let node = bottom else { return false }
            if slot &+ 1 < node.childCount {
                slot &+= 1
            } else {
                var level = path.count &- 1
                while level >= 0 && path[level].slot &+ 1 == path[level].node.childCount { level &-= 1 }
                guard level >= 0 else { return false }
                path[level].slot &+= 1
                var below = path[level].node.children[path[level].slot]
                for lower in level &+ 1 ..< path.count {
                    path[lower] = (below, 0)
                    below = below.children[0]
                }
                bottom = below
                slot = 0
            }
            leaf = bottom!.leaves[slot]
            index = 0
            return true
        }
    }

    @inlinable
    func makeIterator() -> Iterator { makeIterator(from: 0) }

    /// An iterator over the elements from `position` (`0...count`) on. O(log n).
    @inlinable
    func makeIterator(from position: Int = 0) -> Iterator {
        precondition(position >= 0 && position <= elementCount, "PersistentTree: position out of bounds")
        guard var node = root, position < elementCount else {
            // A one-leaf tree, or the end of a larger one.
            let whole = root == nil
            return Iterator(leaf: whole ? leaf : Leaf(), index: whole ? position : 0, bottom: nil, slot: 0, path: [])
        }
        var path = ContiguousArray<(node: Node, slot: Int)>()
        path.reserveCapacity(height &- 1)
        var offset = position
        for _ in 1..<height {
            let slot = node.slot(containing: offset)
            offset &-= node.start(of: slot)
            path.append((node, slot))
            node = node.children[slot]
        }
        let slot = node.slot(containing: offset)
        return Iterator(
            leaf: node.leaves[slot], index: offset &- node.start(of: slot), bottom: node, slot: slot, path: path)
    }

    @inlinable
    var underestimatedCount: Int { elementCount }

    /// Calls `body` on the elements in `range`, in order, a leaf at a time.
    ///
    /// - Complexity: O(log n + k) for k elements.
    @inlinable
    func forEach(in range: Range<Int>, _ body: (Element) throws -> Void) rethrows {
        try forEachRun(in: range) { run in
            for element in run { try body(element) }
        }
    }
}

extension PersistentTree {
    /// Calls `body` with the address of each element in `range`, in order: the element
    /// is lent where it lies, never copied. The address is valid during the call only.
    @inlinable
    func forEachElementAddress(in range: Range<Int>, _ body: (UnsafePointer<Element>) throws -> Void) rethrows {
        try forEachRun(in: range) { run in
            // Safety: the run's buffer outlives each call of `body`.
            let start = run.baseAddress.unsafelyUnwrapped
            for index in run.indices { try body(start + index) }
        }
    }
}

extension PersistentTree {
    /// Calls `body` with each run of contiguous elements in `range`, in order, lent
    /// where they lie (a leaf's buffer, valid during the call only).
    @inlinable
    func forEachRun(in range: Range<Int>, _ body: (UnsafeBufferPointer<Element>) throws -> Void) rethrows {
        precondition(range.lowerBound >= 0 && range.upperBound <= elementCount, "PersistentTree: range out of bounds")
        guard !range.isEmpty else { return }
        guard let root else {
            try leaf.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
            return
        }
        try root.forEachRun(height: height, in: range, body)
    }
}

extension PersistentTree.Node {
    /// `forEachRun(in:_:)` on this subtree; recurses once per level.
    @inlinable
    func forEachRun(height: Int, in range: Range<Int>, _ body: (UnsafeBufferPointer<Element>) throws -> Void) rethrows {
        var slot = slot(containing: range.lowerBound)
        while slot < childCount {
            let start = start(of: slot)
            guard start < range.upperBound else { return }
            let local = Swift.max(range.lowerBound, start) &- start ..< Swift.min(range.upperBound, ends[slot]) &- start
            if height == 1 {
                try leaves[slot].withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[local])) }
            } else {
                try children[slot].forEachRun(height: height &- 1, in: local, body)
            }
            slot &+= 1
        }
    }
}
