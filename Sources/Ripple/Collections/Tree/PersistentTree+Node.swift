extension PersistentTree {
    /// An inner node: its children, and per child the running totals of elements and of
    /// marked elements up to and including that child.
    ///
    /// A node at height 1 holds leaves, a higher one holds nodes; the other array is
    /// empty. Its `ends` always has one entry per child, so `ends.count` is the number of
    /// children at either height. A node is written only while uniquely referenced.
    @usableFromInline
    final class Node {
        // Safety (these four): a node is written only by the tree holding its sole
        // reference, from inside one of that tree's mutating methods, which never re-enter
        // the tree; no two accesses to a node can overlap, so the runtime check is dropped.

        /// `ends[k]`: the number of elements in children `0...k`.
        @usableFromInline @exclusivity(unchecked)
        var ends: ContiguousArray<Int>
        /// `markEnds[k]`: the number of marked elements in children `0...k`; kept empty
        /// when the marking cannot mark.
        @usableFromInline @exclusivity(unchecked)
        var markEnds: ContiguousArray<Int>
        @usableFromInline @exclusivity(unchecked)
        var leaves: ContiguousArray<Leaf>
        @usableFromInline @exclusivity(unchecked)
        var children: ContiguousArray<Node>

        @inlinable
        init(
            ends: ContiguousArray<Int>, markEnds: ContiguousArray<Int>,
            leaves: ContiguousArray<Leaf>, children: ContiguousArray<Node>
        ) {
            self.ends = ends
            self.markEnds = markEnds
            self.leaves = leaves
            self.children = children
        }

        /// A node over `leaves`, counting their marks. O(elements) with a marking.
        @inlinable
        convenience init(leaves: ContiguousArray<Leaf>) {
            self.init(ends: [], markEnds: [], leaves: leaves, children: [])
            replaceTotals(0..<0, with: leaves.lazy.map { ($0.count, PersistentTree.marks(in: $0)) })
        }

        /// A node over `children`. O(children).
        @inlinable
        convenience init(children: ContiguousArray<Node>) {
            self.init(ends: [], markEnds: [], leaves: [], children: children)
            replaceTotals(0..<0, with: children.lazy.map { ($0.total, $0.totalMarks) })
        }

        /// A node sharing this one's children: the first step of path copying. The arrays
        /// copy themselves, retaining the children, when the copy first writes them.
        @inlinable
        func copy() -> Node {
            Node(ends: ends, markEnds: markEnds, leaves: leaves, children: children)
        }

        @inlinable
        var childCount: Int { ends.count }

        /// The number of elements below this node; it has at least one child.
        @inlinable
        var total: Int { ends[ends.count &- 1] }

        @inlinable
        var totalMarks: Int { markEnds.isEmpty ? 0 : markEnds[markEnds.count &- 1] }

        /// The position, within this subtree, of the first element of child `slot`.
        @inlinable
        func start(of slot: Int) -> Int { slot == 0 ? 0 : ends[slot &- 1] }

        @inlinable
        func markStart(of slot: Int) -> Int { slot == 0 ? 0 : markEnds[slot &- 1] }

        @inlinable
        func count(of slot: Int) -> Int { ends[slot] &- start(of: slot) }

        @inlinable
        func marks(of slot: Int) -> Int {
            markEnds.isEmpty ? 0 : markEnds[slot] &- markStart(of: slot)
        }

        /// The child holding `position` (`0 <= position < total`): the number of children
        /// ending at or before it.
        @inlinable
        func slot(containing position: Int) -> Int {
            Self.count(in: ends, atMost: position)
        }

        /// The child an insertion at `position` (`0 <= position <= total`) goes into: the
        /// one ending at or after it, so an insertion at a boundary extends the left child
        /// and an append extends the last.
        @inlinable
        func slot(insertingAt position: Int) -> Int {
            position >= total ? childCount &- 1 : Self.count(in: ends, atMost: position &- 1)
        }

        /// The child holding the `rank`-th marked element (`0 <= rank < totalMarks`).
        @inlinable
        func slot(containingMark rank: Int) -> Int {
            Self.count(in: markEnds, atMost: rank)
        }

        /// The number of entries of the ascending `totals` that are at most `bound`.
        ///
        /// Halving without branching on the comparisons (the sign bit of
        /// `entry - bound - 1` picks the half), so a random position costs no
        /// misprediction: six steps for a full node.
        @inlinable
        static func count(in totals: ContiguousArray<Int>, atMost bound: Int) -> Int {
            totals.withUnsafeBufferPointer { totals in
                func isAtMost(_ entry: Int) -> Int {
                    Int(bitPattern: UInt(bitPattern: entry &- bound &- 1) &>> 63)
                }
                var length = totals.count
                guard length > 0 else { return 0 }
                // Every entry before `base` is at most `bound`; the answer is in
                // base...base + length.
                var base = 0
                while length > 1 {
                    let half = length &>> 1
                    base &+= half &* isAtMost(totals[base &+ half &- 1])
                    length &-= half
                }
                return base &+ isAtMost(totals[base])
            }
        }

        /// The element at `position` of this subtree, `height` levels above its leaf.
        @inlinable
        func element(at position: Int, height: Int) -> Element {
            // Safety: the caller's tree holds every node on the path throughout, and a
            // read writes nothing, so the walk borrows each node rather than retaining it.
            var node = Unmanaged.passUnretained(self)
            var offset = position
            for _ in 1..<height {
                node = node._withUnsafeGuaranteedRef { node in
                    let slot = node.slot(containing: offset)
                    offset &-= node.start(of: slot)
                    return Unmanaged.passUnretained(node.children[slot])
                }
            }
            return node._withUnsafeGuaranteedRef { node in
                let slot = node.slot(containing: offset)
                return node.leaves[slot][offset &- node.start(of: slot)]
            }
        }

        /// Makes child `slot` (a node) uniquely referenced, copying it if it is shared.
        @inlinable
        func makeChildUnique(_ slot: Int) {
            if !isKnownUniquelyReferenced(&children[slot]) {
                children[slot] = children[slot].copy()
            }
        }

        /// Records that child `slot` gained `delta` elements and `markDelta` marks.
        @inlinable
        func adjust(_ slot: Int, by delta: Int, marks markDelta: Int) {
            // Through a buffer: one uniqueness check for the run, not one per entry.
            if delta != 0 {
                ends.withUnsafeMutableBufferPointer { ends in
                    for k in slot..<ends.count { ends[k] &+= delta }
                }
            }
            if PersistentTree.tracksMarks && markDelta != 0 {
                markEnds.withUnsafeMutableBufferPointer { markEnds in
                    for k in slot..<markEnds.count { markEnds[k] &+= markDelta }
                }
            }
        }

        /// Replaces the totals of children `range` with those of `sizes` (elements and
        /// marks per new child, each computed once), shifting the totals after them.
        /// O(children).
        @inlinable
        func replaceTotals<S: Collection>(_ range: Range<Int>, with sizes: S) where S.Element == (Int, Int) {
            let tracks = PersistentTree.tracksMarks
            let newCount = sizes.count
            let oldEnd = range.isEmpty ? start(of: range.lowerBound) : ends[range.upperBound &- 1]
            let oldMarkEnd = !tracks ? 0
                : range.isEmpty ? markStart(of: range.lowerBound) : markEnds[range.upperBound &- 1]
            var running = start(of: range.lowerBound)
            var marked = tracks ? markStart(of: range.lowerBound) : 0
            ends.replaceSubrange(range, with: repeatElement(0, count: newCount))
            if tracks { markEnds.replaceSubrange(range, with: repeatElement(0, count: newCount)) }
            var k = range.lowerBound
            for (count, marks) in sizes {
                running &+= count
                ends[k] = running
                if tracks {
                    marked &+= marks
                    markEnds[k] = marked
                }
                k &+= 1
            }
            let shift = running &- oldEnd, markShift = marked &- oldMarkEnd
            while k < ends.count {
                ends[k] &+= shift
                if tracks { markEnds[k] &+= markShift }
                k &+= 1
            }
        }

        /// Removes children `range`, leaves or nodes, with their totals.
        @inlinable
        func removeChildren(_ range: Range<Int>) {
            if leaves.isEmpty { children.removeSubrange(range) } else { leaves.removeSubrange(range) }
            replaceTotals(range, with: EmptyCollection())
        }

        /// A new node holding children `range` of this one (which keeps them).
        @inlinable
        func slice(_ range: Range<Int>) -> Node {
            let base = start(of: range.lowerBound)
            let markBase = markEnds.isEmpty ? 0 : markStart(of: range.lowerBound)
            return Node(
                ends: ContiguousArray(ends[range].lazy.map { $0 &- base }),
                markEnds: markEnds.isEmpty ? [] : ContiguousArray(markEnds[range].lazy.map { $0 &- markBase }),
                leaves: leaves.isEmpty ? [] : ContiguousArray(leaves[range]),
                children: children.isEmpty ? [] : ContiguousArray(children[range])
            )
        }

        /// Drops every child from `slot` on.
        @inlinable
        func truncate(to slot: Int) {
            ends.removeSubrange(slot...)
            if !markEnds.isEmpty { markEnds.removeSubrange(slot...) }
            if !leaves.isEmpty { leaves.removeSubrange(slot...) }
            if !children.isEmpty { children.removeSubrange(slot...) }
        }

        /// Appends the children of `other`, a node of the same height.
        @inlinable
        func append(contentsOf other: Node) {
            let base = total, markBase = totalMarks
            ends.append(contentsOf: other.ends.lazy.map { $0 &+ base })
            if PersistentTree.tracksMarks {
                markEnds.append(contentsOf: other.markEnds.lazy.map { $0 &+ markBase })
            }
            leaves.append(contentsOf: other.leaves)
            children.append(contentsOf: other.children)
        }

        /// Moves the last `n` children of this node to the front of `right`.
        @inlinable
        func moveSuffix(_ n: Int, to right: Node) {
            let moved = slice(childCount &- n ..< childCount)
            truncate(to: childCount &- n)
            moved.append(contentsOf: right)
            right.ends = moved.ends
            right.markEnds = moved.markEnds
            right.leaves = moved.leaves
            right.children = moved.children
        }

        /// Moves the first `n` children of `right` to the end of this node.
        @inlinable
        func movePrefix(_ n: Int, from right: Node) {
            append(contentsOf: right.slice(0..<n))
            let rest = right.slice(n ..< right.childCount)
            right.ends = rest.ends
            right.markEnds = rest.markEnds
            right.leaves = rest.leaves
            right.children = rest.children
        }
    }
}
