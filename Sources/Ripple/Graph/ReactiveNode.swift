/// The engine's base of every node: signals, computeds, effects and tracking scopes.
///
/// Public only because ``Signal`` inherits from it; it has no public members and no
/// public initializer. A node belongs to the isolation domain that created it.
@_documentation(visibility: internal)
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
        if subs != nil || !flags.isDisjoint(with: [.logged, .hasLivenessHooks]) {
            Graph.nodeWillDeallocate(self)
        }
    }

    /// The value, described for a trace; nil for a node without one. Sources and
    /// computeds override it.
    func describeValue() -> String? { nil }

    /// For a list source, what tracing keeps to tell its element changes later
    /// (`Debug/ListTrace.swift`). Sources override it.
    func traceListSnapshot() -> Any? { nil }

    /// The element changes since `snapshot`, described. Sources override it.
    func tracedListChanges(since snapshot: Any) -> [ListTrace.ElementChange]? { nil }

    /// Destroys the non-trivial value a logged source saved. Sources override it.
    @usableFromInline
    func destroySavedValue(_ storage: UnsafeMutableRawPointer) {}

    /// Propagates a logged source's batched change now. Sources override it.
    @usableFromInline
    func propagateLoggedWrite(_ runtime: RuntimeRef) {}

    /// Drops a logged source's entry without propagating it (the source is dying).
    @usableFromInline
    func discardLoggedWrite(_ runtime: RuntimeRef) {}
}

/// The base of ``Signal``: what the batch log reaches of a source without knowing its
/// value type.
@_documentation(visibility: internal)
public class SourceNode: ReactiveNode {
    /// While the source is written in the open batch (`logged`), the address of its
    /// entry in the batch log, which holds the origin meanwhile; otherwise its origin
    /// (`Debug/NodeOrigin.swift`). One word for two that are never needed at once, so
    /// that naming costs a source no bytes.
    @usableFromInline @exclusivity(unchecked) final var logEntryOrOrigin: UInt64 = 0

    @usableFromInline
    override init(flags: NodeFlags) {
        super.init(flags: flags)
    }

    /// The source's entry in the batch log; only while it is `logged`.
    @inlinable
    final var logEntry: UnsafeMutablePointer<BatchLog.Entry> {
        @inline(__always) get {
            UnsafeMutablePointer(bitPattern: UInt(truncatingIfNeeded: logEntryOrOrigin)).unsafelyUnwrapped
        }
    }

    /// Logs the source in the batch at `entry`, which keeps its origin meanwhile.
    @inlinable
    @inline(__always)
    final func enterLog(_ entry: UnsafeMutablePointer<BatchLog.Entry>) {
        entry.pointer(to: \.origin)!.initialize(to: NodeOrigin(bits: logEntryOrOrigin))
        logEntryOrOrigin = UInt64(UInt(bitPattern: entry))
        flags.formUnion(.logged)
    }

    /// Takes the source out of the batch log; its origin comes back from `entry`.
    @inlinable
    @inline(__always)
    final func leaveLog(_ entry: UnsafeMutablePointer<BatchLog.Entry>) {
        logEntryOrOrigin = entry.pointee.origin.bits
        flags.subtract(.logged)
    }

    /// The model property it serves, for names given whenever tracing is turned on.
    @usableFromInline
    final var origin: NodeOrigin {
        get { flags.contains(.logged) ? logEntry.pointee.origin : NodeOrigin(bits: logEntryOrOrigin) }
        set {
            if flags.contains(.logged) {
                logEntry.pointee.origin = newValue
            } else {
                logEntryOrOrigin = newValue.bits
            }
        }
    }

    @usableFromInline
    override func propagateLoggedWrite(_ runtime: RuntimeRef) {
        Graph.propagateLogEntry(self, logEntry, runtime)
    }

    @usableFromInline
    override func discardLoggedWrite(_ runtime: RuntimeRef) {
        Graph.discardEntry(logEntry, of: self)
    }
}

/// The base of nodes that depend on others: computeds, effects and tracking scopes.
@_documentation(visibility: internal)
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

/// The base of nodes that hand a change to the layer that owns them instead of passing
/// it down: a list operator's element trackers (`Collections/`). The push marks a
/// relay like any subscriber and, when the mark is new, calls ``relay(_:)``; the pull
/// never walks relays.
@usableFromInline
class RelayNode: DependentNode {
    @inlinable
    override init(flags: NodeFlags) {
        super.init(flags: flags)
    }

    /// A dependency changed and the relay was clean. Returns the subscribers the mark
    /// travels on to, when it made another node newly dirty, as a computed's would.
    func relay(_ runtime: RuntimeRef) -> LinkPointer? { nil }
}

/// The base of ``Computed``: the seam through which the engine recomputes one.
@_documentation(visibility: internal)
public class ComputedNode: DependentNode {
    /// Re-evaluates the computed; returns whether its value changed. Formed where the
    /// value type is concrete (see `Computed.recompute`), so the engine calls straight
    /// into specialized code.
    @usableFromInline let update: (DependentNode, RuntimeRef) -> Bool

    /// The model property or list operator it serves, for names given whenever
    /// tracing is turned on (`Debug/NodeOrigin.swift`). ``Computed`` keeps it.
    @usableFromInline
    var origin: NodeOrigin {
        get { NodeOrigin() }
        set {}
    }

    @usableFromInline
    init(flags: NodeFlags, update: @escaping (DependentNode, RuntimeRef) -> Bool) {
        self.update = update
        super.init(flags: flags)
    }
}

/// The base of the nodes a flush runs: effects, tracking scopes and Observation's
/// watchers. The seam toward what they do: the engine marks and queues them, and
/// calls ``runQueued(_:)`` at their turn and ``flushDidEnd()`` once the flush is over
/// if they asked for it (``Graph/callAfterFlush(_:_:)``).
@_documentation(visibility: internal)
public class WatcherNode: DependentNode {
    @usableFromInline
    override init(flags: NodeFlags) {
        super.init(flags: flags.union(.watcher))
    }

    deinit {
        if flags.contains(.awaitsFlushEnd) {
            Runtime.current.pointee.dropAfterFlush(self)
        }
    }

    /// Its turn in the flush: it was queued because a dependency may have changed.
    func runQueued(_ runtime: RuntimeRef) {}

    /// The flush that it asked to be called after has ended; no batch is open.
    func flushDidEnd() {}
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
