/// The state bits every node carries.
///
/// Kind bits never change after initialization; the rest describe where the node
/// stands in the current propagation.
@usableFromInline
struct NodeFlags: OptionSet, Sendable {
    @usableFromInline let rawValue: UInt32

    @inlinable init(rawValue: UInt32) { self.rawValue = rawValue }

    // Kind.
    @usableFromInline static let source = NodeFlags(rawValue: 1 << 0)
    @usableFromInline static let computed = NodeFlags(rawValue: 1 << 1)
    @usableFromInline static let effect = NodeFlags(rawValue: 1 << 2)
    @usableFromInline static let tracker = NodeFlags(rawValue: 1 << 3)
    @usableFromInline static let tombstone = NodeFlags(rawValue: 1 << 4)

    // Propagation state.
    /// Must recompute or re-run: a dependency changed.
    @usableFromInline static let dirty = NodeFlags(rawValue: 1 << 5)
    /// A dependency further up may have changed; revalidate before trusting the cache.
    @usableFromInline static let pending = NodeFlags(rawValue: 1 << 6)
    /// Computing or running right now.
    @usableFromInline static let running = NodeFlags(rawValue: 1 << 7)
    /// In the effect queue.
    @usableFromInline static let queued = NodeFlags(rawValue: 1 << 8)
    /// Flipped at the start of every run; a link confirmed in this run carries the same bit.
    @usableFromInline static let parity = NodeFlags(rawValue: 1 << 9)
    /// Cancelled effect or spent tracking scope.
    @usableFromInline static let disposed = NodeFlags(rawValue: 1 << 10)
    /// An effect that owns child effects among its dependencies.
    @usableFromInline static let hasChildren = NodeFlags(rawValue: 1 << 11)
    /// On the path of a revalidation walk; meeting it again means a cycle.
    @usableFromInline static let checking = NodeFlags(rawValue: 1 << 14)

    // Sources written inside a batch.
    /// The value seen by subscribers is saved in the batch log.
    @usableFromInline static let logged = NodeFlags(rawValue: 1 << 12)
    /// Mutated in place: counts as changed whatever the values compare.
    @usableFromInline static let forced = NodeFlags(rawValue: 1 << 13)

    @usableFromInline static let watching: NodeFlags = [.effect, .tracker]
    @usableFromInline static let stale: NodeFlags = [.dirty, .pending]
}

/// The engine's common base of every node in a Ripple graph: signals, computeds,
/// effects and tracked model properties.
///
/// It has no public members; it is public only because the public node classes
/// inherit from it. A node belongs to the isolation domain that created it.
public class ReactiveNode {
    @usableFromInline @exclusivity(unchecked) final var flags: NodeFlags
    /// For a source written in a batch: its entry in the batch log.
    @usableFromInline @exclusivity(unchecked) final var logIndex: UInt32 = 0
    /// Head of the subscriber list; `subs.prevSub` is its tail.
    @usableFromInline @exclusivity(unchecked) final var subs: LinkPointer?

    @usableFromInline
    init(flags: NodeFlags) {
        self.flags = flags
    }

    deinit {
        if subs != nil || flags.contains(.logged) {
            Graph.nodeWillDeallocate(self)
        }
    }

    /// Compares the value subscribers last saw with the current one, then makes the
    /// current one the value they have seen. Sources override it.
    @usableFromInline
    func commitLoggedValue(_ runtime: RuntimeRef) -> Bool { true }

    /// Destroys the saved value of a logged source. Sources override it.
    @usableFromInline
    func discardLoggedValue(_ runtime: RuntimeRef) {}
}

/// The base of nodes that depend on others: computeds, effects and tracking scopes.
///
/// It has no public members; it is public only because the public node classes
/// inherit from it.
public class DependentNode: ReactiveNode {
    /// Head of the dependency list, in the order of the last run's reads.
    @usableFromInline @exclusivity(unchecked) final var deps: LinkPointer?
    /// While running: the last dependency confirmed so far. Otherwise: the last one.
    @usableFromInline @exclusivity(unchecked) final var depsTail: LinkPointer?

    deinit {
        if deps != nil || flags.contains(.queued) {
            Graph.dependentWillDeallocate(self)
        }
    }

    /// Re-evaluates the node; returns whether its value changed. Computeds override it.
    @usableFromInline
    func recompute(_ runtime: RuntimeRef) -> Bool { false }

    /// Runs a queued effect or tracking scope whose dependencies may have changed.
    @usableFromInline
    func runQueued(_ runtime: RuntimeRef) {}
}

/// Releases what dying nodes handed to the runtime, after the dying node's own
/// closure is gone.
///
/// Declare it as the last stored property of every class that holds a closure:
/// stored properties are destroyed in declaration order, so its `deinit` runs once
/// the closure's captures have dropped their references. A dependency chain then
/// tears down one node at a time instead of recursing once per link.
@usableFromInline
struct ReleaseDrain: ~Copyable {
    @usableFromInline init() {}

    deinit {
        Runtime.current.drainRetired()
    }
}
