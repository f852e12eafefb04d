public import Observation
internal import RippleThreadLocal

/// Tells Apple's Observation when a property of an ``ObservableModel`` changes.
///
/// Each property of a conforming model has one. A read outside Ripple's runs registers
/// the property with Observation's tracking and arms the watcher: it subscribes to the
/// property's node. The first transaction that changes the node's value queues it, like
/// an effect; at its turn in the flush it confirms the change (re-evaluating a derived
/// node, so that an equal value notifies nothing), disarms, and Observation is told once
/// the flush has ended. Observation's tracking is one-shot: a disarmed watcher costs
/// nothing until the next read arms it again.
///
/// Observation knows the property by the watcher's own registrar and the identity key
/// path, the cheapest key it can hash and compare: under the model's registrar each
/// property would need a key path with an argument, whose components Observation
/// walks at every tracked read.
@usableFromInline
final class ObservationWatcher: WatcherNode {
    /// The tracked property's signal or the derived property's computed. Held strongly:
    /// a tracked property's storage keeps only the watcher, which keeps the signal.
    @usableFromInline let watchedNode: ReactiveNode
    private let registrar = ObservationRegistrar()
    /// Fetched once: a key path literal is looked up in the runtime's cache at each use.
    private let key: KeyPath<ObservationWatcher, ObservationWatcher> = \.self
    private let releaseDrain = ReleaseDrain()

    init(watching node: ReactiveNode) {
        watchedNode = node
        super.init(flags: [])
        if ripple_trace_all_get() != 0 { flags.formUnion(.traced) }
    }

    /// The property's node, unretained: the watcher keeps it.
    @usableFromInline var watched: Unmanaged<ReactiveNode> { .passUnretained(watchedNode) }

    deinit {
        // Unlinked here rather than in the base class's deinit, so that `releaseDrain`
        // lets the watched node go once this object is gone.
        if flags.contains(.lingering) {
            reclaimLingeringLink()
        }
        if deps != nil || flags.contains(.queued) {
            Graph.dependentWillDeallocate(self)
        }
    }

    /// A read outside Ripple's recording runs: registers the read with Observation and
    /// arms the watcher. Reads inside Ripple's own runs (an `untracked` block in one)
    /// register nothing, or a view reading a derived value would depend on everything
    /// the value was derived from.
    final func observationDidRead(_ runtime: RuntimeRef) {
        guard runtime.pointee.run.computeDepth == 0, runtime.pointee.run.runningEffect == nil else { return }
        registerAccess()
        if deps == nil {
            if flags.contains(.lingering) {
                // Read again after a change: it stays subscribed, as it was.
                reclaimLingeringLink()
                return
            }
            Graph.linkOutsideRun(watched.takeUnretainedValue(), self, runtime)
            if let liveness = runtime.pointee.liveness, liveness.hasWork {
                Graph.deliverLivenessNotices(runtime)
            }
            if flags.contains(.traced) { Graph.traceArmed(self, runtime) }
        }
    }

    private func registerAccess() {
        registrar.access(self, keyPath: key)
    }

    private func notifyChange() {
        registrar.willSet(self, keyPath: key)
        registrar.didSet(self, keyPath: key)
    }

    /// Queued because the watched node may have changed: if it did, disarms and asks for
    /// Observation to be told once the flush has ended.
    override func runQueued(_ runtime: RuntimeRef) {
        flags.subtract(.queued)
        let wasLingering = flags.contains(.lingering)
        if wasLingering { reclaimLingeringLink() }
        guard deps != nil else { return }
        if !flags.contains(.dirty) {
            let wasPending = flags.contains(.pending)
            guard wasPending, Graph.checkDirty(self, runtime) else {
                // No change after all: a lingering watcher lingers on.
                if wasPending, flags.contains(.traced) { Graph.traceDecided(self, runs: false, runtime) }
                flags.subtract(.pending)
                if wasLingering { linger() }
                return
            }
        }
        if flags.contains(.traced) { Graph.traceDecided(self, runs: true, runtime) }
        flags.subtract(.stale)
        if wasLingering {
            // Nobody read the property since Observation was told of the last change.
            Graph.unlinkAll(self, runtime)
            return
        }
        if watched._withUnsafeGuaranteedRef({ $0.flags.contains(.hasLivenessHooks) }) {
            linger()
        } else {
            Graph.unlinkAll(self, runtime)
        }
        Graph.callAfterFlush(self, runtime)
    }

    /// For a node with liveness hooks, Observation's tracking keeps it observed from
    /// one change to the next: nothing says whether a view will read it again, and
    /// leaving at each change would stop and restart its source between the change
    /// and the re-render. So the watcher stays in the node's subscribers after telling
    /// Observation, but lets go of its own dependency list, so that the next read takes
    /// the arming path, as after an unlink, and reclaims the link there: reads pay
    /// nothing for it. A change that finds it still lingering (no read since the last
    /// one) unsubscribes it without telling Observation anything.
    private final func linger() {
        flags.formUnion(.lingering)
        deps = nil
    }

    /// Takes back the link a lingering watcher left in the watched node's subscribers.
    private final func reclaimLingeringLink() {
        flags.subtract(.lingering)
        guard deps == nil else { return }
        let identity = Unmanaged.passUnretained(self).toOpaque()
        var cursor = watched._withUnsafeGuaranteedRef { $0.subs }
        while let link = cursor {
            if link.pointee.sub.toOpaque() == identity {
                deps = link
                return
            }
            cursor = link.pointee.nextSub
        }
    }

    /// Tells Observation, once the flush is over: state that `onChange` writes is a
    /// transaction of its own.
    override func flushDidEnd() {
        notifyChange()
    }
}

/// What Observation's registrar asks of the subject it keys accesses under.
extension ObservationWatcher: Observable {}

extension ObservationWatcher {
    /// A watcher for a property of `model` if the model's class conforms to
    /// ``ObservableModel``; nil otherwise. Called once per property, when it is first read.
    @usableFromInline
    static func make<Model: AnyObject>(for model: Model, watching node: ReactiveNode) -> ObservationWatcher? {
        guard model is any ObservableModel else { return nil }
        return make(watching: node)
    }

    /// A watcher for a property of a model already known to conform.
    @usableFromInline
    static func make(watching node: ReactiveNode) -> ObservationWatcher {
        ObservationWatcher(watching: node)
    }
}

extension Graph {
    /// A read of a conforming model's property: Ripple's when a run is recording,
    /// Observation's otherwise. Takes both nodes unretained: the model holds them.
    @usableFromInline
    @inline(never)
    static func didReadBridged(_ watcher: Unmanaged<ObservationWatcher>) {
        let runtime = Runtime.current
        if runtime.pointee.run.activeSub != nil {
            recordRead(of: watcher._withUnsafeGuaranteedRef { $0.watched }, runtime)
        } else {
            watcher._withUnsafeGuaranteedRef { $0.observationDidRead(runtime) }
        }
    }

    /// A read of a conforming model's derived property outside Ripple's recording runs.
    @usableFromInline
    @inline(never)
    static func observationDidRead(_ watcher: Unmanaged<ObservationWatcher>) {
        watcher._withUnsafeGuaranteedRef { $0.observationDidRead(Runtime.current) }
    }
}

extension NodeFlags {
    /// A watcher of a node with liveness hooks that has told Observation of a change
    /// and stays subscribed until a read registers again or the next change shows
    /// nobody did (see ``ObservationWatcher/runQueued(_:)``). A layer bit.
    @inlinable static var lingering: NodeFlags { NodeFlags(rawValue: 1 << 29) }
}
