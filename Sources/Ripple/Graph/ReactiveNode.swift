/// The state bits every node carries.
///
/// Kind bits never change after initialization; the rest describe where the node
/// stands in the current propagation. The engine sets and clears bits with
/// `formUnion` and `subtract`, one unconditional store each; `remove` tests the bits
/// first and branches around its store. But where the flags word is read again soon
/// after, `remove` stays: the compiler narrows an unconditional clear of bits in one
/// byte into a one-byte store, and a four-byte load of the word right after it cannot
/// be forwarded from that store and waits for it (measured: an effect run 20% slower).
@usableFromInline
struct NodeFlags: OptionSet, Sendable {
    @usableFromInline let rawValue: UInt32

    @inlinable init(rawValue: UInt32) { self.rawValue = rawValue }

    // Kind.
    @inlinable static var source: NodeFlags { NodeFlags(rawValue: 1 << 0) }
    @inlinable static var computed: NodeFlags { NodeFlags(rawValue: 1 << 1) }
    @inlinable static var effect: NodeFlags { NodeFlags(rawValue: 1 << 2) }
    @inlinable static var tracker: NodeFlags { NodeFlags(rawValue: 1 << 3) }
    @inlinable static var tombstone: NodeFlags { NodeFlags(rawValue: 1 << 4) }
    /// Tells Apple's Observation when the node it watches changes (`ObservationWatcher`).
    @inlinable static var observer: NodeFlags { NodeFlags(rawValue: 1 << 20) }

    // Propagation state.
    /// Must recompute or re-run: a dependency changed.
    @inlinable static var dirty: NodeFlags { NodeFlags(rawValue: 1 << 5) }
    /// A dependency further up may have changed; revalidate before trusting the cache.
    @inlinable static var pending: NodeFlags { NodeFlags(rawValue: 1 << 6) }
    /// Computing or running right now.
    @inlinable static var running: NodeFlags { NodeFlags(rawValue: 1 << 7) }
    /// In the effect queue.
    @inlinable static var queued: NodeFlags { NodeFlags(rawValue: 1 << 8) }
    /// Flipped at the start of every run; a link confirmed in this run carries the same bit.
    @inlinable static var parity: NodeFlags { NodeFlags(rawValue: 1 << 9) }
    /// Cancelled effect or spent tracking scope.
    @inlinable static var disposed: NodeFlags { NodeFlags(rawValue: 1 << 10) }
    /// An effect that owns child effects.
    @inlinable static var hasChildren: NodeFlags { NodeFlags(rawValue: 1 << 11) }
    /// An effect with cleanups registered.
    @inlinable static var hasCleanups: NodeFlags { NodeFlags(rawValue: 1 << 13) }
    /// On the path of a revalidation walk; meeting it again means a cycle. A queued
    /// effect keeps it until it has decided whether to run.
    @inlinable static var checking: NodeFlags { NodeFlags(rawValue: 1 << 14) }
    /// A computed that re-runs in the environment it was created in.
    @inlinable static var capturedEnvironment: NodeFlags { NodeFlags(rawValue: 1 << 15) }
    /// A clean computed that lost its last subscriber: it left its dependencies'
    /// subscriber lists, and its links hold the versions it saw.
    @inlinable static var detached: NodeFlags { NodeFlags(rawValue: 1 << 16) }
    /// Marks nodes already collected by a reattaching walk.
    @inlinable static var visited: NodeFlags { NodeFlags(rawValue: 1 << 17) }
    /// An effect inside `Graph.execute`: if user code releases it there, its deinit
    /// tells the run to stop touching it.
    @inlinable static var executing: NodeFlags { NodeFlags(rawValue: 1 << 18) }
    /// A model's derived node whose model is gone: it keeps its last value and never
    /// recomputes.
    @inlinable static var modelGone: NodeFlags { NodeFlags(rawValue: 1 << 19) }

    // Sources written inside a batch.
    /// Written in the open batch: the batch log holds the value subscribers saw, and the
    /// change has not propagated yet.
    @inlinable static var logged: NodeFlags { NodeFlags(rawValue: 1 << 12) }

    @inlinable static var watching: NodeFlags { [.effect, .tracker, .observer] }
    /// A computed with any of these cannot be read from its cache as it stands.
    @inlinable static var needsValidation: NodeFlags { [.running, .checking, .detached, .dirty, .pending] }
    @inlinable static var stale: NodeFlags { [.dirty, .pending] }
}

/// The engine's common base of every node in a Ripple graph: signals, computeds,
/// effects and tracked model properties.
///
/// It has no public members; it is public only because the public node classes
/// inherit from it. It is not `open` and has no public initializer: create nodes with
/// ``Signal``, ``Computed`` and ``Effect``, never by subclassing. A node belongs to the
/// isolation domain that created it.
///
/// ```swift
/// let count = Signal(0)
/// let doubled = Computed { count.value * 2 }
/// let nodes: [ReactiveNode] = [count, doubled]   // both are nodes of the graph
/// print(nodes.map { "\(type(of: $0))" })          // ["Signal<Int>", "Computed<Int>"]
/// ```
public class ReactiveNode {
    @usableFromInline @exclusivity(unchecked) final var flags: NodeFlags
    /// Counts the changes of the node's value. A detached computed remembers the version
    /// of each dependency it read, so that it can tell later whether to recompute.
    @usableFromInline @exclusivity(unchecked) final var version: UInt32 = 0
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

    /// Destroys the non-trivial value a logged source saved. Sources override it.
    @usableFromInline
    func destroySavedValue(_ storage: UnsafeMutableRawPointer) {}

    /// Propagates a logged source's batched change now. Sources override it.
    @usableFromInline
    func resolveLoggedWrite(_ runtime: RuntimeRef) {}

    /// Drops a logged source's entry without propagating it (the source is dying).
    @usableFromInline
    func discardLoggedWrite(_ runtime: RuntimeRef) {}
}

/// The base of nodes that depend on others: computeds, effects and tracking scopes.
///
/// It has no public members; it is public only because the public node classes
/// inherit from it. Like ``ReactiveNode`` it is not `open`: it is not meant to be
/// subclassed.
///
/// ```swift
/// let count = Signal(0)
/// let doubled = Computed { count.value * 2 }
/// let effect = Effect { _ = doubled.value }
/// let dependents: [DependentNode] = [doubled, effect]   // each reads other nodes
/// print(dependents.map { "\(type(of: $0))" })            // ["Computed<Int>", "Effect"]
/// effect.cancel()
/// ```
public class DependentNode: ReactiveNode {
    /// Head of the dependency list, in the order of the last run's reads.
    @usableFromInline @exclusivity(unchecked) final var deps: LinkPointer?

    @usableFromInline
    override init(flags: NodeFlags) {
        super.init(flags: flags)
    }

    deinit {
        if deps != nil || flags.contains(.queued) {
            Graph.dependentWillDeallocate(self)
        }
    }
}

/// The base of ``Computed``: the entry point the engine calls to recompute one.
///
/// It has no public members; it is public only because ``Computed`` inherits from it.
/// Effects and tracking scopes never recompute, so they do without it.
///
/// ```swift
/// let count = Signal(0)
/// let doubled = Computed { count.value * 2 }
/// let node: ComputedNode = doubled
/// print(type(of: node))   // Computed<Int>
/// ```
public class ComputedNode: DependentNode {
    /// Re-evaluates the computed; returns whether its value changed. Formed where the
    /// value type is concrete (see `Computed.refresh`), so the engine calls straight
    /// into specialized code.
    @usableFromInline let update: (DependentNode, RuntimeRef) -> Bool

    @usableFromInline
    init(flags: NodeFlags, update: @escaping (DependentNode, RuntimeRef) -> Bool) {
        self.update = update
        super.init(flags: flags)
    }
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
