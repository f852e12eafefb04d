extension Graph {
    // MARK: The run bracket

    /// A run in progress: the context it interrupted, whether it holds releases back,
    /// and whether its user code may release an effect that the interrupted context
    /// names. Made by ``beginRun(_:holdingReleases:mayReleaseEffects:_:)``, ended by
    /// ``endRun(_:_:)``.
    @usableFromInline
    struct OpenRun {
        @usableFromInline let outer: RunContext
        @usableFromInline let holdsReleases: Bool
        @usableFromInline let mayReleaseEffects: Bool

        @inlinable
        init(outer: RunContext, holdsReleases: Bool, mayReleaseEffects: Bool) {
            self.outer = outer
            self.holdsReleases = holdsReleases
            self.mayReleaseEffects = mayReleaseEffects
        }
    }

    /// Starts a run in `context`. Every run opens and closes through this pair (an
    /// effect's body, a tracking scope's apply, cleanups, hooks, `untracked`, a flush
    /// inside a run) except a computed's recompute, whose ``beginComputing(_:_:)``
    /// makes the same ``OpenRun`` but changes only three fields. A run that calls user
    /// code able to release nodes holds releases back until it ends
    /// (`holdingReleases`).
    @inlinable
    @inline(__always)
    static func beginRun(
        _ context: RunContext, holdingReleases: Bool = false, mayReleaseEffects: Bool = true, _ runtime: RuntimeRef
    ) -> OpenRun {
        let outer = runtime.pointee.run
        runtime.pointee.run = context
        if holdingReleases { runtime.pointee.releaseHolds &+= 1 }
        return OpenRun(outer: outer, holdsReleases: holdingReleases, mayReleaseEffects: mayReleaseEffects)
    }

    /// Ends a run: the interrupted one resumes, without an effect released meanwhile
    /// (an effect body that dropped its own last handle in an `untracked` block).
    @inlinable
    @inline(__always)
    static func endRun(_ run: OpenRun, _ runtime: RuntimeRef) {
        if run.holdsReleases { runtime.pointee.releaseHolds &-= 1 }
        runtime.pointee.run = run.outer
        if run.mayReleaseEffects, !runtime.pointee.releasedWhileExecuting.isEmpty {
            forgetReleasedEffects(runtime)
        }
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

    /// Starts a recompute of `node`: it records, inside the effect whose body is
    /// running, if any, one compute level deeper (no adoption, no `onCleanup`).
    ///
    /// The hottest run, so it sets and restores only the three fields it changes: the
    /// running effect stays, and releasing an effect while a computed evaluates is a
    /// misuse the effect's deinit reports, so ``endRun(_:_:)`` has nothing to check.
    @inlinable
    @inline(__always)
    static func beginComputing(_ node: DependentNode, _ runtime: RuntimeRef) -> OpenRun {
        assert(runtime.pointee.releaseHolds > 0, "a computed recomputes only inside a walk or a flush")
        let run = OpenRun(outer: runtime.pointee.run, holdsReleases: false, mayReleaseEffects: false)
        runtime.pointee.run.activeSub = .passUnretained(node)
        runtime.pointee.run.computeDepth &+= 1
        beginTracking(node, runtime)
        return run
    }

    /// Ends a recompute: the outer subscriber is back before the unconfirmed links go
    /// (which reads only the cursor), so that fewer values stay live across it.
    @inlinable
    @inline(__always)
    static func endComputing(_ node: DependentNode, _ run: OpenRun, _ runtime: RuntimeRef) {
        runtime.pointee.run.computeDepth &-= 1
        runtime.pointee.run.activeSub = run.outer.activeSub
        endTracking(node, runtime)
        runtime.pointee.run.cursor = run.outer.cursor
    }

    // MARK: A relay's runs

    /// Runs `body` recording what it reads into `relay` (its links from the run before
    /// are confirmed or dropped), as a computed's recompute does.
    @inlinable
    @inline(__always)
    static func evaluate<Relay: RelayNode, Result>(
        _ relay: Relay, _ runtime: RuntimeRef, _ body: () -> Result
    ) -> Result {
        let outer = beginComputing(relay, runtime)
        let result = body()
        endComputing(relay, outer, runtime)
        return result
    }

    /// Starts a pass that records into `relay` what several evaluations read, keeping
    /// the union: an evaluation that reads nothing drops nothing. Each evaluation starts
    /// with ``restartMatching(_:)``, so that a dependency read by every one is confirmed
    /// in place instead of linked again.
    @inlinable
    @inline(__always)
    static func beginAccumulating(_ relay: RelayNode, _ runtime: RuntimeRef) -> OpenRun {
        beginComputing(relay, runtime)
    }

    /// The next evaluation of an accumulating pass matches its reads from the front.
    @inlinable
    @inline(__always)
    static func restartMatching(_ runtime: RuntimeRef) {
        runtime.pointee.run.cursor = nil
    }

    /// Ends an accumulating pass, keeping every link it did not confirm.
    @inlinable
    @inline(__always)
    static func endAccumulating(_ relay: RelayNode, _ run: OpenRun, _ runtime: RuntimeRef) {
        runtime.pointee.run.computeDepth &-= 1
        runtime.pointee.run.activeSub = run.outer.activeSub
        relay.flags.remove(.running)
        runtime.pointee.run.cursor = run.outer.cursor
    }

    /// Stops `relay` following what it read: it is about to follow something else.
    @usableFromInline
    static func resetRelay(_ relay: RelayNode, _ runtime: RuntimeRef) {
        unlinkAll(relay, runtime)
        relay.flags.subtract(.stale)
    }

    /// Hands `object` to the runtime, to be released at the next drain, outside any
    /// walk.
    @usableFromInline
    static func releaseLater(_ object: AnyObject, _ runtime: RuntimeRef) {
        runtime.pointee.retire(value: object)
    }

    // MARK: Not tracking

    /// Starts an `untracked` block: the run goes on, recording nothing.
    @usableFromInline
    static func beginUntracked() -> OpenRun {
        let runtime = Runtime.current
        var context = runtime.pointee.run
        context.activeSub = nil
        return beginRun(context, runtime)
    }

    @usableFromInline
    static func endUntracked(_ run: OpenRun) {
        endRun(run, Runtime.current)
    }
}
