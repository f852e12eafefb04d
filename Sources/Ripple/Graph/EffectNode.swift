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
