
/// The engine's part of ``whileObserved(_:_:)``: which nodes have liveness hooks, what
/// changed during an operation, and reporting it once the operation has ended.
///
/// A node is observed while it has at least one subscriber. The link and unlink paths
/// test `.hasLivenessHooks` only when a subscriber list turns empty or non-empty, and
/// then only note the node (``noteLivenessChange(of:_:)``): no user code runs inside a
/// walk. The notes are settled when no batch, run or walk is open any more
/// (``deliverLivenessNotices(_:)``), by comparing each noted node's state with the
/// one last reported, so that an observer added and removed within one batch or flush
/// reports nothing, and a node observed again before the end reports nothing either.
extension Graph {
    /// A node with hooks gained its first subscriber or lost its last one: noted once
    /// per operation, and counted as retired work so that the next drain settles it.
    @inline(never)
    static func noteLivenessChange(of node: ReactiveNode, _ runtime: RuntimeRef) {
        guard let entry = LivenessTable.entry(for: node) else { return }
        note(entry, runtime)
    }

    static func note(_ entry: LivenessEntry, _ runtime: RuntimeRef) {
        guard !entry.isNoted else { return }
        entry.isNoted = true
        let state = runtime.pointee.ensuredLiveness
        state.notices.append(entry)
        runtime.pointee.retiredCount &+= 1
        if runtime.pointee.batchDepth > 0 {
            // The end of the batch must flush even if nothing else was queued: the
            // notifier's turn asks for a call once the flush is over.
            enqueue(state.notifier, runtime)
        }
    }

    /// A node with hooks is dying: its hooks go with it, and if it was reported
    /// observed its groups hear that it is not any more.
    static func livenessNodeWillDeallocate(_ node: ReactiveNode, _ runtime: RuntimeRef) {
        guard let entry = LivenessTable.remove(node) else { return }
        entry.isAlive = false
        if entry.reportedObserved {
            note(entry, runtime)
        }
    }

    /// Registers `group`'s hooks on `node`; the next delivery reconciles the group with
    /// the node's state.
    static func addLivenessGroup(_ group: LivenessGroup, to node: ReactiveNode, _ runtime: RuntimeRef) {
        node.flags.formUnion(.hasLivenessHooks)
        let entry = LivenessTable.entryMaking(for: node)
        entry.groups.append(group)
        if entry.reportedObserved {
            group.observedSources += 1
        }
        runtime.pointee.ensuredLiveness.groups.append(group)
        runtime.pointee.retiredCount &+= 1
        note(entry, runtime)
    }

    /// Reports what the noted nodes' observation came to, if nothing is in progress
    /// that user code must not interrupt: no batch, run, walk or flush. Otherwise the
    /// notes wait for the drain or the flush that ends it.
    static func deliverLivenessNotices(_ runtime: RuntimeRef) {
        guard let state = runtime.pointee.liveness, state.hasWork, !state.delivering,
              runtime.pointee.batchDepth == 0, runtime.pointee.releaseHolds == 0,
              !runtime.pointee.flushing, runtime.pointee.run.activeSub == nil,
              runtime.pointee.run.computeDepth == 0
        else { return }
        state.delivering = true
        // The hooks run as if at top level: outside an `EffectScope.run` that may be in
        // progress, so that what they create belongs to them.
        let outer = beginRun(RunContext(), runtime)
        defer { endRun(outer, runtime) }
        while true {
            if !state.notices.isEmpty {
                let notices = state.notices
                state.notices = []
                runtime.pointee.retiredCount &-= notices.count
                for entry in notices {
                    entry.isNoted = false
                    let observed = entry.isAlive && entry.node.subs != nil
                    guard observed != entry.reportedObserved else { continue }
                    entry.reportedObserved = observed
                    for group in entry.groups {
                        group.observedSources += observed ? 1 : -1
                        state.groups.append(group)
                        runtime.pointee.retiredCount &+= 1
                    }
                }
            } else if !state.groups.isEmpty {
                // Groups after nodes: a group whose one source stops as another starts
                // in the same operation stays running.
                let groups = state.groups
                state.groups = []
                runtime.pointee.retiredCount &-= groups.count
                for group in groups {
                    // User code: what it changes is noted, and settled by this loop.
                    group.settle()
                }
            } else {
                break
            }
        }
        state.delivering = false
    }
}

/// A thread's liveness notes: the nodes whose subscribers came or went in the
/// operation in progress, and the registrations to settle. Each counts in the
/// runtime's `retiredCount`, so that the next drain delivers them.
final class LivenessState {
    var notices: [LivenessEntry] = []
    var groups: [LivenessGroup] = []
    var delivering = false
    /// Queued when liveness changes inside a batch.
    let notifier = LivenessNotifier()

    var hasWork: Bool { !notices.isEmpty || !groups.isEmpty }
}

/// One ``whileObserved(_:_:)`` registration: its hooks, and how many of its sources
/// are observed.
final class LivenessGroup {
    private let start: () -> (() -> Void)
    private var stop: (() -> Void)?
    var observedSources = 0

    init(start: @escaping () -> (() -> Void)) {
        self.start = start
    }

    /// Starts or stops the work, if the sources' state no longer matches it.
    func settle() {
        if observedSources > 0, stop == nil {
            stop = start()
        } else if observedSources == 0, let stop {
            self.stop = nil
            stop()
        }
    }
}

// Safety: an entry is created for a node and reached only through it: by the node's
// own isolation domain (a node is not `Sendable`), one graph operation at a time. The
// table's lock only guards the dictionary, which any thread's graphs share.
/// The liveness state of one node with hooks.
final class LivenessEntry: @unchecked Sendable {
    /// Valid while `isAlive`: the node removes its entry when it dies.
    unowned(unsafe) let node: ReactiveNode
    var isAlive = true
    var groups: [LivenessGroup] = []
    /// Whether the groups last heard that the node is observed.
    var reportedObserved = false
    /// In the runtime's notices, waiting for the operation to end.
    var isNoted = false

    init(node: ReactiveNode) {
        self.node = node
    }
}

/// The entries of the nodes with liveness hooks, by node identity. Only nodes flagged
/// `.hasLivenessHooks` are ever looked up, so a graph without hooks never takes the lock.
enum LivenessTable {
    private static let entries = LockedState<[ObjectIdentifier: LivenessEntry]>([:])

    static func entry(for node: ReactiveNode) -> LivenessEntry? {
        let key = ObjectIdentifier(node)
        return entries.withLock { $0[key] }
    }

    static func entryMaking(for node: ReactiveNode) -> LivenessEntry {
        let key = ObjectIdentifier(node)
        if let existing = entries.withLock({ $0[key] }) { return existing }
        let entry = LivenessEntry(node: node)
        entries.withLock { $0[key] = entry }
        return entry
    }

    static func remove(_ node: ReactiveNode) -> LivenessEntry? {
        let key = ObjectIdentifier(node)
        return entries.withLock { $0.removeValue(forKey: key) }
    }
}

/// Makes the end of a batch flush when liveness changed in it, and delivers the
/// notices once the flush is over. One per thread, made on first need.
final class LivenessNotifier: WatcherNode {
    init() {
        super.init(flags: [])
    }

    override func runQueued(_ runtime: RuntimeRef) {
        flags.subtract(.queued)
        Graph.callAfterFlush(self, runtime)
    }

    override func flushDidEnd() {
        Graph.deliverLivenessNotices(Runtime.current)
    }
}
