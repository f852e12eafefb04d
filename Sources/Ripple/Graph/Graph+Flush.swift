extension Graph {
    /// Runs queued effects and tracking scopes until the graph settles.
    ///
    /// Called when the outermost write, batch or effect run ends. Everything that runs
    /// here runs inside a batch: what effect bodies and cleanups write propagates after
    /// each body, queueing more work instead of nesting.
    static func flush(_ runtime: RuntimeRef) {
        guard !runtime.pointee.flushing else { return }
        if let inbox = runtime.pointee.existingInbox, inbox.hasPosts {
            inbox.deliver()
        }
        guard !runtime.pointee.queue.isEmpty || !runtime.pointee.log.isEmpty else { return }
        runtime.pointee.flushing = true
        runtime.pointee.batchDepth &+= 1
        runtime.pointee.busy &+= 1
        runtime.pointee.flushEpoch &+= 1
        EnvironmentScope.isolatingAmbient { runQueue(runtime) }
        runtime.pointee.busy &-= 1
        runtime.pointee.batchDepth &-= 1
        runtime.pointee.flushing = false
        runtime.drainRetired()
        if !runtime.pointee.observationNotices.isEmpty {
            ObservationWatcher.notifyObservation(runtime)
        }
    }

    private static func runQueue(_ runtime: RuntimeRef) {
        while true {
            // What the last effect body wrote propagates first, queueing its readers.
            if !runtime.pointee.log.isEmpty {
                resolveBatchLog(runtime)
            }
            guard let entry = runtime.pointee.queue.popFirst() else { return }
            // Unowned on purpose: an effect keeps itself alive only while its body runs
            // (see `execute`), so skipping one costs no reference counting.
            entry._withUnsafeGuaranteedRef { runIfStillQueued($0, runtime) }
        }
    }

    /// Inlined into the queue's loop; the walk up a child effect's parents is not.
    @inline(__always)
    private static func runIfStillQueued(_ node: DependentNode, _ runtime: RuntimeRef) {
        guard node.flags.contains(.queued) else { return }
        // Only effects and tracking scopes are queued: one branch on the kind, then a
        // direct call, where a class method's dispatch kept both runs out of line.
        // Through `Unmanaged`, so that no build retains the node: its run may release
        // the last handle, and must see that happen (`Graph.execute`).
        let entry = Unmanaged.passUnretained(node).toOpaque()
        if node.flags.contains(.effect) {
            Unmanaged<Effect>.fromOpaque(entry)._withUnsafeGuaranteedRef { effect in
                if effect.parent != nil {
                    runQueuedAncestors(of: effect, runtime)
                    guard effect.flags.contains(.queued) else { return }
                }
                effect.flags.subtract(.queued)
                effect.runQueued(runtime)
            }
        } else if node.flags.contains(.tracker) {
            Unmanaged<TrackingScope>.fromOpaque(entry)._withUnsafeGuaranteedRef { scope in
                scope.flags.subtract(.queued)
                scope.runQueued(runtime)
            }
        } else {
            assert(node.flags.contains(.observer), "only effects, tracking scopes and watchers are queued")
            Unmanaged<ObservationWatcher>.fromOpaque(entry)._withUnsafeGuaranteedRef { watcher in
                watcher.flags.subtract(.queued)
                watcher.runQueued(runtime)
            }
        }
    }

    /// A parent effect runs before its queued children: its re-run may dispose them.
    @inline(never)
    private static func runQueuedAncestors(of effect: Effect, _ runtime: RuntimeRef) {
        while let ancestor = outermostQueuedAncestor(of: effect) {
            ancestor._withUnsafeGuaranteedRef { runIfStillQueued($0, runtime) }
        }
    }

    private static func outermostQueuedAncestor(of effect: Effect) -> Unmanaged<Effect>? {
        var found: Unmanaged<Effect>?
        var cursor = effect.parent
        while let owner = cursor {
            if owner._withUnsafeGuaranteedRef({ $0.flags.contains(.queued) }) { found = owner }
            cursor = owner._withUnsafeGuaranteedRef { $0.parent }
        }
        return found
    }

    /// Ends one level of batching; the outermost end flushes.
    @usableFromInline
    static func endBatch(_ runtime: RuntimeRef) {
        runtime.pointee.batchDepth &-= 1
        if runtime.pointee.batchDepth == 0 {
            flush(runtime)
        }
    }

    /// Ends a batch that usually leaves nothing queued: an effect's creation, cancel or
    /// release. The emptiness check is inlined here; `flush` makes it only after its
    /// prologue, about 20 instructions per call.
    @inline(__always)
    static func endQuietBatch(_ runtime: RuntimeRef) {
        runtime.pointee.batchDepth &-= 1
        if runtime.pointee.batchDepth == 0,
           !runtime.pointee.queue.isEmpty || !runtime.pointee.log.isEmpty {
            flush(runtime)
        }
    }
}
