extension Graph {
    // MARK: The run context

    /// Starts a run in `context`; returns the context it interrupts, for ``exitRun(_:_:)``.
    /// Effects, tracking scopes, cleanups and `onChange` runs go through here; a
    /// computed's run saves less (``beginComputing(_:_:)``).
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

    /// What a computed's run replaces. Recomputes are the hot path, and a computed's
    /// run changes only the recording subscriber and the cursor, and deepens the
    /// compute depth: just those are saved and restored. The effect whose body is
    /// running stays recorded; with `computeDepth` above zero nothing treats it as the
    /// body's (no adoption, no `onCleanup`).
    @usableFromInline
    struct ComputedRun {
        @usableFromInline let outerSub: Unmanaged<DependentNode>?
        @usableFromInline let outerCursor: LinkPointer?

        @inlinable
        init(outerSub: Unmanaged<DependentNode>?, outerCursor: LinkPointer?) {
            self.outerSub = outerSub
            self.outerCursor = outerCursor
        }
    }

    @inlinable
    @inline(__always)
    static func beginComputing(_ node: DependentNode, _ runtime: RuntimeRef) -> ComputedRun {
        let run = ComputedRun(outerSub: runtime.pointee.run.activeSub, outerCursor: runtime.pointee.run.cursor)
        runtime.pointee.run.activeSub = .passUnretained(node)
        runtime.pointee.run.computeDepth &+= 1
        // No release hold of its own: a computed recomputes only inside a walk or a
        // flush, which hold releases back already.
        assert(runtime.pointee.releaseHolds > 0, "a computed recomputes only inside a walk or a flush")
        beginTracking(node, runtime)
        return run
    }

    @inlinable
    @inline(__always)
    static func endComputing(_ node: DependentNode, _ run: ComputedRun, _ runtime: RuntimeRef) {
        runtime.pointee.run.computeDepth &-= 1
        runtime.pointee.run.activeSub = run.outerSub
        endTracking(node, runtime)
        runtime.pointee.run.cursor = run.outerCursor
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
