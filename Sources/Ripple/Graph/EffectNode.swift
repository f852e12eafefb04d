internal import RippleThreadLocal

/// The engine's effect: a body run with tracking, again after anything it read
/// changes; the children it created, its cleanups, and the count of its runs.
///
/// Public only because ``Effect`` inherits from it; it has no public members.
@_documentation(visibility: internal)
public class EffectNode: WatcherNode {
    /// Emptied when the effect is disposed, so that a cancelled effect no longer keeps
    /// its captures (often a cycle back to its own handle) alive.
    @exclusivity(unchecked) var body: StoredClosure
    /// What few effects have: a name, cleanups, children. Allocated on first need.
    @exclusivity(unchecked) var extras: EffectExtras?
    /// The effect that created this one during its run, if any; unowned (the parent owns
    /// its children and clears this when it disposes them).
    @exclusivity(unchecked) var parent: Unmanaged<EffectNode>?
    /// The call site's `#fileID` (null-terminated, as every pointer-backed
    /// `StaticString` is) and line, for diagnostics: 12 bytes where a `StaticString` and
    /// a `UInt` take 24, which keeps an effect in an 88-byte allocation.
    private let fileStart: UnsafePointer<UInt8>
    private let line: UInt32
    @exclusivity(unchecked) var runsThisFlush: UInt32 = 0
    private let releaseDrain = ReleaseDrain()

    /// The flush the effect last ran in. An effect has no value, so nothing reads its
    /// version: the field holds this instead.
    var runStamp: UInt32 {
        get { version }
        set { version = newValue }
    }

    /// Creates the effect and runs `body` once: it belongs to the effect whose body is
    /// running, if any. Inlined, so that `body` is moved in, not copied.
    @inline(__always)
    init(name: String?, file: StaticString, line: UInt, body: __owned @escaping () -> Void) {
        self.body = StoredClosure(call: body)
        if let name { extras = EffectExtras(name: name) }
        // `#fileID` is always a pointer; a single-scalar literal is not, and names no file.
        let site: StaticString = file.hasPointerRepresentation ? file : "(unknown file)"
        self.fileStart = site.utf8Start
        self.line = UInt32(clamping: line)
        super.init(flags: [.effect, .dirty])
        let runtime = Runtime.current
        Graph.beginBatch(runtime)
        if let parent = runtime.pointee.bodyRunningEffect {
            parent._withUnsafeGuaranteedRef { Graph.adopt(self, by: $0, runtime) }
        }
        if ripple_trace_all_get() != 0 {
            Graph.executeFirstTraced(self, runtime)
        } else {
            Graph.execute(self, runtime)
        }
        Graph.endBatch(runtime)
        runtime.drainRetired()
    }

    deinit {
        let runtime = Runtime.current
        if flags.contains(.checking) {
            // A computed its pre-run check recomputes released it (a misuse): the walk
            // goes on over this memory, which an unowned reference keeps, and the flush
            // finishes the disposal.
            Graph.releasedDuringCheck(self, runtime)
            return
        }
        if flags.contains(.executing) {
            // Its own body, cleanup or child released the last handle during its run:
            // the run stops tracking into it and, once back, stops touching it (the
            // run holds the body meanwhile, and retires it).
            Graph.releasedWhileExecuting(self, runtime)
        }
        if !flags.contains(.disposed) {
            Graph.beginBatch(runtime)
            Graph.dispose(self, runtime)
            Graph.endBatch(runtime)
        }
    }

    var displayName: String {
        if let name = extras?.name { return "'\(name)'" }
        return "created at \(siteDescription)"
    }

    /// Where the effect was created: `File.swift:12`.
    var siteDescription: String {
        "\(String(cString: fileStart)):\(line)"
    }

    /// The effect's extras, allocated now if it has none yet.
    var ensuredExtras: EffectExtras {
        if let extras { return extras }
        let created = EffectExtras(name: nil)
        extras = created
        return created
    }

    /// Stops the effect for good; a run or check in progress finishes first.
    @inline(__always)
    final func cancel(_ runtime: RuntimeRef) {
        guard !flags.contains(.disposed) else { return }
        if !flags.isDisjoint(with: [.running, .checking]) {
            // Cancelled from its own body, or while deciding whether to run: that
            // finishes first, and its links stay intact meanwhile.
            flags.formUnion(.disposed)
            return
        }
        Graph.beginBatch(runtime)
        Graph.dispose(self, runtime)
        Graph.endBatch(runtime)
        runtime.drainRetired()
    }

    /// Registers `cleanup`, to run before the next run and on cancel.
    final func addCleanup(_ cleanup: @escaping () -> Void) {
        ensuredExtras.cleanups.append(cleanup)
        flags.formUnion(.hasCleanups)
    }

    /// Its turn in the flush: a parent queued too runs first (its re-run may dispose
    /// this one); an effect only pending checks its dependencies before running.
    /// Nothing retains the effect here: user code may release its last handle, and the
    /// run must see that happen (`execute`). Inlined into the flush's loop.
    @inline(__always)
    final func runInFlush(_ runtime: RuntimeRef) {
        if parent != nil {
            Graph.runQueuedAncestors(of: self, runtime)
            guard flags.contains(.queued) else { return }
        }
        flags.subtract(.queued)
        // `traced` shares the test with `disposed`; an untraced effect then tests the
        // local once more at each exit.
        let traced = !flags.isDisjoint(with: [.disposed, .traced])
        if traced {
            if flags.contains(.disposed) { return }
            Graph.holdForTrace(self, runtime)
        }
        if !flags.contains(.dirty) {
            guard flags.contains(.pending) else { return }
            // `checking` stays set until the decision is made: a cancel waits for it, and
            // so does a release (see `deinit`).
            let dirty = Graph.checkDirty(self, runtime, keepsRootChecking: true)
            // `remove`, a full-width store: the run reads the flags next (see `NodeFlags`).
            flags.remove(.checking)
            if flags.contains(.disposed) {
                // Cancelled, or released, by a computed the check recomputed: it never
                // runs again.
                Graph.disposeAfterCheck(self, runtime)
                return
            }
            guard dirty else {
                if traced { Graph.traceDecided(self, runs: false, runtime) }
                flags.subtract(.pending)
                return
            }
        }
        guard Graph.countRunInFlush(of: self, runtime) else {
            Graph.stopRunaway(self, runtime)
            return
        }
        Graph.execute(self, runtime)
        if traced { Graph.traceDecided(self, runs: true, runtime) }
    }
}

/// The state only some effects have, kept out of line so that every effect stays small.
final class EffectExtras {
    let name: String?
    /// Run before the next run and on cancel, most recent first; `.hasCleanups` is set
    /// while any are registered.
    var cleanups: [() -> Void] = []
    /// The effects created during the last run, which the effect owns; `.hasChildren`
    /// is set while any are.
    var children: [EffectNode] = []

    init(name: String?) {
        self.name = name
    }
}

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
