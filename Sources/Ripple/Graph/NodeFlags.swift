/// The state bits every node carries.
///
/// Kind bits never change after initialization; the rest describe where the node
/// stands in the current propagation. `formUnion` and `subtract` store
/// unconditionally; `remove` tests first, and stays where the word is read right
/// after a clear (a full-width store, which the next load need not wait on).
@usableFromInline
struct NodeFlags: OptionSet, Sendable {
    @usableFromInline let rawValue: UInt32

    @inlinable init(rawValue: UInt32) { self.rawValue = rawValue }

    // In bit order. Each flag's comment opens with its group: kind (fixed at creation),
    // propagation, lifetime, effects, liveness, debugging. The debugging bit (`traced`)
    // is tested only where a test already looks at the flags, so that a graph nobody
    // traces pays no instruction for it.

    /// Kind: a signal, or another node that only changes when written.
    @inlinable static var source: NodeFlags { NodeFlags(rawValue: 1 << 0) }
    /// Kind: a memoized derived node (``ComputedNode``).
    @inlinable static var computed: NodeFlags { NodeFlags(rawValue: 1 << 1) }
    /// Kind: a node the flush runs (``WatcherNode``): an effect, a tracking scope, a
    /// watcher.
    @inlinable static var watcher: NodeFlags { NodeFlags(rawValue: 1 << 2) }
    /// Kind: a subscriber whose links own nothing (``ScopeNode``): a dependency that
    /// dies tells it instead.
    @inlinable static var ownsNoLinks: NodeFlags { NodeFlags(rawValue: 1 << 3) }
    /// Kind: the dead node that links of a died dependency point at.
    @inlinable static var tombstone: NodeFlags { NodeFlags(rawValue: 1 << 4) }
    /// Propagation: must recompute or re-run, a dependency changed.
    @inlinable static var dirty: NodeFlags { NodeFlags(rawValue: 1 << 5) }
    /// Propagation: a dependency further up may have changed; revalidate before
    /// trusting the cache.
    @inlinable static var pending: NodeFlags { NodeFlags(rawValue: 1 << 6) }
    /// Propagation: computing or running right now.
    @inlinable static var running: NodeFlags { NodeFlags(rawValue: 1 << 7) }
    /// Propagation: in the effect queue.
    @inlinable static var queued: NodeFlags { NodeFlags(rawValue: 1 << 8) }
    /// Propagation: flipped at the start of every run; a link confirmed in this run
    /// carries the same bit.
    @inlinable static var parity: NodeFlags { NodeFlags(rawValue: 1 << 9) }
    /// Lifetime: a cancelled effect or a spent tracking scope.
    @inlinable static var disposed: NodeFlags { NodeFlags(rawValue: 1 << 10) }
    /// Propagation: written in the open batch; the batch log holds the value
    /// subscribers saw, and the change has not propagated yet.
    @inlinable static var logged: NodeFlags { NodeFlags(rawValue: 1 << 11) }
    /// Propagation: on the path of a revalidation walk; meeting it again means a cycle.
    /// A queued effect keeps it until it has decided whether to run.
    @inlinable static var checking: NodeFlags { NodeFlags(rawValue: 1 << 12) }
    /// Effects: an effect inside its run; if user code releases it there, its deinit
    /// tells the run to stop touching it.
    @inlinable static var executing: NodeFlags { NodeFlags(rawValue: 1 << 13) }
    /// Propagation: a node already collected by a reattaching walk.
    @inlinable static var visited: NodeFlags { NodeFlags(rawValue: 1 << 14) }
    /// Lifetime: a watcher that asked to be called once the flush has ended.
    @inlinable static var awaitsFlushEnd: NodeFlags { NodeFlags(rawValue: 1 << 15) }
    /// Propagation: a clean computed that lost its last subscriber; it left its
    /// dependencies' subscriber lists, and its links hold the versions it saw. Above
    /// bit 15, so that `needsValidation` is a 32-bit mask: a cached read tests it in
    /// one instruction.
    @inlinable static var detached: NodeFlags { NodeFlags(rawValue: 1 << 16) }
    /// Effects: an effect that owns child effects.
    @inlinable static var hasChildren: NodeFlags { NodeFlags(rawValue: 1 << 17) }
    /// Effects: an effect with cleanups registered.
    @inlinable static var hasCleanups: NodeFlags { NodeFlags(rawValue: 1 << 18) }
    /// Kind: an effect (``EffectNode``); the flush runs it directly, without the
    /// dispatch other watchers take.
    @inlinable static var effect: NodeFlags { NodeFlags(rawValue: 1 << 19) }
    /// Liveness: a node that `whileObserved` registered hooks on; gaining its first
    /// subscriber or losing its last one is noted, to be reported once the operation
    /// has ended.
    @inlinable static var hasLivenessHooks: NodeFlags { NodeFlags(rawValue: 1 << 20) }
    /// Debugging: a traced source, whose writes are recorded, or dependent, whose marks
    /// are; a traced watcher reports why it runs.
    @inlinable static var traced: NodeFlags { NodeFlags(rawValue: 1 << 21) }
    /// Lifetime: a subscriber that has made a link that does not own its dependency
    /// (``Link/isWeak``), by a read that closed a cycle. Set for good: such a node never
    /// detaches, since a weak dependency could die unseen while it is detached.
    @inlinable static var holdsWeakLink: NodeFlags { NodeFlags(rawValue: 1 << 22) }
    /// Debugging: a property of a model traced with `RippleTrace.trace(model)`. Before
    /// a change to it is pushed, every observer downstream is traced, including those
    /// that subscribed after the trace began.
    @inlinable static var tracesObservers: NodeFlags { NodeFlags(rawValue: 1 << 23) }
    /// Access: the signal of a `@Tracked` property whose value is being mutated in
    /// place; any other access to the property meanwhile is reentrant, and traps.
    @inlinable static var mutatingInPlace: NodeFlags { NodeFlags(rawValue: 1 << 24) }

    /// The bits the layers above own, 28 to 31: the engine never reads them, and keeps
    /// them when it resets a node's flags. Each layer names its own: `inert`
    /// (`Model/Derived.swift`), `lingering` (`Interop/ObservationWatcher.swift`),
    /// `named` (`Debug/NodeNames.swift`), `isolatesEnvironment`
    /// (`Primitives/Computed.swift`).
    @inlinable static var layerBits: NodeFlags { NodeFlags(rawValue: 0xF000_0000) }

    /// A computed with any of these cannot be read from its cache as it stands.
    @inlinable static var needsValidation: NodeFlags { [.running, .checking, .detached, .dirty, .pending] }
    @inlinable static var stale: NodeFlags { [.dirty, .pending] }
}
