/// An ordered sequence with value semantics, stored as a copy-on-write counted B-tree:
/// the storage of `IncrementalArray` and of the incremental operators' bookkeeping.
///
/// Positions run over `0..<count`. Reading, inserting and removing at a position cost
/// O(log n); a copy costs O(1) and shares every node. A mutation copies only the nodes
/// on the path it walks that another copy still holds (path copying), so two versions of
/// a list share all but O(log n) of their nodes. As with `Array`, copies may live on
/// different threads: a node is written only while uniquely referenced.
///
/// `Marking` decides which elements are marked; every node counts its marked elements,
/// so that ``markedCount(before:)`` (rank) and ``position(ofMarked:)`` (select) are
/// O(log n) as well. Under ``NoMarking`` that bookkeeping compiles away.
///
/// ```swift
/// var list = PersistentTree<Int, NoMarking<Int>>(0..<1000)
/// let saved = list
/// list.insert(-1, at: 500)
/// print(saved[500], list[500], list.count)   // prints "500 -1 1001"
/// ```
///
/// Positions are checked with `precondition` only: callers check them first and report
/// out-of-bounds errors themselves.
///
/// ## Layout
///
/// A tree that fits in one leaf is that leaf (`root == nil`). A larger one has a root
/// ``Node`` `height` levels above its leaves. A leaf is a `ContiguousArray` of at most
/// ``leafCapacity`` elements (about 2 KB), held inline by its parent node. A node holds
/// at most ``nodeCapacity`` children and, per child, the running totals of elements and
/// of marked elements, so that finding the child holding a position is one branch-free
/// count over those totals.
///
/// The unchecked code sits in a few kinds of spot, each with its `// Safety:` comment:
/// reads walk the path without retaining the nodes (`Unmanaged`), which keeps reference
/// counting off the read path; node fields skip the runtime exclusivity check; `_modify`
/// moves the element out of its leaf and back; `isIdentical(to:)` compares addresses.
///
/// Every node and leaf but the root holds at least half its capacity, except along the
/// right spine (the last child at every level), where appends land: a full spine leaf
/// that receives an append keeps its elements and starts a new leaf, so lists grown by
/// appending stay as dense as those built in bulk. Spine nodes are never empty.
///
/// ## Files
///
/// - `TreeMarking.swift`: what a marking is, and `NoMarking`.
/// - `PersistentTree+Node.swift`: the node and its running totals.
/// - `PersistentTree+Editing.swift`: insertion, removal and replacement.
/// - `PersistentTree+Rebalancing.swift`: splitting, merging and borrowing along a path.
/// - `PersistentTree+Building.swift`: the O(n) bulk initializer.
/// - `PersistentTree+Marks.swift`: rank and select.
/// - `PersistentTree+Searching.swift`: the lower bound of a partition, in one descent.
/// - `PersistentTree+Iteration.swift`: the iterator and ranged `forEach`.
/// - `PersistentTree+Invariants.swift`: structural checks for the tests.
@usableFromInline
struct PersistentTree<Element, Marking: TreeMarking> where Marking.Element == Element {
    @usableFromInline
    typealias Leaf = ContiguousArray<Element>

    /// The elements, while they fit in one leaf; empty once there is a root.
    @usableFromInline
    var leaf: Leaf
    /// The top node, once the elements span several leaves.
    @usableFromInline
    var root: Node?
    /// The number of node levels above the leaves: 0 exactly when `root` is nil.
    @usableFromInline
    var height: Int
    @usableFromInline
    var elementCount: Int
    @usableFromInline
    var markCount: Int

    /// An empty tree; allocates nothing.
    @inlinable
    init() {
        leaf = Leaf()
        root = nil
        height = 0
        elementCount = 0
        markCount = 0
    }

    @inlinable
    var count: Int { elementCount }

    @inlinable
    var isEmpty: Bool { elementCount == 0 }

    /// The number of marked elements. O(1).
    @inlinable
    var markedCount: Int { markCount }
}

// Safety: a node or leaf buffer is written only by a tree that holds the sole reference
// to it (`isKnownUniquelyReferenced`, or the array's own copy-on-write check), so the
// storage that two copies share is never written, wherever those copies live.
extension PersistentTree: @unchecked Sendable where Element: Sendable {}

extension PersistentTree {
    /// The most elements a leaf holds: about 2 KB of them, and at least 16.
    @inlinable
    static var leafCapacity: Int { Swift.max(16, 2048 / MemoryLayout<Element>.stride) }

    /// The fewest elements a leaf off the right spine holds.
    @inlinable
    static var leafMinimum: Int { leafCapacity / 2 }

    /// The most children a node holds. Searching a node scans its running totals, so a
    /// wider node costs more per level than the level it saves.
    @inlinable
    static var nodeCapacity: Int { 64 }

    /// The fewest children a node off the right spine holds.
    @inlinable
    static var nodeMinimum: Int { nodeCapacity / 2 }

    /// Whether elements can be marked at all. Under `NoMarking` this folds to `false` and
    /// every mark count, scan and update is compiled out.
    @inlinable
    static var tracksMarks: Bool { !(Marking.self is NoMarking<Element>.Type) }

    /// The number of marked elements in `elements`.
    @inlinable
    static func marks<S: Sequence>(in elements: S) -> Int where S.Element == Element {
        guard tracksMarks else { return 0 }
        var marked = 0
        for element in elements where Marking.isMarked(element) {
            marked &+= 1
        }
        return marked
    }

    @inlinable
    static func mark(of element: Element) -> Int {
        tracksMarks && Marking.isMarked(element) ? 1 : 0
    }
}

extension PersistentTree {
    /// The element at `position`.
    ///
    /// The setter and `_modify` copy the nodes on the path that other copies share, then
    /// write in place; `_modify` yields the stored element itself, and afterwards fixes the
    /// mark counts on the path if its mark changed.
    ///
    /// - Complexity: O(log n).
    @inlinable
    subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < elementCount, "PersistentTree: position out of bounds")
            guard let root else { return leaf[position] }
            return root.element(at: position, height: height)
        }
        set {
            precondition(position >= 0 && position < elementCount, "PersistentTree: position out of bounds")
            let location = uniqueLocation(of: position)
            let delta = withLeaf(at: location) { leaf in
                defer { leaf[location.offset] = newValue }
                return Self.mark(of: newValue) &- Self.mark(of: leaf[location.offset])
            }
            if delta != 0 { adjustMarks(at: position, by: delta) }
        }
        _modify {
            precondition(position >= 0 && position < elementCount, "PersistentTree: position out of bounds")
            yield &self[position, uniqueAt: uniqueLocation(of: position)]
        }
    }

    /// The element at `position`, stored at `location`, which `uniqueLocation(of:)` gave
    /// for it: a caller that needs the location again afterwards descends only once.
    @inlinable
    subscript(position: Int, uniqueAt location: Location) -> Element {
        get { element(at: location) }
        _modify {
            // Safety: the element is moved out of its leaf for the access and moved back
            // after it, aborted or not (`defer`). Meanwhile nothing can read or free the
            // vacated slot: the access holds the tree exclusively, and `uniqueLocation`
            // made the leaf this tree's alone. Yielding a local rather than the slot keeps
            // the accessor's frame small enough to need no heap allocation.
            var element = withLeaf(at: location) { leaf in
                leaf.withUnsafeMutableBufferPointer { $0.moveElement(from: location.offset) }
            }
            let before = Self.mark(of: element)
            defer {
                let delta = Self.mark(of: element) &- before
                withLeaf(at: location) { leaf in
                    leaf.withUnsafeMutableBufferPointer { $0.initializeElement(at: location.offset, to: element) }
                }
                if delta != 0 { adjustMarks(at: position, by: delta) }
            }
            yield &element
        }
    }

    /// The element stored at `location`, which is still where `uniqueLocation(of:)` found
    /// it. O(1).
    @inlinable
    func element(at location: Location) -> Element {
        guard let node = location.node else { return leaf[location.offset] }
        // Safety: the tree holds the node; `location` came from `uniqueLocation`.
        return node._withUnsafeGuaranteedRef { $0.leaves[location.slot][location.offset] }
    }

    /// Where an element is stored: the bottom node (nil when the tree is one leaf), the
    /// slot of the leaf in it and the offset in the leaf.
    @usableFromInline
    struct Location {
        @usableFromInline let node: Unmanaged<Node>?
        @usableFromInline let slot: Int
        @usableFromInline let offset: Int

        @inlinable
        init(node: Unmanaged<Node>?, slot: Int, offset: Int) {
            self.node = node
            self.slot = slot
            self.offset = offset
        }
    }

    /// Gives this tree a root of its own, copying the shared one (its children stay
    /// shared); the root must exist.
    @inlinable
    @inline(__always)
    mutating func makeRootUnique() {
        if !isKnownUniquelyReferenced(&root) { root = root!.copy() }
    }

    /// The location of the element at `position`, after making every node on the path
    /// uniquely referenced (the leaf makes itself unique when first written).
    @inlinable
    mutating func uniqueLocation(of position: Int) -> Location {
        guard root != nil else { return Location(node: nil, slot: 0, offset: position) }
        makeRootUnique()
        // Safety: each node on the path is held by its parent (the root by this tree),
        // which nothing changes during the walk except to make the child unique first.
        var node = Unmanaged.passUnretained(root!)
        var offset = position
        for _ in 1..<height {
            node = node._withUnsafeGuaranteedRef { node in
                let slot = node.slot(containing: offset)
                offset &-= node.start(of: slot)
                node.makeChildUnique(slot)
                return Unmanaged.passUnretained(node.children[slot])
            }
        }
        return node._withUnsafeGuaranteedRef { node in
            let slot = node.slot(containing: offset)
            return Location(node: Unmanaged.passUnretained(node), slot: slot, offset: offset &- node.start(of: slot))
        }
    }

    /// Calls `body` with the leaf holding `location`.
    @inlinable
    mutating func withLeaf<Result>(at location: Location, _ body: (inout Leaf) -> Result) -> Result {
        guard let node = location.node else { return body(&leaf) }
        // Safety: the tree holds the node; `location` came from `uniqueLocation`.
        return node._withUnsafeGuaranteedRef { body(&$0.leaves[location.slot]) }
    }

    /// Adds `delta` to the mark counts on the path to `position`, which is unique.
    @inlinable
    mutating func adjustMarks(at position: Int, by delta: Int) {
        markCount &+= delta
        guard let root else { return }
        // Safety: as in `uniqueLocation(of:)`; this walk writes only mark totals.
        var node = Unmanaged.passUnretained(root)
        var offset = position
        for level in stride(from: height, to: 0, by: -1) {
            node = node._withUnsafeGuaranteedRef { node in
                let slot = node.slot(containing: offset)
                node.adjust(slot, by: 0, marks: delta)
                guard level > 1 else { return Unmanaged.passUnretained(node) }
                offset &-= node.start(of: slot)
                return Unmanaged.passUnretained(node.children[slot])
            }
        }
    }

    /// The first element, or nil when the tree is empty. O(log n).
    @inlinable
    var first: Element? { isEmpty ? nil : self[0] }

    /// The last element, or nil when the tree is empty. O(log n).
    @inlinable
    var last: Element? { isEmpty ? nil : self[elementCount - 1] }

    /// Whether the two trees share their root storage, or are both empty: when true
    /// they are equal. O(1).
    @inlinable
    func isIdentical(to other: Self) -> Bool {
        switch (root, other.root) {
        case let (mine?, theirs?):
            return mine === theirs
        case (nil, nil):
            if leaf.isEmpty && other.leaf.isEmpty { return true }
            // Safety: the addresses are compared, never dereferenced; two live arrays
            // share their first element's address only when they share their buffer.
            return leaf.withUnsafeBufferPointer { mine in
                other.leaf.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
            }
        default:
            return false
        }
    }
}
