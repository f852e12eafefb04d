/// The write path's entry points, and the batch log's resolution: a write outside any
/// batch propagates and flushes at once; one inside a batch is logged, and propagates
/// when the batch ends or something reads the graph first.
extension Graph {

    /// A source is about to be written; returns the runtime for the rest of the write.
    /// Inlined into the write: a thread-local load and one comparison.
    @inlinable
    @inline(__always)
    static func willWrite() -> RuntimeRef {
        let runtime = Runtime.current
        if runtime.pointee.run.computeDepth > 0 { writeInsideComputed() }
        return runtime
    }

    /// A source with subscribers changed outside any batch: notify, then run effects.
    @usableFromInline
    @inline(never)
    static func didWrite(_ source: ReactiveNode, _ runtime: RuntimeRef) {
        propagate(from: source, .dirty, runtime)
        flush(runtime)
    }

    /// Closes the log entry of `source` and clears its mark. Returns whether the source
    /// changed, and the saved value's storage if that value still needs destroying:
    /// destroying it may run user code (a deinit) that releases `source`, so callers do
    /// it last.
    @inline(__always)
    static func closeEntry(
        _ entry: UnsafeMutablePointer<BatchLog.Entry>, of source: ReactiveNode
    ) -> (changed: Bool, savedToDestroy: UnsafeMutableRawPointer?) {
        let saved = entry.pointee.hasSaved && entry.pointee.needsDestroy ? entry.pointee.storage : nil
        entry.pointee.hasSaved = false
        entry.pointee.node = nil
        source.flags.subtract(.logged)
        return (entry.pointee.changed, saved)
    }

    /// A dying source's logged write: nobody is left to notify.
    static func discardEntry(_ entry: UnsafeMutablePointer<BatchLog.Entry>, of source: ReactiveNode) {
        if let saved = closeEntry(entry, of: source).savedToDestroy {
            source.destroySavedValue(saved)
        }
    }

    /// A logged source propagates its batched change now, if it really changed.
    @inline(__always)
    static func propagateLogEntry(
        _ source: ReactiveNode, _ entry: UnsafeMutablePointer<BatchLog.Entry>, _ runtime: RuntimeRef
    ) {
        let (changed, saved) = closeEntry(entry, of: source)
        if changed, source.subs != nil {
            propagate(from: source, .dirty, runtime)
        }
        if let saved { source.destroySavedValue(saved) }
    }

    /// Every source written since the last propagation point propagates, if its value
    /// differs from the one its subscribers saw; then the log empties. Inlined into
    /// the flush, which runs it at the end of every batch.
    @inline(__always)
    static func propagateBatchLog(_ runtime: RuntimeRef) {
        guard let first = runtime.pointee.log.firstChunk else { return }
        var entry = first
        var index = 0
        while index < runtime.pointee.log.count {
            if index != 0, index % BatchLog.chunkCapacity == 0 {
                entry = runtime.pointee.log.entry(at: index)
            }
            if let node = entry.pointee.node {
                node._withUnsafeGuaranteedRef { propagateLogEntry($0, entry, runtime) }
            }
            // Most batches write one source: done, unless destroying its saved value
            // ran a deinit that wrote more.
            if index == 0, runtime.pointee.log.count == 1 { break }
            entry += 1
            index &+= 1
        }
        runtime.pointee.log.removeAll()
    }

    @usableFromInline
    static func writeInsideComputed() -> Never {
        fatalError("""
            Ripple: a Signal was written while a Computed was evaluating. A Computed must \
            only derive its value from what it reads; move the write into an Effect, or \
            make the written state a Computed of its own.
            """)
    }
}
