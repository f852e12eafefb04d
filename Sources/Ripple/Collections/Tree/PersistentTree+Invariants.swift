// Test support: structural checks and storage identities. O(n); never on a hot path.
extension PersistentTree {
    /// Every structural rule the tree breaks, described; empty for a sound tree.
    ///
    /// Checked: the counts and mark counts at every level against the elements; leaf and
    /// node sizes (at most the capacity; at least the minimum off the right spine; never
    /// empty); every leaf at depth `height`; a root with two or more children.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        guard let root else {
            if height != 0 { problems.append("height \(height) without a root") }
            if leaf.count != elementCount { problems.append("leaf holds \(leaf.count), count is \(elementCount)") }
            if leaf.count > Self.leafCapacity { problems.append("root leaf holds \(leaf.count)") }
            let marks = Self.marks(in: leaf)
            if marks != markCount { problems.append("leaf has \(marks) marks, markedCount is \(markCount)") }
            return problems
        }
        if !leaf.isEmpty { problems.append("root and a non-empty leaf") }
        if height < 1 { problems.append("a root at height \(height)") }
        if root.childCount < 2 { problems.append("a root with \(root.childCount) child(ren)") }
        let (elements, marks) = Self.check(root, height: height, path: "root", isRoot: true, spine: true, &problems)
        if elements != elementCount { problems.append("nodes hold \(elements), count is \(elementCount)") }
        if marks != markCount { problems.append("nodes hold \(marks) marks, markedCount is \(markCount)") }
        return problems
    }

    /// Checks `node`'s subtree, returning the elements and marks it really holds.
    static func check(
        _ node: Node, height: Int, path: String, isRoot: Bool, spine: Bool, _ problems: inout [String]
    ) -> (Int, Int) {
        let n = node.childCount
        if n > nodeCapacity { problems.append("\(path): \(n) children") }
        if n == 0 { problems.append("\(path): no children") }
        if !isRoot && !spine && n < nodeMinimum { problems.append("\(path): underfull, \(n) children") }
        if tracksMarks ? node.markEnds.count != n : !node.markEnds.isEmpty {
            problems.append("\(path): \(node.markEnds.count) mark totals for \(n) children")
        }
        let atBottom = height == 1
        if (atBottom ? node.leaves.count : node.children.count) != n || !(atBottom ? node.children : []).isEmpty
            || !(atBottom ? [] : node.leaves).isEmpty {
            problems.append("\(path): children do not match height \(height)")
            return (0, 0)
        }
        var elements = 0, marks = 0
        for slot in 0..<n {
            let childPath = "\(path)/\(slot)"
            let childSpine = spine && slot == n - 1
            let (childElements, childMarks): (Int, Int)
            if atBottom {
                let leaf = node.leaves[slot]
                childElements = leaf.count
                childMarks = Self.marks(in: leaf)
                if leaf.count > leafCapacity { problems.append("\(childPath): leaf of \(leaf.count)") }
                if leaf.isEmpty { problems.append("\(childPath): empty leaf") }
                if !childSpine && leaf.count < leafMinimum {
                    problems.append("\(childPath): underfull leaf, \(leaf.count)")
                }
            } else {
                (childElements, childMarks) = check(
                    node.children[slot], height: height - 1, path: childPath, isRoot: false, spine: childSpine,
                    &problems
                )
            }
            elements += childElements
            marks += childMarks
            if node.ends[slot] != elements {
                problems.append("\(childPath): ends at \(node.ends[slot]), not \(elements)")
            }
            if tracksMarks && node.markEnds[slot] != marks {
                problems.append("\(childPath): marks end at \(node.markEnds[slot]), not \(marks)")
            }
        }
        return (elements, marks)
    }

    /// The addresses of the nodes and leaf buffers this tree holds, to count what two
    /// versions share.
    func storageIdentities() -> Set<UInt> {
        var identities = Set<UInt>()
        func address(_ leaf: Leaf) -> UInt {
            // Safety: the address is only recorded, never dereferenced.
            leaf.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        }
        guard let root else {
            if !leaf.isEmpty { identities.insert(address(leaf)) }
            return identities
        }
        var level = [root]
        for depth in stride(from: height, to: 0, by: -1) {
            var below: [Node] = []
            for node in level {
                identities.insert(UInt(bitPattern: ObjectIdentifier(node)))
                if depth == 1 {
                    for leaf in node.leaves { identities.insert(address(leaf)) }
                } else {
                    below.append(contentsOf: node.children)
                }
            }
            level = below
        }
        return identities
    }
}

extension PersistentTree {
    /// The element count of every leaf, in order.
    func leafSizes() -> [Int] {
        guard let root else { return leaf.isEmpty ? [] : [leaf.count] }
        var level = [root]
        for _ in 1..<height { level = level.flatMap(\.children) }
        return level.flatMap { $0.leaves.map(\.count) }
    }
}
