internal import Synchronization

/// One change of an ``IncrementalArray``, with what an operator needs to follow it
/// without looking at the rest of the list: where, and the new value. (Operators keep
/// what they derived from each element, so they never need the old one.)
@usableFromInline
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
///
/// Generic and inlinable, so that clients' code specializes it for their elements;
/// what synchronizes copies changed on several threads is ``JournalGuard``, out of
/// line and not generic.
@usableFromInline
final class ChangeJournal<Element>: @unchecked Sendable {
    // Safety: `changes` and `base` are only touched while `guardian` is locked;
    // elements are copied in and out, never shared mutably. The lock is what keeps
    // their accesses apart, so the runtime's exclusivity check is dropped.

    @usableFromInline let guardian = JournalGuard()
    /// `changes[k]` is the journal's change number `base + k`.
    @usableFromInline @exclusivity(unchecked) var changes: [ListChange<Element>] = []
    @usableFromInline @exclusivity(unchecked) var base = 0
    /// The journal this one forked from, and how many of its changes it had then.
    @usableFromInline let parent: ChangeJournal?
    @usableFromInline let forkPoint: Int

    @inlinable
    init(parent: ChangeJournal? = nil, forkPoint: Int = 0) {
        self.parent = parent
        self.forkPoint = forkPoint
        if let parent, parent.guardian.records { guardian.startRecording() }
    }

    /// Whether appending should build the change: someone follows this journal.
    @inlinable
    var records: Bool { guardian.records }

    /// From now on, changes are kept.
    @inlinable
    func startRecording() {
        guard !guardian.records else { return }
        guardian.lock()
        changes.removeAll()
        base = guardian.end
        guardian.startRecording()
        guardian.unlock()
    }

    /// Appends the change that takes a value from `position` to `position + 1`, if that
    /// value is at the head; returns false otherwise (the caller forks).
    ///
    /// - Parameters:
    ///   - keep: the most changes to keep; older ones are dropped.
    ///   - change: builds the change, called only while the journal records; nil when
    ///     the caller could not build it, which makes whoever follows start over.
    @inlinable
    func append(from position: Int, keep: Int, _ change: () -> ListChange<Element>?) -> Bool {
        guard guardian.records else { return guardian.claim(from: position) }
        // Unwrapped as it is made: the change is moved into the journal, not copied.
        guard let entry = change() else {
            guardian.lock()
            defer { guardian.unlock() }
            guard guardian.claim(from: position) else { return false }
            changes.removeAll(keepingCapacity: true)
            base = position &+ 1
            return true
        }
        guardian.lock()
        defer { guardian.unlock() }
        guard guardian.claim(from: position) else { return false }
        if base &+ changes.count != position {
            // Changes were made while recording started: what came before is unknown.
            changes.removeAll(keepingCapacity: true)
            base = position
        }
        changes.append(consume entry)
        if changes.count > keep {
            let dropped = changes.count / 2
            changes.removeFirst(dropped)
            base &+= dropped
        }
        return true
    }

    /// The recorded changes `range`, sharing the journal's storage (no element is
    /// copied); nil when some are gone. An append while the slice is held copies the
    /// journal's storage, so the slice never sees a later change.
    @inlinable
    func recorded(_ range: Range<Int>) -> ArraySlice<ListChange<Element>>? {
        guardian.lock()
        defer { guardian.unlock() }
        guard range.lowerBound >= base, range.upperBound <= base &+ changes.count else { return nil }
        return changes[(range.lowerBound &- base)..<(range.upperBound &- base)]
    }

    /// The changes that take the value at `mark` to the value of `count` elements at
    /// `position` of this journal; nil when an operator must pass over the whole list
    /// instead (they are not all kept, the value is not a later version of the marked
    /// one, or there are more than a pass would cost).
    @inlinable
    func changes(
        since mark: JournalMark<Element>, toValueAt position: Int, count: Int
    ) -> ArraySlice<ListChange<Element>>? {
        let limit = Swift.max(32, count / 4)
        guard mark.journal === self else { return changes(since: mark, acrossForksTo: position, limit: limit) }
        if mark.position == position { return [] }
        guard mark.position <= position, position &- mark.position <= limit else { return nil }
        return recorded(mark.position..<position)
    }

    /// Moves `mark` to the value at `position` of this journal; on the same journal
    /// only its position changes, so no reference changes hands.
    @inlinable
    func advance(_ mark: inout JournalMark<Element>?, toValueAt position: Int) {
        if mark?.journal === self {
            mark!.position = position
        } else {
            mark = self.mark(at: position)
        }
    }

    /// A mark at the value at `position` of this journal; from now on the journal
    /// keeps its changes.
    @inlinable
    func mark(at position: Int) -> JournalMark<Element> {
        startRecording()
        return JournalMark(journal: self, position: position)
    }

    /// ``changes(since:toValueAt:count:)`` from `mark`, nil when there is no mark;
    /// then `mark` moves to the value at `position`.
    @inlinable
    func takeChanges(
        since mark: inout JournalMark<Element>?, toValueAt position: Int, count: Int
    ) -> ArraySlice<ListChange<Element>>? {
        defer { advance(&mark, toValueAt: position) }
        guard mark != nil else { return nil }
        return changes(since: mark.unsafelyUnwrapped, toValueAt: position, count: count)
    }

    /// How many journals up a consumer looks for the one it followed.
    @inlinable
    static var forkSearchLimit: Int { 8 }

    /// The changes that take a value at `mark`, on a journal this one forked from, to
    /// the value at `position` of this journal, in order; nil when they are not all
    /// recorded, when the value is not a descendant of the marked one, or when there
    /// are more than `limit`.
    @inlinable
    func changes(
        since mark: JournalMark<Element>, acrossForksTo position: Int, limit: Int
    ) -> ArraySlice<ListChange<Element>>? {
        // The journals from this one up to the marked one, each with where to stop.
        var chain: [(journal: ChangeJournal, upTo: Int)] = [(self, position)]
        var current = self
        while current !== mark.journal {
            guard chain.count <= Self.forkSearchLimit, let parent = current.parent else { return nil }
            chain.append((parent, current.forkPoint))
            current = parent
        }
        var joined: [ListChange<Element>] = []
        for index in chain.indices.reversed() {
            let start = index == chain.count - 1 ? mark.position : 0
            let link = chain[index]
            guard start <= link.upTo, joined.count + (link.upTo - start) <= limit,
                let part = link.journal.recorded(start..<link.upTo)
            else { return nil }
            joined.append(contentsOf: part)
        }
        return joined[...]
    }
}

/// Where an operator stands in the changes of its source: the journal, and how many of
/// its changes it has applied.
@usableFromInline
struct JournalMark<Element> {
    @usableFromInline let journal: ChangeJournal<Element>
    @usableFromInline var position: Int

    @inlinable
    init(journal: ChangeJournal<Element>, position: Int) {
        self.journal = journal
        self.position = position
    }
}

/// The part of a journal that copies on several threads contend for: how many changes
/// were made (claimed one at a time, so two copies that changed the same value find out
/// and one forks), whether they are recorded, and a lock for the recorded changes. Not
/// generic, and out of line: clients' specialized code calls into one copy of it.
@usableFromInline
final class JournalGuard: Sendable {
    private let made = Atomic<Int>(0)
    private let recording = Atomic<Bool>(false)
    private let locked = Atomic<Bool>(false)

    @usableFromInline
    init() {}

    @usableFromInline
    var records: Bool { recording.load(ordering: .acquiring) }

    @usableFromInline
    func startRecording() { recording.store(true, ordering: .releasing) }

    /// The changes made so far.
    @usableFromInline
    var end: Int { made.load(ordering: .acquiring) }

    /// Claims the change after `position`; false if another copy made it first.
    @usableFromInline
    func claim(from position: Int) -> Bool {
        made.compareExchange(expected: position, desired: position &+ 1, ordering: .acquiringAndReleasing).exchanged
    }

    /// A spin lock: held for a copy of a few changes, and contended only by copies of
    /// one list changed on several threads at once.
    @usableFromInline
    func lock() {
        while !locked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            while locked.load(ordering: .relaxed) {}
        }
    }

    @usableFromInline
    func unlock() {
        locked.store(false, ordering: .releasing)
    }
}
