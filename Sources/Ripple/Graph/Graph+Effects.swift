// The engine's operations on effects: adopting children, a run, counting runs in a
// flush, disposal, cleanups, and an effect released while it runs or is checked.

extension Graph {
    /// An effect created while another runs belongs to it: the parent keeps it alive
    /// and disposes it before re-running.
    static func adopt(_ child: EffectNode, by parent: EffectNode, _ runtime: RuntimeRef) {
        parent.ensuredExtras.children.append(child)
        child.parent = .passUnretained(parent)
        parent.flags.formUnion(.hasChildren)
    }

    /// Counts a run of `effect` in the current flush; false once it has run 100 times in
    /// it: it is not settling (``stopRunaway(_:_:)``). Runs outside a flush (the first
    /// one) count in none.
    @inline(__always)
    static func countRunInFlush(of effect: EffectNode, _ runtime: RuntimeRef) -> Bool {
        let epoch = runtime.pointee.flushEpoch
        if effect.runStamp != epoch {
            effect.runStamp = epoch
            effect.runsThisFlush = 0
        }
        effect.runsThisFlush &+= 1
        if effect.runsThisFlush >= runLimit { return runLimitReached(effect, runtime) }
        return true
    }

    /// The runs an effect may make in one flush.
    static var runLimit: UInt32 { 100 }

    /// Runs an effect's body, tracking what it reads.
    ///
    /// No reference is taken: user code here may release the effect's last handle, and
    /// its deinit then records the fact (see `releasedWhileExecuting`), so the run
    /// returns without touching it again.
    static func execute(_ effect: EffectNode, _ runtime: RuntimeRef) {
        let identity = UnsafeRawPointer(Unmanaged.passUnretained(effect).toOpaque())
        // `.executing` is set before user code runs: here when children or cleanups
        // run first, otherwise in the same store as the run's other flags.
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
        let outer = beginRun(
            RunContext(activeSub: .passUnretained(effect), runningEffect: .passUnretained(effect)),
            holdingReleases: true, runtime
        )
        beginTracking(effect, runtime, setting: .executing)
        // Moved out of its field for the call and back, bit for bit: called through
        // the field, the closure would be retained and released around every run.
        // Meanwhile (`.running`) only the effect's deinit would destroy the field, and
        // that overwrites it first (`releasedWhileExecuting`).
        let released = withUnsafeMutablePointer(to: &effect.body) { field in
            var body = field.move()
            body.callInPlace()
            if wasReleased(identity, runtime) {
                // Its captures' deinits run at the next drain, not inside the flush.
                runtime.pointee.retire(body)
                return true
            }
            field.initialize(to: body)
            return false
        }
        if !released {
            // No user code runs from here to the end: `.executing` goes with `.running`.
            endTracking(effect, runtime, clearing: .executing)
        }
        endRun(outer, runtime)
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
    static func releasedWhileExecuting(_ effect: EffectNode, _ runtime: RuntimeRef) {
        let identity = UnsafeRawPointer(Unmanaged.passUnretained(effect).toOpaque())
        runtime.pointee.releasedWhileExecuting.append(identity)
        forgetReleasedEffects(runtime)
        if effect.flags.contains(.running) {
            // Its body is running, moved out of the field: the field must not release it.
            withUnsafeMutablePointer(to: &effect.body) { $0.initialize(to: .empty) }
        }
        effect.flags.subtract([.running, .executing])
    }

    /// Clears the run context of effects released during their run; a run ending
    /// inside such an effect's body restores a context that may name it.
    @usableFromInline
    @inline(never)
    static func forgetReleasedEffects(_ runtime: RuntimeRef) {
        for identity in runtime.pointee.releasedWhileExecuting {
            let released = UnsafeMutableRawPointer(mutating: identity)
            if runtime.pointee.run.activeSub?.toOpaque() == released {
                runtime.pointee.run.activeSub = nil
            }
            if runtime.pointee.run.runningEffect?.toOpaque() == released {
                runtime.pointee.run.runningEffect = nil
            }
        }
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

    /// A computed that an effect's pre-run check recomputed released the effect's last
    /// handle: its children and cleanups go now, its links once the walk is over
    /// (``disposeAfterCheck(_:_:)``). Until then an unowned reference keeps its memory,
    /// which the walk still reads; its body is retired, and `deps` is cleared, so that
    /// the rest of its deinitialization leaves the links alone.
    static func releasedDuringCheck(_ effect: EffectNode, _ runtime: RuntimeRef) {
        effectReleasedDuringCheck(effect, runtime)
        if effect.flags.contains(.hasChildren) {
            disposeChildren(of: effect, runtime)
        }
        if effect.flags.contains(.hasCleanups) {
            runCleanups(of: effect, runtime)
        }
        retireBody(of: effect, runtime)
        effect.flags.formUnion(.disposed)
        runtime.pointee.ensuredMisuse.releasedDuringCheck.append(ReleasedEffect(effect: effect, deps: effect.deps))
        effect.deps = nil
    }

    /// Ends an effect that its pre-run check found disposed: cancelled, or released
    /// (``releasedDuringCheck(_:_:)``), whose links go now, and whose memory at the
    /// next drain.
    static func disposeAfterCheck(_ effect: EffectNode, _ runtime: RuntimeRef) {
        let identity = ObjectIdentifier(effect)
        if let misuse = runtime.pointee.misuse,
           let index = misuse.releasedDuringCheck.firstIndex(where: { $0.identity == identity }) {
            let released = misuse.releasedDuringCheck.remove(at: index)
            effect.flags = effect.flags.intersection([.watcher, .effect, .layerBits]).union(.disposed)
            if let deps = released.deps { unlinkChain(deps, runtime) }
            runtime.pointee.retire(value: released)
            return
        }
        dispose(effect, runtime)
    }

    /// Cancels an effect for good: children, cleanups, then its links.
    ///
    /// An effect whose body is running (a child cancelling its parent, say), or whose
    /// pre-run check is walking its links, is only marked; `execute` or `runQueued`
    /// completes the disposal.
    static func dispose(_ effect: EffectNode, _ runtime: RuntimeRef) {
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
        effect.flags = effect.flags.intersection([.watcher, .effect, .queued, .traced, .layerBits]).union(.disposed)
        retireBody(of: effect, runtime)
    }

    /// Lets a disposed effect's body go, with all it captured: at the next drain, so that
    /// the captures' deinits do not run inside the graph.
    @inline(never)
    static func retireBody(of effect: EffectNode, _ runtime: RuntimeRef) {
        withUnsafeMutablePointer(to: &effect.body) { field in
            runtime.pointee.retire(field.move())
            field.initialize(to: .empty)
        }
    }

    /// Disposes the children an effect created in its last run, most recent first,
    /// each one's own children before it.
    static func disposeChildren(of parent: EffectNode, _ runtime: RuntimeRef) {
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

    static func runCleanups(of effect: EffectNode, _ runtime: RuntimeRef) {
        effect.flags.subtract(.hasCleanups)
        guard let extras = effect.extras else { return }
        let cleanups = extras.cleanups
        extras.cleanups = []
        let outer = beginRun(RunContext(computeDepth: runtime.pointee.run.computeDepth), holdingReleases: true, runtime)
        for cleanup in cleanups.reversed() {
            cleanup()
        }
        endRun(outer, runtime)
    }

    /// A parent effect runs before its queued children: its re-run may dispose them.
    @inline(never)
    static func runQueuedAncestors(of effect: EffectNode, _ runtime: RuntimeRef) {
        while let ancestor = outermostQueuedAncestor(of: effect) {
            ancestor._withUnsafeGuaranteedRef { $0.runInFlush(runtime) }
        }
    }

    private static func outermostQueuedAncestor(of effect: EffectNode) -> Unmanaged<EffectNode>? {
        var found: Unmanaged<EffectNode>?
        var cursor = effect.parent
        while let owner = cursor {
            if owner._withUnsafeGuaranteedRef({ $0.flags.contains(.queued) }) { found = owner }
            cursor = owner._withUnsafeGuaranteedRef { $0.parent }
        }
        return found
    }
}

/// An effect released during its pre-run check, until the flush ends its disposal: the
/// unowned reference keeps its memory (it is never read: the object is deinitialized),
/// and the links it had.
struct ReleasedEffect {
    private unowned let memory: EffectNode
    let identity: ObjectIdentifier
    let deps: LinkPointer?

    init(effect: EffectNode, deps: LinkPointer?) {
        memory = effect
        identity = ObjectIdentifier(effect)
        self.deps = deps
    }
}
