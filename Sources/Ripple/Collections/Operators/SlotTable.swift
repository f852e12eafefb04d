/// One element of an operator's source, in source order: the slot that names it for
/// as long as it stays in the list, and whether a filter keeps it.
@usableFromInline
struct SlotEntry {
    @usableFromInline var slot: UInt32
    @usableFromInline var kept: Bool

    @inlinable
    init(slot: UInt32, kept: Bool) {
        self.slot = slot
        self.kept = kept
    }
}

/// Counts the kept entries, so that a filter finds an element's place in its output in
/// O(log n).
@usableFromInline
enum KeptMarking: TreeMarking {
    @inlinable
    @inline(__always)
    static func isMarked(_ entry: SlotEntry) -> Bool { entry.kept }
}

/// Marks a kept element of a table that keeps only marks.
@usableFromInline
enum KeptFlagMarking: TreeMarking {
    @inlinable
    @inline(__always)
    static func isMarked(_ kept: Bool) -> Bool { kept }
}

/// An operator's mirror of its source: a slot per element, in source order.
///
/// Slots are stable names for elements while positions shift with every insertion:
/// the operator keeps what it derived from each element in arrays indexed by slot,
/// and an element tracker reports its slot. Where an operator must find the position
/// of a slot (a tracker fired; sorting breaks ties by source order), slots carry
/// labels that increase along the source order, so one descent of the mirror finds
/// a slot's position in O(log n).
///
/// A table whose slots are never looked up (a filter over values: no tracker, no
/// label) keeps the kept marks alone, a byte per element rather than eight: its tree
/// is shallower and its nodes narrower, so each change walks and shifts less.
@usableFromInline
struct SlotTable {
    /// The entries, when `numbered`.
    @usableFromInline var order = PersistentTree<SlotEntry, KeptMarking>()
    /// The kept marks, when not `numbered`.
    @usableFromInline var marks = PersistentTree<Bool, KeptFlagMarking>()
    /// Whether elements have slots that can be looked up (`slot(at:)`): a labelled
    /// table's are, and those of elements that are objects, for their trackers.
    @usableFromInline let numbered: Bool
    /// Labels by slot, when `labelled`: increasing in source order.
    @usableFromInline var labels: [UInt64] = []
    @usableFromInline let labelled: Bool
    /// Slots free for reuse.
    @usableFromInline var free: [UInt32] = []
    /// How many slots exist, in use or free: the length per-slot arrays need.
    @usableFromInline var capacity = 0
    /// How many times an insertion relabelled a neighbourhood, and the last one: its
    /// slots in source order, and the label just below it, which did not change. A
    /// logic that keeps labels of its own (sections) brings them up to date from it.
    @usableFromInline var relabelCount = 0
    @usableFromInline var lastRelabel = Relabel(slots: [], low: 0)

    @usableFromInline
    struct Relabel {
        @usableFromInline let slots: [UInt32]
        /// Every label of `slots` was, and is, above this one.
        @usableFromInline let low: UInt64

        @inlinable
        init(slots: [UInt32], low: UInt64) {
            self.slots = slots
            self.low = low
        }
    }

    /// A labelled table is numbered whatever `numbered` says: a label belongs to a slot.
    @inlinable
    init(labelled: Bool, numbered: Bool) {
        self.labelled = labelled
        self.numbered = numbered || labelled
    }

    @inlinable
    var count: Int { numbered ? order.count : marks.count }

    /// The slot of the element at `position`, in a `numbered` table.
    @inlinable
    func slot(at position: Int) -> UInt32 {
        order[position].slot
    }

    /// Starts over with `count` elements, slot `i` at position `i`, none kept.
    @inlinable
    mutating func reset(count: Int) {
        guard numbered else {
            marks = PersistentTree(ContiguousArray(repeating: false, count: count))
            return
        }
        resetNumbered(count: count) { _ in false }
    }

    /// Starts over with an element per mark of `kept`, in order: slot `i` at position
    /// `i`, kept as `kept[i]` says.
    @inlinable
    mutating func reset(kept: ContiguousArray<Bool>) {
        guard numbered else {
            marks = PersistentTree(kept)
            return
        }
        kept.withUnsafeBufferPointer { kept in resetNumbered(count: kept.count) { kept[$0] } }
    }

    /// Starts a numbered table over with `count` entries, slot `i` at position `i`.
    @inlinable
    mutating func resetNumbered(count: Int, kept: (Int) -> Bool) {
        // Built contiguously: the tree's bulk initializer then copies whole leaves.
        let entries = ContiguousArray<SlotEntry>(unsafeUninitializedCapacity: count) { buffer, initialized in
            for position in 0..<count {
                buffer.initializeElement(
                    at: position, to: SlotEntry(slot: UInt32(truncatingIfNeeded: position), kept: kept(position)))
            }
            initialized = count
        }
        order = PersistentTree(entries)
        free.removeAll(keepingCapacity: true)
        capacity = Swift.max(capacity, count)
        for slot in count..<capacity { free.append(UInt32(slot)) }
        if labelled {
            labels = Array(repeating: 0, count: capacity)
            spreadLabels(over: 0..<count, between: 0, and: .max)
        }
    }

    /// A slot for a new element at `position`, not kept, with its place in the source
    /// order.
    @inlinable
    mutating func insert(at position: Int) -> UInt32 {
        guard numbered else {
            marks.insert(false, at: position)
            return 0
        }
        let slot: UInt32
        if let reused = free.popLast() {
            slot = reused
        } else {
            slot = UInt32(capacity)
            capacity += 1
            if labelled { labels.append(0) }
        }
        if labelled { labels[Int(slot)] = label(forInsertionAt: position) }
        order.insert(SlotEntry(slot: slot, kept: false), at: position)
        return slot
    }

    /// Removes the element at `position` and returns its entry (slot 0 when not
    /// `numbered`); its slot becomes free.
    @inlinable
    @discardableResult
    mutating func remove(at position: Int) -> SlotEntry {
        guard numbered else { return SlotEntry(slot: 0, kept: marks.remove(at: position)) }
        let entry = order.remove(at: position)
        free.append(entry.slot)
        return entry
    }

    @inlinable
    mutating func setKept(_ kept: Bool, at position: Int) {
        if numbered { order[position].kept = kept } else { marks[position] = kept }
    }

    @inlinable
    func isKept(at position: Int) -> Bool {
        numbered ? order[position].kept : marks[position]
    }

    /// Kept elements before `position`: where the element at `position` goes in a
    /// filter's output.
    @inlinable
    func keptCount(before position: Int) -> Int {
        numbered ? order.markedCount(before: position) : marks.markedCount(before: position)
    }

    /// The number of kept elements. O(1).
    @inlinable
    var keptCount: Int { numbered ? order.markedCount : marks.markedCount }

    /// The position of the kept element of rank `rank` (`0..<keptCount`).
    @inlinable
    func position(ofKept rank: Int) -> Int {
        numbered ? order.position(ofMarked: rank) : marks.position(ofMarked: rank)
    }

    /// Whether the elements kept are those `kept` marks, one per element, of which
    /// `keptTotal` are set.
    @inlinable
    func keeps(_ kept: ContiguousArray<Bool>, keptTotal: Int) -> Bool {
        guard kept.count == count, keptTotal == keptCount else { return false }
        var position = 0
        var same = true
        kept.withUnsafeBufferPointer { kept in
            func compare<Entry>(_ run: UnsafeBufferPointer<Entry>, _ isKept: (Entry) -> Bool) {
                for offset in run.indices where isKept(run[offset]) != kept[position &+ offset] {
                    same = false
                    break
                }
                position &+= run.count
            }
            if numbered {
                order.forEachRun(in: 0..<count) { compare($0) { $0.kept } }
            } else {
                marks.forEachRun(in: 0..<count) { compare($0) { $0 } }
            }
        }
        return same
    }

    /// The position of `slot`, which must be in the list.
    @inlinable
    func position(of slot: UInt32) -> Int {
        precondition(labelled, "only a labelled table finds slots")
        let target = labels[Int(slot)]
        let low = order.lowerBound(of: target) { labels[Int($0.slot)] }
        assert(low < order.count && order[low].slot == slot, "a slot in use has a position")
        return low
    }

    /// Where `slot` is, or belongs, among `labels`, labels of this table's slots in
    /// ascending order: one descent (labels are unique, so no tie needs breaking).
    @inlinable
    func rank(of slot: UInt32, among labels: PersistentTree<UInt64, NoMarking<UInt64>>) -> Int {
        labels.lowerBound(of: self.labels[Int(slot)]) { $0 }
    }

    @inlinable
    func label(of slot: UInt32) -> UInt64 {
        labels[Int(slot)]
    }

    /// Whether `a` comes before `b` in the source.
    @inlinable
    func precedes(_ a: UInt32, _ b: UInt32) -> Bool {
        labels[Int(a)] < labels[Int(b)]
    }

    // MARK: Labels

    /// A label between the neighbours of `position`, relabelling a neighbourhood
    /// first when they have none to spare.
    @inlinable
    mutating func label(forInsertionAt position: Int) -> UInt64 {
        if let label = labelBetweenNeighbours(of: position) { return label }
        relabel(around: position)
        return labelBetweenNeighbours(of: position)!
    }

    @inlinable
    func bounds(of range: Range<Int>) -> (low: UInt64, high: UInt64) {
        let low = range.lowerBound > 0 ? labels[Int(order[range.lowerBound - 1].slot)] : 0
        let high = range.upperBound < order.count ? labels[Int(order[range.upperBound].slot)] : .max
        return (low, high)
    }

    @inlinable
    func labelBetweenNeighbours(of position: Int) -> UInt64? {
        let (low, high) = bounds(of: position..<position)
        guard high - low >= 2 else { return nil }
        return low + (high - low) / 2
    }

    /// Spreads the labels of a window around `position` evenly, doubling the window
    /// until its labels have room: the classic list-labelling scheme, amortized
    /// O(log n) relabels per insertion.
    @inlinable
    mutating func relabel(around position: Int) {
        var size = 16
        while true {
            let lower = Swift.max(0, position - size / 2)
            let upper = Swift.min(order.count, lower + size)
            let (low, high) = bounds(of: lower..<upper)
            let slots = UInt64(upper - lower + 2)
            if (high - low) / slots >= 1 << 12 || (lower == 0 && upper == order.count) {
                lastRelabel = Relabel(slots: spreadLabels(over: lower..<upper, between: low, and: high), low: low)
                relabelCount &+= 1
                return
            }
            size *= 2
        }
    }

    /// Gives the elements at `positions` evenly spaced labels strictly between `low`
    /// and `high`, leaving room on both sides; returns their slots, in order.
    @inlinable
    @discardableResult
    mutating func spreadLabels(over positions: Range<Int>, between low: UInt64, and high: UInt64) -> [UInt32] {
        let step = (high - low) / UInt64(positions.count + 1)
        var label = low
        var slots: [UInt32] = []
        slots.reserveCapacity(positions.count)
        order.forEach(in: positions) { slots.append($0.slot) }
        for slot in slots {
            label += step
            labels[Int(slot)] = label
        }
        return slots
    }
}
