/// The engine: a push-pull graph of nodes and the links between them, with the
/// operations over it split by phase. Every operation takes the calling thread's
/// runtime pointer from its caller, which fetched it once.
///
/// **Nodes.** Every node is a ``ReactiveNode``: its ``NodeFlags`` (kind and
/// propagation state), a version that counts its value's changes, and its subscriber
/// list. A source (``Signal``, a `@Tracked` property's signal, a `trackObservable`
/// source) only changes when written. A ``DependentNode`` also has a dependency list,
/// in the order of its last run's reads: a ``ComputedNode`` (``Computed``, a
/// `@Derived` property, a list operator) caches a value and recomputes through its
/// `update`; a ``WatcherNode`` is run by the flush: ``EffectNode`` (``Effect``),
/// ``ScopeNode`` (`withTracking`, `observe`) and `ObservationWatcher` (Apple's
/// Observation); a ``RelayNode`` hands a change to the layer that owns it instead of
/// passing it down (a list operator's element tracker, `Collections/`).
///
/// **Links.** One ``Link`` per edge, in two intrusive lists at once: the subscriber's
/// dependencies (singly linked, read order) and the dependency's subscribers (doubly
/// linked). A link owns its dependency (a subscriber keeps what it read alive) and
/// not its subscriber; a scope's links own nothing. Links come from per-thread caches
/// of the link heap (`RippleLinkHeap.h`), so relinking costs no malloc and no ARC.
///
/// **A run** (an effect's body, a scope's apply, cleanups, hooks, `untracked`) opens
/// with ``beginRun(_:holdingReleases:mayReleaseEffects:_:)`` and closes with
/// ``endRun(_:_:)``: the run context (``RunContext``: the recording subscriber, its
/// cursor, the running effect, the compute depth) is swapped and restored whole. A
/// computed's recompute, the hottest run, changes only the subscriber, the cursor and
/// the depth (``beginComputing(_:_:)``). A recording run flips the node's parity
/// (``beginTracking(_:_:setting:)``).
/// Each read either confirms the link after the cursor, in place, or makes or moves
/// one; the links the run did not confirm are unlinked at its end. A computed left
/// without subscribers detaches: it leaves its dependencies' lists and keeps the
/// versions it saw, so that a later read recomputes only if one moved.
///
/// **The read fast path.** A read in the same place as last run's needs no call: the
/// accessor checks with loads only that the next link points at the node, reads the
/// value, then moves the cursor (``CursorStep``). A current computed is read from its
/// cache the same way. Anything else is one out-of-line call (`engineRecordRead`,
/// `enginePrepareRead`).
///
/// **The write path**, from `model.title = x` to an effect's re-run:
/// 1. `Model/Tracked.swift`: the property's setter hands the value to its signal (or
///    stores it in place, when nothing observes the property).
/// 2. `Primitives/Signal.swift`: the setter compares with the old value (``Equivalence``;
///    equal is a no-op), stores it, and, outside a batch, calls ``didWrite(_:_:)``.
/// 3. `Graph+Write.swift`: ``propagate(from:_:_:)`` marks the subscribers dirty and
///    everything further down pending, queues watchers, and hands each relay it
///    reaches to its layer (``RelayNode/relay(_:)``: a list operator records which
///    element changed); no user code runs.
/// 4. `Graph+Flush.swift`: ``flush(_:)`` runs the queue, outside any run, inside the
///    wrapper the layer above may install (the environment installs one), and gives
///    each watcher its turn: an effect's is its `runInFlush`.
/// 5. `EffectNode.swift`: a pending effect first revalidates
///    (``checkDirty(_:_:keepsRootChecking:)``, `Graph+Revalidate.swift`), which
///    recomputes, in dependency order, only what really changed, through each
///    computed's `update` (`Primitives/Computed.swift`), and stops where a recompute
///    yields an equal value; then `execute` runs the body (`Graph+Effects.swift`).
///
/// Reads pull the same way, through ``validate(_:_:)``.
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
/// **Misuse** (`Issues/`): a write while a computed evaluates, a read that closes a
/// cycle, an effect that does not settle. The engine leaves its fast paths where it
/// already leaves them, records the issue, and reports it once the operation has
/// ended (`Graph+Misuse.swift`). A read that closes a cycle makes a weak link
/// (``Link/isWeak``), which owns nothing.
///
/// **Flags.** Kind: `source`, `computed`, `watcher` (with `effect` for effects, which
/// the flush runs directly), `ownsNoLinks`, `tombstone`; a dependent that is neither
/// computed nor watcher is a relay. Propagation: `dirty`, `pending`, `running`,
/// `queued`, `parity`, `checking` (on a revalidation path; meeting it again means a
/// cycle), `detached`, `visited` (a reattaching walk), `logged` (a write in the batch
/// log). Lifetime: `disposed`, `awaitsFlushEnd`, `holdsWeakLink` (has made a weak
/// link: never detaches). Effects: `executing`, `hasChildren`, `hasCleanups`.
/// Liveness: `hasLivenessHooks`. Debugging: `traced`, tested only inside tests the
/// engine makes anyway, so that an untraced graph pays nothing
/// (`Debug/Graph+Trace.swift`). The top four bits belong to the layers above, which
/// name them (`inert`, `lingering`, `named`, `isolatesEnvironment`); the engine only
/// keeps them.
///
/// **Files.**
/// - `Graph.swift`: this map; the tombstone.
/// - `NodeFlags.swift`, `ReactiveNode.swift`: the flags and the node base classes,
///   with the seams toward the layers above (``SourceNode``'s word for the batch log,
///   ``ComputedNode``'s update, ``WatcherNode``, ``RelayNode``).
/// - `EffectNode.swift`, `ScopeNode.swift`: the engine's part of effects and scopes;
///   `Graph+Effects.swift`: an effect's run, its children, cleanups and disposal.
/// - `Link.swift`, `Graph+Link.swift`: links; linking, unlinking, nodes that die.
/// - `Graph+Run.swift`: the run bracket, tracking a run, and a relay's runs.
/// - `Graph+Read.swift`: the read entry points. `Graph+Write.swift`: the write path and
///   the push. `Graph+Revalidate.swift`: the pull.
/// - `Graph+Detach.swift`: detaching and reattaching unwatched computeds.
/// - `Graph+Flush.swift`: batches, running the queue, and what runs after it.
/// - `Graph+Liveness.swift`: noting and reporting observation changes of hooked nodes.
/// - `BatchLog.swift`, `Equivalence.swift`, `WorkLists.swift`: the batch log, equality
///   rules, and the walks' stacks and the effect queue.
/// - `Runtime.swift`, `Mailbox.swift`: the per-thread runtime; work other threads post.
/// - `LockedState.swift`: the mutex around state that threads share.
@usableFromInline
enum Graph {}

// Safety: the tombstone is never mutated after initialization. It has no subscribers
// (nothing links to it; unlinking skips it) and propagation never reaches it, so
// threads only ever read its flags.
/// The node that links of a dead dependency point at: it never changes.
nonisolated(unsafe) let tombstone = ReactiveNode(flags: [.source, .tombstone])
