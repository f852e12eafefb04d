/// Follows what an operator's per-element closure read of one element, and tells the
/// operator which element changed, so that it looks at that element alone.
///
/// A tracker is the engine's ``RelayNode``: the push marks it like any subscriber
/// and, instead of travelling on, calls ``relay(_:)``, which records its slot with
/// its ``TrackerSet`` and marks the operator's node dirty. The pull never walks
/// trackers: the operator's node depends on its source and its query only, and its
/// update reads the recorded slots.
@usableFromInline
final class ElementTracker: RelayNode {
    /// Unowned: the operator that owns the set owns its trackers too.
    @usableFromInline let owner: Unmanaged<TrackerSet>
    /// The element's slot in the operator, or ``TrackerSet/querySlot``.
    @usableFromInline @exclusivity(unchecked) var slot: UInt32

    @inlinable
    init(owner: TrackerSet, slot: UInt32) {
        self.owner = .passUnretained(owner)
        self.slot = slot
        super.init(flags: [])
    }

    /// Whether the last evaluation read anything that can change.
    @inlinable
    var hasDependencies: Bool { deps != nil }

    /// Stops following what it read, to follow another element next.
    @usableFromInline
    func release(_ runtime: RuntimeRef) {
        Graph.resetRelay(self, runtime)
    }

    /// What it read changed: the operator records the slot and becomes dirty, and the
    /// mark travels on to the operator's subscribers when that is new.
    override func relay(_ runtime: RuntimeRef) -> LinkPointer? {
        owner._withUnsafeGuaranteedRef { $0.fired.append(slot) }
        guard let node = owner._withUnsafeGuaranteedRef({ $0.node }) else { return nil }
        return node._withUnsafeGuaranteedRef { node -> LinkPointer? in
            let flags = node.flags
            // Updating right now: it reads the recorded slots until none is left.
            if flags.contains(.running) { return nil }
            if flags.isDisjoint(with: .stale) {
                node.flags = flags.union(.dirty)
                return node.subs
            }
            if !flags.contains(.dirty) { node.flags = flags.union(.dirty) }
            return nil
        }
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
