extension Graph {
    // MARK: The run context

    /// Starts a run in `context`; returns the context it interrupts, for ``exitRun(_:_:)``.
    @inlinable
    @inline(__always)
    static func enterRun(_ context: RunContext, _ runtime: RuntimeRef) -> RunContext {
        let outer = runtime.pointee.run
        runtime.pointee.run = context
        return outer
    }

    /// Ends a run: the interrupted one resumes.
    @inlinable
    @inline(__always)
    static func exitRun(_ outer: RunContext, _ runtime: RuntimeRef) {
        runtime.pointee.run = outer
    }

    // MARK: Tracking a run

    /// Starts a run of `sub`: reads are matched against the previous run's links,
    /// in order, from the front. The caller saved the cursor of the run it interrupts.
    /// `extra` flags are set in the same store.
    @inlinable
    static func beginTracking(_ sub: DependentNode, _ runtime: RuntimeRef, setting extra: NodeFlags = []) {
        runtime.pointee.run.cursor = nil
        var flags = sub.flags
        flags.formSymmetricDifference(.parity)
        flags.subtract(.stale)
        flags.formUnion(extra.union(.running))
        sub.flags = flags
    }

    /// Ends a run of `sub`: links the run did not confirm are removed. `extra` flags are
    /// cleared in the same store as `running`.
    @inlinable
    @inline(__always)
    static func endTracking(_ sub: DependentNode, _ runtime: RuntimeRef, clearing extra: NodeFlags = []) {
        if extra.isEmpty {
            // `remove`, a full-width store: the caller reads the flags next (see `NodeFlags`).
            sub.flags.remove(.running)
        } else {
            sub.flags.subtract(extra.union(.running))
        }
        let unconfirmed = runtime.pointee.run.cursor.map { $0.pointee.nextDep } ?? sub.deps
        if unconfirmed != nil {
            removeUnconfirmed(sub, runtime)
        }
    }

    @usableFromInline
    static func removeUnconfirmed(_ sub: DependentNode, _ runtime: RuntimeRef) {
        let stale: LinkPointer?
        if let tail = runtime.pointee.run.cursor {
            stale = tail.pointee.nextDep
            tail.pointee.nextDep = nil
        } else {
            stale = sub.deps
            sub.deps = nil
        }
        if let stale {
            unlinkChain(stale, runtime)
        }
    }

    // MARK: A computed's run

    /// Starts a computed's run: its reads become its dependencies. The effect whose body
    /// is running stays recorded: with `computeDepth` above zero nothing treats it as
    /// the body's (no adoption, no `onCleanup`).
    @inlinable
    @inline(__always)
    static func beginComputing(_ node: DependentNode, _ runtime: RuntimeRef) -> RunContext {
        let outer = runtime.pointee.run
        runtime.pointee.run = RunContext(
            activeSub: .passUnretained(node), runningEffect: outer.runningEffect, computeDepth: outer.computeDepth &+ 1
        )
        // No release hold of its own: a computed recomputes only inside a walk or a
        // flush, which hold releases back already.
        assert(runtime.pointee.releaseHolds > 0, "a computed recomputes only inside a walk or a flush")
        beginTracking(node, runtime)
        return outer
    }

    @inlinable
    @inline(__always)
    static func endComputing(_ node: DependentNode, _ outer: RunContext, _ runtime: RuntimeRef) {
        endTracking(node, runtime)
        runtime.pointee.run = outer
    }

    // MARK: Not tracking

    /// Stops recording reads until ``resumeTracking(_:)``: `untracked`.
    @usableFromInline
    static func suspendTracking() -> Unmanaged<DependentNode>? {
        let runtime = Runtime.current
        let saved = runtime.pointee.run.activeSub
        runtime.pointee.run.activeSub = nil
        return saved
    }

    @usableFromInline
    static func resumeTracking(_ saved: Unmanaged<DependentNode>?) {
        Runtime.current.pointee.run.activeSub = saved
    }
}
