extension Graph {
    /// An effect created while another runs belongs to it: the parent keeps it alive
    /// and disposes it before re-running.
    static func adopt(_ child: Effect, by parent: Effect, _ runtime: RuntimeRef) {
        parent.ensuredExtras.children.append(child)
        child.parent = .passUnretained(parent)
        parent.flags.formUnion(.hasChildren)
    }

    /// Runs an effect's body, tracking what it reads.
    ///
    /// No reference is taken: user code here may release the effect's last handle, and
    /// its deinit then records the fact (see `releasedWhileExecuting`), so the run
    /// returns without touching it again.
    static func execute(_ effect: Effect, _ runtime: RuntimeRef) {
        let identity = UnsafeRawPointer(Unmanaged.passUnretained(effect).toOpaque())
        countRun(of: effect, runtime)
        // `.executing` is set before user code runs. Without children or cleanups that
        // is the body, and it is set with the run's other flags: one store, where a
        // separate one-byte store followed by the full-width load of `beginTracking`
        // stalled store-to-load forwarding.
        if !effect.flags.isDisjoint(with: [.hasChildren, .hasCleanups]) {
            effect.flags.formUnion(.executing)
            if effect.flags.contains(.hasChildren) {
                disposeChildren(of: effect, runtime)
                if wasReleased(identity, runtime) { return }
            }
            if effect.flags.contains(.hasCleanups) {
                runCleanups(of: effect, runtime)
                if wasReleased(identity, runtime) { return }
                if effect.flags.contains(.disposed) {
                    effect.flags.subtract(.executing)
                    return
                }
            }
        }
        let outerSub = runtime.pointee.activeSub
        let outerEffect = runtime.pointee.runningEffect
        let outerComputeDepth = runtime.pointee.computeDepth
        let outerCursor = runtime.pointee.cursor
        runtime.pointee.activeSub = .passUnretained(effect)
        runtime.pointee.runningEffect = .passUnretained(effect)
        runtime.pointee.computeDepth = 0
        runtime.pointee.busy &+= 1
        beginTracking(effect, runtime, setting: .executing)
        effect.body()
        let released = wasReleased(identity, runtime)
        if !released {
            // No user code runs from here to the end: `.executing` goes with `.running`.
            endTracking(effect, runtime, clearing: .executing)
        }
        runtime.pointee.cursor = outerCursor
        runtime.pointee.busy &-= 1
        runtime.pointee.computeDepth = outerComputeDepth
        runtime.pointee.runningEffect = outerEffect
        runtime.pointee.activeSub = outerSub
        if released { return }
        if effect.flags.contains(.disposed) {
            // Cancelled from its own body.
            dispose(effect, runtime)
        } else if !effect.flags.isDisjoint(with: .stale) {
            // It wrote something it had read: revisit it once this run's writes settle.
            enqueue(effect, runtime)
        }
    }

    /// An executing effect is being deinitialized: reads no longer track into it, new
    /// effects no longer become its children, and its run will find out.
    static func releasedWhileExecuting(_ effect: Effect, _ runtime: RuntimeRef) {
        let identity = UnsafeRawPointer(Unmanaged.passUnretained(effect).toOpaque())
        runtime.pointee.releasedWhileExecuting.append(identity)
        if runtime.pointee.activeSub?.toOpaque() == UnsafeMutableRawPointer(mutating: identity) {
            runtime.pointee.activeSub = nil
        }
        if runtime.pointee.runningEffect?.toOpaque() == UnsafeMutableRawPointer(mutating: identity) {
            runtime.pointee.runningEffect = nil
        }
        effect.flags.subtract([.running, .executing])
    }

    /// Whether the effect with this identity was released during its run (the entry is
    /// consumed). An address reused by a newer object cannot confuse it: the entry is
    /// only there if the effect that had the address died.
    @inline(__always)
    private static func wasReleased(_ identity: UnsafeRawPointer, _ runtime: RuntimeRef) -> Bool {
        guard !runtime.pointee.releasedWhileExecuting.isEmpty else { return false }
        guard let index = runtime.pointee.releasedWhileExecuting.firstIndex(of: identity) else { return false }
        runtime.pointee.releasedWhileExecuting.remove(at: index)
        return true
    }

    @inline(__always)
    private static func countRun(of effect: Effect, _ runtime: RuntimeRef) {
        // A run outside a flush (the first one) belongs to the flush that follows it.
        let epoch = runtime.pointee.flushing ? runtime.pointee.flushEpoch : runtime.pointee.flushEpoch &+ 1
        if effect.runStamp != epoch {
            effect.runStamp = epoch
            effect.runsThisFlush = 0
        }
        effect.runsThisFlush &+= 1
        if effect.runsThisFlush > 100 { neverSettles(effect) }
    }

    private static func neverSettles(_ effect: Effect) -> Never {
        fatalError("""
            Ripple: effect \(effect.displayName) ran 101 times in one flush: it keeps \
            writing state it reads, so the graph never settles (a loop). Write only \
            when the value really differs, or derive the value with a Computed.
            """)
    }

    /// Cancels an effect for good: children, cleanups, then its links.
    ///
    /// An effect whose body is running (a child cancelling its parent, say), or whose
    /// pre-run check is walking its links, is only marked; `execute` or `runQueued`
    /// completes the disposal.
    static func dispose(_ effect: Effect, _ runtime: RuntimeRef) {
        if !effect.flags.isDisjoint(with: [.running, .checking]) {
            effect.flags.formUnion(.disposed)
            return
        }
        if effect.flags.contains(.hasChildren) {
            disposeChildren(of: effect, runtime)
        }
        if effect.flags.contains(.hasCleanups) {
            runCleanups(of: effect, runtime)
        }
        unlinkAll(effect, runtime)
        effect.flags = effect.flags.intersection([.effect, .queued]).union(.disposed)
    }

    /// Disposes the children an effect created in its last run, most recent first,
    /// each one's own children before it.
    private static func disposeChildren(of parent: Effect, _ runtime: RuntimeRef) {
        parent.flags.subtract(.hasChildren)
        guard let extras = parent.extras else { return }
        let children = extras.children
        extras.children = []
        for child in children.reversed() {
            child.parent = nil
            if !child.flags.contains(.disposed) {
                dispose(child, runtime)
            }
        }
        // Released at the next drain: a child's deinit must not run inside this walk.
        runtime.pointee.retire(value: children)
    }

    private static func runCleanups(of effect: Effect, _ runtime: RuntimeRef) {
        effect.flags.subtract(.hasCleanups)
        guard let extras = effect.extras else { return }
        let cleanups = extras.cleanups
        extras.cleanups = []
        let outerSub = runtime.pointee.activeSub
        let outerEffect = runtime.pointee.runningEffect
        runtime.pointee.activeSub = nil
        runtime.pointee.runningEffect = nil
        runtime.pointee.busy &+= 1
        for cleanup in cleanups.reversed() {
            cleanup()
        }
        runtime.pointee.busy &-= 1
        runtime.pointee.runningEffect = outerEffect
        runtime.pointee.activeSub = outerSub
    }
}
