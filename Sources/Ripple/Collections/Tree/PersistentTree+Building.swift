extension PersistentTree {
    /// The elements a bulk-built leaf holds: nearly full, with room for a few insertions
    /// before the first split.
    @inlinable
    static var leafFill: Int { leafCapacity &- leafCapacity / 16 }

    /// The children a bulk-built node holds.
    @inlinable
    static var nodeFill: Int { nodeCapacity &- nodeCapacity / 16 }

    /// A tree of `elements`, in order, built bottom up with nearly full leaves.
    ///
    /// - Complexity: O(n).
    @inlinable
    init<S: Sequence>(_ elements: S) where S.Element == Element {
        // Safety: the buffer is only read, within its bounds, during the closure.
        if let tree = elements.withContiguousStorageIfAvailable({ Self(collection: $0) }) {
            self = tree
            return
        }
        self.init()
        var iterator = elements.makeIterator()
        var current = Leaf()
        current.reserveCapacity(Swift.min(Self.leafCapacity, elements.underestimatedCount))
        while current.count < Self.leafCapacity, let element = iterator.next() {
            current.append(element)
        }
        guard let next = iterator.next() else {
            leaf = current
            elementCount = current.count
            markCount = Self.marks(in: current)
            return
        }
        // Several leaves: fill each to `leafFill`, then even out the last two.
        var leaves = ContiguousArray<Leaf>()
        var rest = Self.makeLeaf(current[Self.leafFill...])
        current.removeSubrange(Self.leafFill...)
        leaves.append(current)
        rest.append(next)
        while let element = iterator.next() {
            if rest.count == Self.leafFill {
                leaves.append(rest)
                rest = Self.makeLeaf(EmptyCollection())
            }
            rest.append(element)
        }
        if rest.count < Self.leafMinimum {
            // Merge the short last leaf into the one before, or split the two evenly:
            // either way both end at least half full.
            var previous = leaves.removeLast()
            let total = previous.count &+ rest.count
            if total <= Self.leafCapacity {
                previous.append(contentsOf: rest)
                rest = previous
            } else {
                rest.insert(contentsOf: previous[(total / 2)...], at: 0)
                previous.removeSubrange((total / 2)...)
                leaves.append(previous)
            }
        }
        leaves.append(rest)
        self.init(leaves: leaves)
    }

    /// A tree of `elements`, in even, nearly full leaves.
    @inlinable
    init<C: Collection>(collection elements: C) where C.Element == Element {
        self.init()
        let total = elements.count
        guard total > Self.leafCapacity else {
            leaf = Leaf(elements)
            elementCount = total
            markCount = Self.marks(in: leaf)
            return
        }
        let pieces = Pieces(
            total: total, target: Self.leafFill, capacity: Self.leafCapacity, minimum: Self.leafMinimum)
        var leaves = ContiguousArray<Leaf>()
        leaves.reserveCapacity(pieces.count)
        var index = elements.startIndex
        for piece in 0..<pieces.count {
            let end = elements.index(index, offsetBy: pieces[piece].count)
            leaves.append(Self.makeLeaf(elements[index..<end]))
            index = end
        }
        self.init(leaves: leaves)
    }

    /// A tree of the elements of `elements`, moved out of it: the buffer is left
    /// uninitialized, and no element is copied (nor retained).
    @inlinable
    init(moving elements: UnsafeMutableBufferPointer<Element>) {
        self.init()
        let total = elements.count
        guard let start = elements.baseAddress, total > 0 else { return }
        // Safety: each element is moved once, from the caller's initialized buffer into
        // a leaf's uninitialized room of the same count.
        func leaf(from offset: Int, count: Int) -> Leaf {
            Leaf(unsafeUninitializedCapacity: Self.leafCapacity) { room, initialized in
                room.baseAddress.unsafelyUnwrapped.moveInitialize(from: start + offset, count: count)
                initialized = count
            }
        }
        guard total > Self.leafCapacity else {
            self.leaf = leaf(from: 0, count: total)
            elementCount = total
            markCount = Self.marks(in: self.leaf)
            return
        }
        let pieces = Pieces(
            total: total, target: Self.leafFill, capacity: Self.leafCapacity, minimum: Self.leafMinimum)
        var leaves = ContiguousArray<Leaf>()
        leaves.reserveCapacity(pieces.count)
        var offset = 0
        for piece in 0..<pieces.count {
            let count = pieces[piece].count
            leaves.append(leaf(from: offset, count: count))
            offset &+= count
        }
        self.init(leaves: leaves)
    }

    /// A tree over `leaves` (at least two, each sized for its place), built level by level.
    @inlinable
    init(leaves: ContiguousArray<Leaf>) {
        self.init()
        var pieces = Pieces(
            total: leaves.count, target: Self.nodeFill, capacity: Self.nodeCapacity, minimum: Self.nodeMinimum)
        var level = ContiguousArray<Node>()
        level.reserveCapacity(pieces.count)
        for piece in 0..<pieces.count {
            level.append(Node(leaves: ContiguousArray(leaves[pieces[piece]])))
        }
        height = 1
        while level.count > 1 {
            pieces = Pieces(
                total: level.count, target: Self.nodeFill, capacity: Self.nodeCapacity, minimum: Self.nodeMinimum)
            var above = ContiguousArray<Node>()
            above.reserveCapacity(pieces.count)
            for piece in 0..<pieces.count {
                above.append(Node(children: ContiguousArray(level[pieces[piece]])))
            }
            level = above
            height &+= 1
        }
        root = level[0]
        elementCount = root!.total
        markCount = root!.totalMarks
    }
}
