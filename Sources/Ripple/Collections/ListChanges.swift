/// What changed in a list between the value a reader last saw and the one it reads
/// now, for a list view that applies changes rather than diffing two arrays: the
/// steps, in order, each against the list as the previous one left it, read in
/// O(changed) from the journal the list already keeps. A reader that fell too far
/// behind, or a list that was replaced by an unrelated one or made again by a full
/// pass, gets a reload (`steps` nil).
///
/// ```swift
/// let numbers = Signal(IncrementalArray([1, 2, 3, 4]))
/// let evens = numbers.filter { $0.isMultiple(of: 2) }
/// var reader = ListChangeReader<Int>()
/// var rows: [Int] = []
/// reader.read(evens.value).apply(to: &rows)         // the first read is a reload
/// numbers.value.append(6)
/// numbers.value.remove(at: 1)
/// let changes = reader.read(evens.value)
/// let difference = changes.difference(from: rows)
/// changes.apply(to: &rows)
/// print(changes.steps?.count ?? -1, rows)            // prints "2 [4, 6]"
/// print(difference.insertions.count, difference.removals.count)   // prints "1 1"
/// ```
public struct ListChanges<Element> {
    /// One change, at a position of the list as the steps before it left it.
    public enum Step {
        case inserted(Element, at: Int)
        case removed(at: Int)
        case updated(Element, at: Int)
    }

    /// The steps from the value the reader saw before to ``current``, in order; nil
    /// to reload everything.
    public let steps: [Step]?
    /// The value read now.
    public let current: IncrementalArray<Element>

    @inlinable
    init(steps: [Step]?, current: IncrementalArray<Element>) {
        self.steps = steps
        self.current = current
    }

    /// Whether the reader must reload everything from ``current``.
    public var isReload: Bool { steps == nil }

    /// The changes as the standard library's type, against `previous`, the rows the
    /// reader saw before (those ``apply(to:)`` is about to bring up to date):
    /// removals at offsets of `previous`, insertions at offsets of ``current``, an
    /// update as both. A reload removes every old row and inserts every new one.
    public func difference<Rows: RandomAccessCollection>(from previous: Rows) -> CollectionDifference<Element>
    where Rows.Element == Element {
        var changes: [CollectionDifference<Element>.Change] = []
        func old(_ offset: Int) -> Element { previous[previous.index(previous.startIndex, offsetBy: offset)] }
        if let steps {
            let net = Self.netChanges(of: steps)
            for offset in net.removals {
                changes.append(.remove(offset: offset, element: old(offset), associatedWith: nil))
            }
            for offset in net.insertions {
                changes.append(.insert(offset: offset, element: current[offset], associatedWith: nil))
            }
        } else {
            for (offset, element) in previous.enumerated() {
                changes.append(.remove(offset: offset, element: element, associatedWith: nil))
            }
            for (offset, element) in current.enumerated() {
                changes.append(.insert(offset: offset, element: element, associatedWith: nil))
            }
        }
        // Valid by construction: removals are distinct offsets of the old list,
        // insertions distinct offsets of the new one.
        return CollectionDifference(changes).unsafelyUnwrapped
    }

    /// The offsets of `previous` that left and of `current` that arrived, from steps
    /// made one after another: O(k²) for k steps, without touching the list.
    static func netChanges(of steps: [Step]) -> (removals: [Int], insertions: [Int]) {
        var removed: [Int] = []   // offsets of the old list, ascending
        var arrived: [Int] = []   // positions now of elements that were not in it
        /// The old offset of the element at `position`, which is not a new one.
        func oldOffset(of position: Int) -> Int {
            var offset = position - arrived.reduce(0) { $0 + ($1 < position ? 1 : 0) }
            for gone in removed where gone <= offset { offset += 1 }
            return offset
        }
        func forget(_ offset: Int) {
            removed.insert(offset, at: removed.firstIndex { $0 > offset } ?? removed.count)
        }
        for step in steps {
            switch step {
            case .inserted(_, let position):
                for index in arrived.indices where arrived[index] >= position { arrived[index] += 1 }
                arrived.append(position)
            case .removed(let position):
                if let index = arrived.firstIndex(of: position) {
                    arrived.remove(at: index)
                } else {
                    forget(oldOffset(of: position))
                }
                for index in arrived.indices where arrived[index] > position { arrived[index] -= 1 }
            case .updated(_, let position):
                if !arrived.contains(position) {
                    forget(oldOffset(of: position))
                    arrived.append(position)
                }
            }
        }
        return (removed, arrived.sorted())
    }

    /// Applies the changes to `rows`, a copy of what the reader saw before: step by
    /// step, or by replacing them all on a reload.
    @inlinable
    public func apply<Rows: RangeReplaceableCollection & MutableCollection>(to rows: inout Rows)
    where Rows.Element == Element, Rows.Index == Int {
        guard let steps else {
            rows = Rows(current)
            return
        }
        for step in steps {
            switch step {
            case .inserted(let element, let position): rows.insert(element, at: position)
            case .removed(let position): rows.remove(at: position)
            case .updated(let element, let position): rows[position] = element
            }
        }
    }
}

/// Reads a list again and again, and tells each time what changed since the last
/// read. It keeps only its place in the list's journal, which from then on keeps the
/// changes; not the value it read, whose storage the list's next change would then
/// have to copy.
public struct ListChangeReader<Element> {
    @usableFromInline var mark: JournalMark<Element>?

    public init() {}

    /// What changed since the last read; the first read is a reload.
    @inlinable
    public mutating func read(_ list: IncrementalArray<Element>) -> ListChanges<Element> {
        defer { list.advance(&mark) }
        guard let last = mark, let changes = list.changes(since: last) else {
            return ListChanges(steps: nil, current: list)
        }
        let steps = changes.map { change -> ListChanges<Element>.Step in
            switch change {
            case .insert(let position, let element): return .inserted(element, at: position)
            case .remove(let position): return .removed(at: position)
            case .replace(let position, let element): return .updated(element, at: position)
            }
        }
        return ListChanges(steps: steps, current: list)
    }
}
