internal import Synchronization

/// One change of an ``IncrementalArray``, with what an operator needs to follow it
/// without looking at the rest of the list: where, and the new value. (Operators keep
/// what they derived from each element, so they never need the old one.)
enum ListChange<Element> {
    case replace(at: Int, Element)
    case insert(at: Int, Element)
    case remove(at: Int)
}

/// The changes made to a line of ``IncrementalArray`` values, in order: what the
/// operators that follow the list replay instead of passing over it.
///
/// Copies of a list share its journal. Each value knows how many of the journal's
/// changes it has (its `position`); the value at the head may append, and one that
/// is behind (a copy that someone else changed first) forks a journal of its own
/// that remembers where it left this one, so that assigning a changed copy back
/// (`var c = store.items; c[3].title = "x"; store.items = c`) is still followed
/// change by change.
///
/// Bounded: it keeps the changes only once an operator has asked for them
/// (``startRecording()``), and then only the latest ones, about an eighth of the
/// list's length. An operator that fell further behind, or a list replaced by an
/// unrelated one, makes one full pass instead.
final class ChangeJournal<Element>: @unchecked Sendable {
    // Safety: `end` and `isRecording` are atomics; `recorded` is only touched while
    // `lock` is held. Elements are copied in and out, never shared mutably.

    /// The changes made so far on this journal, recorded or not.
    private let end = Atomic<Int>(0)
    private let isRecording = Atomic<Bool>(false)
    private let lock = Mutex(())
    nonisolated(unsafe) private var recorded = Recorded()
    /// The journal this one forked from, and how many of its changes it had then.
    let parent: ChangeJournal?
    let forkPoint: Int

    struct Recorded {
        /// `changes[k]` is the journal's change number `base + k`.
        var changes: [ListChange<Element>] = []
        var base = 0
    }

    init(parent: ChangeJournal? = nil, forkPoint: Int = 0) {
        self.parent = parent
        self.forkPoint = forkPoint
        if let parent, parent.isRecording.load(ordering: .relaxed) {
            isRecording.store(true, ordering: .relaxed)
        }
    }

    /// Whether appending should build the change: someone follows this journal.
    var records: Bool { isRecording.load(ordering: .relaxed) }

    /// From now on, changes are kept.
    func startRecording() {
        guard !isRecording.load(ordering: .relaxed) else { return }
        lock.withLock { _ in
            recorded.changes.removeAll()
            recorded.base = end.load(ordering: .acquiring)
        }
        isRecording.store(true, ordering: .releasing)
    }

    /// Appends the change that takes a value from `position` to `position + 1`, if that
    /// value is at the head; returns false otherwise (the caller forks).
    ///
    /// - Parameters:
    ///   - keep: the most changes to keep; older ones are dropped.
    ///   - change: builds the change, called only while the journal records; nil when
    ///     the caller could not build it (it checked ``records`` before recording began),
    ///     which makes whoever follows start over.
    func append(from position: Int, keep: Int, _ change: () -> ListChange<Element>?) -> Bool {
        guard records else {
            return end.compareExchange(expected: position, desired: position &+ 1, ordering: .acquiringAndReleasing).exchanged
        }
        let entry = change()
        return lock.withLock { _ in
            guard end.compareExchange(expected: position, desired: position &+ 1, ordering: .acquiringAndReleasing).exchanged
            else { return false }
            guard let entry else {
                recorded.changes.removeAll(keepingCapacity: true)
                recorded.base = position &+ 1
                return true
            }
            if recorded.base &+ recorded.changes.count != position {
                // Changes were made while recording started: what came before is unknown.
                recorded.changes.removeAll(keepingCapacity: true)
                recorded.base = position
            }
            recorded.changes.append(entry)
            if recorded.changes.count > keep {
                let dropped = recorded.changes.count / 2
                recorded.changes.removeFirst(dropped)
                recorded.base &+= dropped
            }
            return true
        }
    }

    /// The recorded changes `range`, or nil when some of them are gone.
    func changes(in range: Range<Int>) -> ArraySlice<ListChange<Element>>? {
        if range.isEmpty { return [] }
        return lock.withLock { _ -> ArraySlice<ListChange<Element>>? in
            guard range.lowerBound >= recorded.base, range.upperBound <= recorded.base &+ recorded.changes.count
            else { return nil }
            return recorded.changes[(range.lowerBound - recorded.base)..<(range.upperBound - recorded.base)]
        }
    }
}

/// Where an operator stands in the changes of its source: the journal, and how many of
/// its changes it has applied.
struct JournalMark<Element> {
    let journal: ChangeJournal<Element>
    let position: Int
}

extension ChangeJournal {
    /// How many journals up a consumer looks for the one it followed.
    static var forkSearchLimit: Int { 8 }

    /// The changes that take a value at `mark` to the value at `position` of this
    /// journal, in order; nil when they are not all recorded, when the value is not a
    /// descendant of the marked one, or when there are more than `limit`.
    func changes(since mark: JournalMark<Element>, to position: Int, limit: Int) -> [ListChange<Element>]? {
        // The journals from this one up to the marked one, each with where to stop.
        var chain: [(journal: ChangeJournal, upTo: Int)] = [(self, position)]
        var current = self
        var found = current === mark.journal
        while !found {
            guard chain.count <= Self.forkSearchLimit, let parent = current.parent else { return nil }
            chain.append((parent, current.forkPoint))
            current = parent
            found = current === mark.journal
        }
        var total = 0
        var segments: [ArraySlice<ListChange<Element>>] = []
        for (index, link) in chain.enumerated().reversed() {
            let start = index == chain.count - 1 ? mark.position : 0
            guard start <= link.upTo else { return nil }
            total += link.upTo - start
            guard total <= limit else { return nil }
            guard let segment = link.journal.changes(in: start..<link.upTo) else { return nil }
            segments.append(segment)
        }
        var all: [ListChange<Element>] = []
        all.reserveCapacity(total)
        for segment in segments { all.append(contentsOf: segment) }
        return all
    }
}
