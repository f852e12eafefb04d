/// The engine: a push-pull graph of nodes and the links between them, with the
/// operations over it split by phase. Every operation takes the calling thread's
/// runtime pointer from its caller, which fetched it once.
///
/// **Nodes.** Every node is a ``ReactiveNode``: its ``NodeFlags`` (kind and
/// propagation state), a version that counts its value's changes, and its subscriber
/// list. A source (``Signal``, a `@Tracked` property's signal, a `trackObservable`
/// source) only changes when written. A ``DependentNode`` also has a dependency list,
/// in the order of its last run's reads: a ``ComputedNode`` (``Computed``, a
/// `@Derived` property) caches a value and recomputes through its `update`; a
/// ``WatcherNode`` is run by the flush: ``EffectNode`` (``Effect``), ``ScopeNode``
/// (`withTracking`, `observe`) and `ObservationWatcher` (Apple's Observation).
///
/// **Links.** One ``Link`` per edge, in two intrusive lists at once: the subscriber's
/// dependencies (singly linked, read order) and the dependency's subscribers (doubly
/// linked). A link owns its dependency (a subscriber keeps what it read alive) and
/// not its subscriber; a scope's links own nothing. Links come from per-thread caches
/// of the link heap (`RippleLinkHeap.h`), so relinking costs no malloc and no ARC.
///
/// **A run** (a computed's recompute, an effect's body, a scope's apply) sets the run
/// context (``RunContext``: the recording subscriber, its cursor) and flips the node's
/// parity. Each read either confirms the link after the cursor, in place, or makes or
/// moves one; the links the run did not confirm are unlinked at its end. A computed
/// left without subscribers detaches: it leaves its dependencies' lists and keeps the
/// versions it saw, so that a later read recomputes only if one moved.
///
/// **The read fast path.** A read in the same place as last run's needs no call: the
/// accessor checks with loads only that the next link points at the node, reads the
/// value, then moves the cursor (``CursorStep``). A current computed is read from its
/// cache the same way. Anything else is one out-of-line call (`engineRecordRead`,
/// `enginePrepareRead`).
///
/// **The write path.** A write compares with the old value (``Equivalence``); equal is
/// a no-op. Outside a batch the source propagates at once: its subscribers become
/// dirty, everything further down pending, watchers are queued, and no user code runs
/// (``propagate(from:_:_:)``). Then the flush runs the queue (``flush(_:)``), outside
/// any run, so that a watcher's turn needs no run context of its own: an effect
/// that is only pending first revalidates its dependencies (``checkDirty(_:_:keepsRootChecking:)``),
/// which recomputes, in dependency order, only what really changed, and stops where a
/// recompute yields an equal value. Reads pull the same way.
///
/// **The batch log.** Inside a batch (or an effect body) a write is logged with the
/// value its subscribers saw (``BatchLog``); it propagates at the batch's end, or
/// before anything derived is read, and a value written back to the one seen notifies
/// nobody.
///
/// **The release drain.** Releasing a node can run arbitrary deinits. While a walk or
/// user code is in progress (`releaseHolds` above zero) the last references are
/// retired instead, and released one at a time once it is over, so a long chain tears
/// down without recursion (``ReleaseDrain``).
///
/// **Liveness.** A node with `whileObserved` hooks carries `hasLivenessHooks`; linking
/// and unlinking test it only when a subscriber list turns non-empty or empty, and
/// note the node. The notes are settled, and the hooks called, once no batch, run or
/// flush is open (``deliverLivenessNotices(_:)``). The hooks live in a side table, so
/// other nodes carry nothing for them.
///
/// **Flags.** Kind: `source`, `computed`, `watcher` (with `effect` for effects, which
/// the flush runs directly), `ownsNoLinks`, `tombstone`.
/// Propagation: `dirty`, `pending`, `running`, `queued`, `parity`, `checking` (on a
/// revalidation path; also a cycle guard), `detached`, `visited` (a reattaching walk),
/// `logged` (a write in the batch log). Lifetime: `disposed`, `inert`,
/// `awaitsFlushEnd`. Effects: `executing`, `hasChildren`, `hasCleanups`. Liveness:
/// `hasLivenessHooks`, `lingering` (an Observation watcher kept subscribed).
/// Debugging: `traced` (tested only inside tests the engine makes anyway, so that an
/// untraced graph pays nothing: `Debug/Graph+Trace.swift`), `named`.
///
/// **Files.**
/// - `Graph.swift`: this map; the tombstone.
/// - `NodeFlags.swift`, `ReactiveNode.swift`: the flags and the node base classes.
/// - `EffectNode.swift`, `ScopeNode.swift`: the engine's part of effects and scopes.
/// - `Link.swift`, `Graph+Link.swift`: links; linking, unlinking, nodes that die.
/// - `Graph+Run.swift`: the run context, starting and ending a run.
/// - `Graph+Read.swift`, `Graph+Write.swift`: the read and write entry points.
/// - `Graph+Propagate.swift`: the push. `Graph+Revalidate.swift`: the pull.
/// - `Graph+Detach.swift`: detaching and reattaching unwatched computeds.
/// - `Graph+Flush.swift`: running the queue, and what runs after it.
/// - `Graph+Liveness.swift`: noting and reporting observation changes of hooked nodes.
/// - `BatchLog.swift`, `Equivalence.swift`, `WorkLists.swift`: the batch log, equality
///   rules, and the walks' stacks and the effect queue.
/// - `Runtime.swift`, `Mailbox.swift`: the per-thread runtime; work other threads post.
@usableFromInline
enum Graph {}

// Safety: the tombstone is never mutated after initialization. It has no subscribers
// (nothing links to it; unlinking skips it) and propagation never reaches it, so
// threads only ever read its flags.
/// The node that links of a dead dependency point at: it never changes.
nonisolated(unsafe) let tombstone = ReactiveNode(flags: [.source, .tombstone])

extension Graph {
    static func cycleDetected() -> Never {
        fatalError("""
            Ripple: cycle detected: a Computed depends on itself, directly or through other \
            computeds. Break the cycle: read one side with peek() or inside untracked { }, or \
            move the value into a Signal.
            """)
    }
}
