/// The engine's part of an incremental list operator: nodes that follow what the
/// operator's per-element closure read of one element, and tell the operator which
/// element changed, so that it looks at that element alone.
///
/// A tracker is a dependent node of its own kind, neither a computed nor a watcher:
/// the push marks it like any subscriber, and instead of travelling on it records its
/// slot with its ``TrackerSet`` and marks the operator's node dirty. The pull never
/// walks trackers: the operator's node depends on its source and its query only, and
/// its update reads the recorded slots.
@usableFromInline
final class ElementTracker: DependentNode {
    /// Unowned: the operator that owns the set owns its trackers too.
    @usableFromInline let owner: Unmanaged<TrackerSet>
    /// The element's slot in the operator, or ``TrackerSet/querySlot``.
    @usableFromInline @exclusivity(unchecked) var slot: UInt32

    @usableFromInline
    init(owner: TrackerSet, slot: UInt32) {
        self.owner = .passUnretained(owner)
        self.slot = slot
        super.init(flags: .elementTracker)
    }

    /// Whether the last evaluation read anything that can change.
    @inlinable
    var hasDependencies: Bool { deps != nil }

    /// Stops following what it read, to follow another element next.
    @usableFromInline
    func release(_ runtime: RuntimeRef) {
        Graph.unlinkAll(self, runtime)
        flags.subtract(.stale)
    }
}

/// The trackers' link to their operator: the node they mark, and the slots whose
/// element changed since the operator last updated.
@usableFromInline
final class TrackerSet {
    /// The slot of the tracker that follows what the per-element closure of a list of
    /// values read besides the element: a change to it means one full pass.
    @inlinable
    static var querySlot: UInt32 { .max }

    /// The operator's node, once created; unowned (the node owns the operator).
    @usableFromInline var node: Unmanaged<DependentNode>?
    /// The slots whose trackers fired since the operator last updated, in order,
    /// possibly repeated.
    @usableFromInline @exclusivity(unchecked) var fired: [UInt32] = []

    @usableFromInline
    init() {}
}

extension Graph {
    /// The push reached an element tracker that was clean: its operator records the
    /// element and becomes dirty. Returns the operator's subscribers when the mark is
    /// new and must travel further, as a computed's would.
    static func elementChanged(_ node: DependentNode, _ runtime: RuntimeRef) -> LinkPointer? {
        assert(node.flags.contains(.elementTracker), "only element trackers are neither computeds nor watchers")
        let tracker = unsafeDowncast(node, to: ElementTracker.self)
        let set = tracker.owner
        set._withUnsafeGuaranteedRef { $0.fired.append(tracker.slot) }
        guard let owner = set._withUnsafeGuaranteedRef({ $0.node }) else { return nil }
        return owner._withUnsafeGuaranteedRef { owner -> LinkPointer? in
            let flags = owner.flags
            // Updating right now: it reads the recorded slots until none is left.
            if flags.contains(.running) { return nil }
            if flags.isDisjoint(with: .stale) {
                owner.flags = flags.union(.dirty)
                return owner.subs
            }
            if !flags.contains(.dirty) { owner.flags = flags.union(.dirty) }
            return nil
        }
    }

    /// Runs `body`, one element's evaluation, recording what it reads into `tracker`
    /// (its links from the evaluation before are confirmed or dropped). Writes in it
    /// are a misuse, as in a computed.
    @inlinable
    @inline(__always)
    static func evaluate<Result>(_ tracker: ElementTracker, _ runtime: RuntimeRef, _ body: () -> Result) -> Result {
        let outer = beginComputing(tracker, runtime)
        let result = body()
        endComputing(tracker, outer, runtime)
        return result
    }

    /// Starts a pass that records into `tracker` what every evaluation reads besides
    /// its element, keeping the union: an evaluation that reads nothing drops nothing.
    /// Each evaluation starts with ``restartMatching(_:)``, so that a dependency read
    /// by every element is confirmed in place instead of linked again.
    @inlinable
    @inline(__always)
    static func beginAccumulating(_ tracker: ElementTracker, _ runtime: RuntimeRef) -> OpenRun {
        beginComputing(tracker, runtime)
    }

    /// The next evaluation of an accumulating pass matches its reads from the front.
    @inlinable
    @inline(__always)
    static func restartMatching(_ runtime: RuntimeRef) {
        runtime.pointee.run.cursor = nil
    }

    /// Ends an accumulating pass, keeping every link it did not confirm.
    @inlinable
    @inline(__always)
    static func endAccumulating(_ tracker: ElementTracker, _ run: OpenRun, _ runtime: RuntimeRef) {
        runtime.pointee.run.computeDepth &-= 1
        runtime.pointee.run.activeSub = run.outer.activeSub
        tracker.flags.remove(.running)
        runtime.pointee.run.cursor = run.outer.cursor
    }

    /// Hands `object` to the runtime, to be released at the next drain, outside any
    /// walk.
    @usableFromInline
    static func releaseLater(_ object: AnyObject, _ runtime: RuntimeRef) {
        runtime.pointee.retire(value: object)
    }
}
