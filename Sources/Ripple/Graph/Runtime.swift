public import RippleThreadLocal

/// The per-thread state of the engine: what alien-signals keeps in globals.
///
/// Each thread gets its own, so graphs driven from different threads never share
/// mutable state. It lives in manually allocated memory and is passed around as a
/// pointer: fetched once per top-level operation, it costs no reference counting.
/// Between top-level operations it holds no graph-specific state, which is why a
/// graph owned by an actor may hop threads between operations.
@usableFromInline
struct Runtime {
    /// The run in progress. The first stored property: `ripple_thread_is_tracking`
    /// reads its `activeSub` as the runtime's first word.
    @usableFromInline var run = RunContext()
    /// Open `batch` scopes, effect runs and flushes; effects run when it returns to zero.
    @usableFromInline var batchDepth = 0
    /// Walks and user code in progress; releases wait until it returns to zero.
    @usableFromInline var releaseHolds = 0
    var flushing = false
    /// Counts flushes, so an effect can tell its runs in this flush from earlier ones.
    var flushEpoch: UInt32 = 0

    var queue = EffectQueue()
    var stack = WorkStack<LinkPointer>()
    /// Free links, refilled from and spilled to the process's link heap in batches.
    var linkCache = ripple_link_cache()
    @usableFromInline var log = BatchLog()

    /// Strong references handed over by dying nodes and unlinked dependencies, released
    /// once no walk is in progress. Draining them in a loop keeps teardown iterative.
    var retiredNodes = WorkStack<Unmanaged<ReactiveNode>>()
    /// Effect bodies and `onChange` closures: typed, so that retiring one costs no
    /// existential box and destroying it no witness call; wrapped, because an array
    /// of bare closures stores each behind a reabstraction thunk, an allocation per
    /// closure retired.
    var retiredClosures: [StoredClosure] = []
    var retiredValues: [Any] = []
    var draining = false
    /// Beside `draining`, so that the two flags share one word: the runtime stays the
    /// size it was before `liveness` joined it, and so does the heap's layout.
    var callingAfterFlush = false
    /// Effects released by user code during their own run, until that run notices.
    @usableFromInline var releasedWhileExecuting: [UnsafeRawPointer] = []
    /// How many references wait to be released (`retiredNodes`, `retiredClosures`,
    /// `retiredValues`, `releasedWhileExecuting`), plus liveness and misuse work to
    /// settle.
    var retiredCount = 0
    /// The fired tracking scope whose `onChange` is running, until a `withTracking`
    /// takes it over.
    var firedScope: Unmanaged<ScopeNode>?
    /// Watchers to call once the flush has ended (``Graph/callAfterFlush(_:_:)``).
    /// Unowned; a watcher that dies first clears its entry.
    var afterFlush: [Unmanaged<WatcherNode>?] = []
    /// The liveness notes of the operation in progress; made on the first note, so
    /// that a thread that never meets a liveness hook carries one word for them.
    var liveness: LivenessState?

    var ensuredLiveness: LivenessState {
        mutating get {
            if let liveness { return liveness }
            let state = LivenessState()
            liveness = state
            return state
        }
    }
    /// Work posted from other threads for this thread's graphs; made on first need.
    private(set) var existingMailbox: Mailbox?
    /// What tracing recorded of the current transaction; made when a traced node first
    /// needs it (`Debug/`).
    var tracer: TraceRecorder?

    /// This thread's mailbox for work posted from other threads.
    var mailbox: Mailbox {
        mutating get {
            if let existingMailbox { return existingMailbox }
            let mailbox = Mailbox()
            existingMailbox = mailbox
            return mailbox
        }
    }

    /// The effect whose body is running right now, not a computed's inside it: the
    /// target of `onCleanup` and the parent of new effects.
    var bodyRunningEffect: Unmanaged<EffectNode>? {
        run.computeDepth == 0 ? run.runningEffect : nil
    }

    /// Clears the after-flush entry of a watcher that is dying.
    mutating func dropAfterFlush(_ watcher: WatcherNode) {
        let identity = Unmanaged.passUnretained(watcher).toOpaque()
        if let index = afterFlush.firstIndex(where: { $0?.toOpaque() == identity }) {
            afterFlush[index] = nil
        }
    }

    /// Whether a run on this thread is recording dependencies; inlined into reads.
    /// The C side reads `run.activeSub` as the runtime's first word (checked in tests):
    /// the same loads as Swift's, in a form the optimizer counts as smaller, which keeps
    /// the `@Tracked` getter inlined at every read site.
    @inlinable @inline(__always)
    static var isTracking: Bool { ripple_thread_is_tracking() != 0 }

    /// The calling thread's runtime if it has one yet; inlined into reads.
    @inlinable @inline(__always)
    static var existing: RuntimeRef? {
        ripple_thread_runtime_get()?.assumingMemoryBound(to: Runtime.self)
    }

    /// The calling thread's runtime, created on first use: the thread-local load
    /// inline, the first use's creation out of line.
    @inlinable
    @inline(__always)
    static var current: RuntimeRef {
        if let raw = ripple_thread_runtime_get() {
            return raw.assumingMemoryBound(to: Runtime.self)
        }
        return makeCurrent()
    }

    @usableFromInline
    @inline(never)
    static func makeCurrent() -> RuntimeRef {
        precondition(MemoryLayout<Link>.size == RIPPLE_LINK_SIZE, "the link heap's slots fit a 40-byte Link")
        let runtime = RuntimeRef.allocate(capacity: 1)
        runtime.initialize(to: Runtime())
        ripple_thread_runtime_set(runtime)
        ripple_thread_runtime_on_exit(runtime, destroyRuntime)
        return runtime
    }

    /// Hands over one strong reference to `node`, to be released at the next drain.
    mutating func retire(_ node: Unmanaged<ReactiveNode>) {
        retiredNodes.push(node)
        retiredCount &+= 1
    }

    /// Keeps `closure` and its captures alive until the next drain.
    mutating func retire(closure: __owned @escaping () -> Void) {
        retire(StoredClosure(call: closure))
    }

    @inline(__always)
    mutating func retire(_ closure: __owned StoredClosure) {
        retiredClosures.append(closure)
        retiredCount &+= 1
    }

    /// Keeps `value` alive until the next drain.
    mutating func retire(value: Any) {
        retiredValues.append(value)
        retiredCount &+= 1
    }

}

/// A closure in a struct: generic code (an array) moves it as it is, where a
/// bare closure is stored behind a reabstraction thunk, an allocation each time.
struct StoredClosure {
    var call: () -> Void

    /// Owns nothing: what a field holds once its closure has been let go.
    static var empty: StoredClosure { StoredClosure(call: {}) }

    /// Calls the closure of a local variable: unlike a call through a constant, which
    /// the optimizer brackets with a retain and a release, it borrows the closure.
    @inline(__always)
    mutating func callInPlace() {
        call()
    }
}

/// Frees a thread's runtime when the thread exits.
private func destroyRuntime(_ raw: UnsafeMutableRawPointer) {
    let runtime = raw.assumingMemoryBound(to: Runtime.self)
    runtime.drainRetired()
    if let misuse = ripple_thread_misuse_get() {
        ripple_thread_misuse_set(nil)
        Unmanaged<MisuseState>.fromOpaque(misuse).release()
    }
    runtime.pointee.releaseFreeLinks()
    runtime.pointee.queue.deallocate()
    runtime.pointee.stack.deallocate()
    runtime.pointee.retiredNodes.deallocate()
    runtime.pointee.log.deallocate()
    runtime.deinitialize(count: 1)
    runtime.deallocate()
}

extension UnsafeMutablePointer where Pointee == Runtime {
    /// Releases retired references until none is left, unless a walk is in progress.
    /// Releasing may run deinitializers that retire more; the loop takes them too.
    ///
    /// Releasing runs arbitrary code that reaches this runtime again, so every access
    /// to it here is short and ends before a release (never a mutating method spanning
    /// one, which the optimizer may assume nothing else observes).
    @inline(__always)
    func drainRetired() {
        if pointee.retiredCount > 0, pointee.releaseHolds == 0, !pointee.draining {
            drainRetiredNow()
        }
    }

    @inline(never)
    private func drainRetiredNow() {
        pointee.draining = true
        while true {
            if !pointee.retiredNodes.isEmpty {
                pointee.retiredCount &-= 1
                let node = pointee.retiredNodes.pop()
                node.release()
            } else if !pointee.retiredClosures.isEmpty {
                pointee.retiredCount &-= 1
                let closure = pointee.retiredClosures.removeLast()
                withExtendedLifetime(closure) {}
            } else if !pointee.retiredValues.isEmpty {
                pointee.retiredCount &-= 1
                let value = pointee.retiredValues.removeLast()
                withExtendedLifetime(value) {}
            } else {
                break
            }
        }
        pointee.draining = false
        if let liveness = pointee.liveness, liveness.hasWork {
            Graph.deliverLivenessNotices(self)
        }
        if let misuse = pointee.misuse, misuse.hasWork {
            Graph.settleMisuse(self)
        }
    }
}

@usableFromInline
typealias RuntimeRef = UnsafeMutablePointer<Runtime>

/// What identifies the run in progress. A run saves the context it interrupts and
/// restores it when it ends (``Graph/beginRun(_:holdingReleases:mayReleaseEffects:_:)``).
@usableFromInline
struct RunContext {
    /// The node whose run is recording dependencies, if any.
    @usableFromInline var activeSub: Unmanaged<DependentNode>?
    /// The last dependency the recording run has confirmed so far; nil before its first
    /// read.
    @usableFromInline var cursor: LinkPointer?
    /// The effect whose run is innermost; its body is running unless a computed runs
    /// inside it (see `Runtime.bodyRunningEffect`). Computeds leave it as it is.
    @usableFromInline var runningEffect: Unmanaged<EffectNode>?
    /// Computeds evaluating inside that effect's body; a write while it is positive is
    /// a misuse.
    @usableFromInline var computeDepth = 0

    @inlinable
    init(
        activeSub: Unmanaged<DependentNode>? = nil, cursor: LinkPointer? = nil,
        runningEffect: Unmanaged<EffectNode>? = nil, computeDepth: Int = 0
    ) {
        self.activeSub = activeSub
        self.cursor = cursor
        self.runningEffect = runningEffect
        self.computeDepth = computeDepth
    }

    /// Whether no run is in progress: no node recording, no effect, no computed.
    var isEmpty: Bool {
        activeSub == nil && runningEffect == nil && computeDepth == 0
    }
}
