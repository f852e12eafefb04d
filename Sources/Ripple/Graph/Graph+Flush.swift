internal import RippleThreadLocal

extension Graph {
    /// Runs queued effects and tracking scopes until the graph settles, then calls the
    /// watchers that asked to run once it is over.
    ///
    /// Called when the outermost write, batch or effect run ends. Everything that runs
    /// here runs inside a batch: what effect bodies and cleanups write propagates after
    /// each body, queueing more work instead of nesting.
    static func flush(_ runtime: RuntimeRef) {
        guard !runtime.pointee.flushing else { return }
        if let mailbox = runtime.pointee.existingMailbox, mailbox.hasPosts {
            mailbox.deliver()
        }
        guard !runtime.pointee.queue.isEmpty || !runtime.pointee.log.isEmpty else { return }
        runtime.pointee.flushing = true
        beginBatch(runtime)
        runtime.pointee.releaseHolds &+= 1
        runtime.pointee.flushEpoch &+= 1
        if let wrapper = ripple_flush_wrapper_get() {
            // The layer above asked to wrap the work that runs user code.
            wrapper({ runtime in
                Graph.runQueueOutsideAnyRun(runtime.unsafelyUnwrapped.assumingMemoryBound(to: Runtime.self))
            }, runtime)
        } else {
            runQueueOutsideAnyRun(runtime)
        }
        runtime.pointee.releaseHolds &-= 1
        runtime.pointee.batchDepth &-= 1
        runtime.pointee.flushing = false
        runtime.drainRetired()
        if !runtime.pointee.afterFlush.isEmpty {
            callWatchersAfterFlush(runtime)
        }
    }

    @inline(__always)
    private static func runQueueOutsideAnyRun(_ runtime: RuntimeRef) {
        if runtime.pointee.run.isEmpty {
            runQueue(runtime)
        } else {
            runQueueOutsideRun(runtime)
        }
    }

    /// A flush that ends inside a run (an effect created in a computed or in a tracking
    /// scope's block) runs its queue outside it: watchers rely on an empty run context.
    @inline(never)
    private static func runQueueOutsideRun(_ runtime: RuntimeRef) {
        let outer = beginRun(RunContext(), runtime)
        runQueue(runtime)
        endRun(outer, runtime)
    }

    /// Inlined into `flush`, which every outermost write runs: one call, not two.
    @inline(__always)
    private static func runQueue(_ runtime: RuntimeRef) {
        while true {
            // What the last effect body wrote propagates first, queueing its readers.
            if !runtime.pointee.log.isEmpty {
                propagateBatchLog(runtime)
            }
            guard let entry = runtime.pointee.queue.popFirst() else { return }
            // Unowned on purpose: an effect keeps itself alive only while its body runs
            // (see `execute`), so skipping one costs no reference counting.
            entry._withUnsafeGuaranteedRef { runIfStillQueued($0, runtime) }
        }
    }

    /// Gives a queued watcher its turn: effects, the bulk of the queue, directly; the
    /// others through their class. Through `Unmanaged`, so that no build retains the
    /// node: its run may release the last handle, and must see that happen (`execute`).
    @inline(__always)
    static func runIfStillQueued(_ node: DependentNode, _ runtime: RuntimeRef) {
        let flags = node.flags
        guard flags.contains(.queued) else { return }
        assert(flags.contains(.watcher), "only watchers are queued")
        let entry = Unmanaged.passUnretained(node).toOpaque()
        if flags.contains(.effect) {
            Unmanaged<EffectNode>.fromOpaque(entry)._withUnsafeGuaranteedRef { $0.runInFlush(runtime) }
        } else {
            Unmanaged<WatcherNode>.fromOpaque(entry)._withUnsafeGuaranteedRef { $0.runQueued(runtime) }
        }
    }

    /// Has `watcher` called (``WatcherNode/flushDidEnd()``) once the current flush has
    /// ended, outside any batch.
    static func callAfterFlush(_ watcher: WatcherNode, _ runtime: RuntimeRef) {
        watcher.flags.formUnion(.awaitsFlushEnd)
        runtime.pointee.afterFlush.append(.passUnretained(watcher))
    }

    /// Calls the watchers that asked, in order. What they write is a transaction of its
    /// own, whose own requests join the end of the list.
    private static func callWatchersAfterFlush(_ runtime: RuntimeRef) {
        guard !runtime.pointee.callingAfterFlush else { return }
        runtime.pointee.callingAfterFlush = true
        var index = 0
        while index < runtime.pointee.afterFlush.count {
            let entry = runtime.pointee.afterFlush[index]
            runtime.pointee.afterFlush[index] = nil
            index += 1
            // Held for the call, which may drop the last other reference.
            guard let watcher = entry?.takeUnretainedValue() else { continue }
            watcher.flags.subtract(.awaitsFlushEnd)
            watcher.flushDidEnd()
        }
        runtime.pointee.afterFlush.removeAll(keepingCapacity: true)
        runtime.pointee.callingAfterFlush = false
    }

    // MARK: Batches

    /// Opens one level of batching: a `batch`, an effect's creation or cancel. Writes
    /// inside are logged and effects wait for the outermost ``endBatch(_:)``.
    @inlinable
    @inline(__always)
    static func beginBatch(_ runtime: RuntimeRef) {
        runtime.pointee.batchDepth &+= 1
    }

    /// Ends one level of batching; the outermost end runs what was queued.
    @usableFromInline
    @inline(__always)
    static func endBatch(_ runtime: RuntimeRef) {
        runtime.pointee.batchDepth &-= 1
        flushIfOutermost(runtime)
    }

    /// Runs what a change queued, unless a batch is open: after a batch's end, an
    /// in-place mutation, a tracking scope's apply, a change Observation reported.
    /// (A plain write, which has already checked that no batch is open, flushes
    /// directly: ``didWrite(_:_:)``.)
    @usableFromInline
    @inline(__always)
    static func flushIfOutermost(_ runtime: RuntimeRef) {
        if runtime.pointee.batchDepth == 0,
           !runtime.pointee.queue.isEmpty || !runtime.pointee.log.isEmpty || runtime.pointee.existingMailbox != nil {
            flush(runtime)
        }
    }
}
