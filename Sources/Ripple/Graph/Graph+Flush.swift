extension Graph {
    /// Runs queued effects and tracking scopes until the graph settles.
    ///
    /// Called when the outermost write, batch or effect run ends. Everything that runs
    /// here runs inside a batch, so writes made by effect bodies and cleanups queue
    /// more work instead of nesting. At the end the batch log is resolved: sources
    /// written in a batch that nobody revalidated tell their subscribers whether they
    /// really changed.
    static func flush(_ runtime: RuntimeRef) {
        guard !runtime.pointee.flushing else { return }
        runtime.pointee.flushing = true
        runtime.pointee.batchDepth += 1
        runtime.pointee.busy += 1
        runtime.pointee.flushEpoch &+= 1
        EnvironmentScope.isolatingAmbient { runQueue(runtime) }
        runtime.pointee.busy -= 1
        runtime.pointee.batchDepth -= 1
        runtime.pointee.flushing = false
        runtime.drainRetired()
    }

    private static func runQueue(_ runtime: RuntimeRef) {
        repeat {
            while let entry = runtime.pointee.queue.popFirst() {
                // Unowned on purpose: an effect keeps itself alive only while its body
                // runs (see `execute`), so skipping one costs no reference counting.
                entry._withUnsafeGuaranteedRef { runIfStillQueued($0, runtime) }
            }
            resolveBatchLog(runtime)
        } while !runtime.pointee.queue.isEmpty
    }

    private static func runIfStillQueued(_ node: DependentNode, _ runtime: RuntimeRef) {
        guard node.flags.contains(.queued) else { return }
        if node.flags.contains(.effect), node.subs != nil {
            // A parent effect runs before its queued children: its re-run may dispose them.
            while let ancestor = outermostQueuedAncestor(of: node) {
                ancestor._withUnsafeGuaranteedRef { runIfStillQueued($0, runtime) }
            }
            guard node.flags.contains(.queued) else { return }
        }
        node.flags.remove(.queued)
        node.runQueued(runtime)
    }

    private static func outermostQueuedAncestor(of node: DependentNode) -> Unmanaged<DependentNode>? {
        var found: Unmanaged<DependentNode>?
        var cursor = node.subs
        // A child effect's only subscriber link is the one from its parent.
        while let link = cursor {
            let owner = link.pointee.sub
            let flags = owner._withUnsafeGuaranteedRef { $0.flags }
            guard flags.contains(.effect) else { break }
            if flags.contains(.queued) { found = owner }
            cursor = owner._withUnsafeGuaranteedRef { $0.subs }
        }
        return found
    }

    /// Every source still marked as written in this batch compares its value with
    /// what its subscribers saw; then the log empties.
    private static func resolveBatchLog(_ runtime: RuntimeRef) {
        var index = 0
        while index < runtime.pointee.log.count {
            let entry = runtime.pointee.log.entry(at: index)
            if let node = entry.pointee.node?.takeUnretainedValue() {
                if node.flags.contains(.dirty) {
                    _ = commit(node, runtime)
                }
                node.discardLoggedValue(runtime)
            }
            index += 1
        }
        runtime.pointee.log.removeAll()
    }

    /// Ends one level of batching; the outermost end flushes.
    @usableFromInline
    static func endBatch(_ runtime: RuntimeRef) {
        runtime.pointee.batchDepth -= 1
        if runtime.pointee.batchDepth == 0 {
            flush(runtime)
        }
    }
}
