/// The write path, top to bottom: the entry points a source's setter calls, the push
/// that marks what depends on it, and the batch log's resolution. A write outside any
/// batch propagates and flushes at once (the flush: `Graph+Flush.swift`); one inside a
/// batch is logged, and propagates when the batch ends or something reads the graph
/// first.
extension Graph {

    /// A source is about to be written; returns the runtime for the rest of the write.
    /// Inlined into the write: a thread-local load and one comparison. A write while a
    /// computed evaluates is a misuse that applies: it opens a batch, so that effects
    /// run once the evaluation is over (``writeDuringEvaluation(of:_:)``).
    @inlinable
    @inline(__always)
    static func willWrite(_ source: ReactiveNode? = nil) -> RuntimeRef {
        let runtime = Runtime.current
        if runtime.pointee.run.computeDepth > 0 { writeDuringEvaluation(of: source, runtime) }
        return runtime
    }

    /// A source with subscribers changed outside any batch: notify, then run effects.
    @usableFromInline
    @inline(never)
    static func didWrite(_ source: ReactiveNode, _ runtime: RuntimeRef) {
        propagate(from: source, .dirty, runtime)
        flush(runtime)
    }

    // MARK: The push

    /// Push phase: `source` changed. Its direct subscribers get `flag` (`.dirty` when
    /// the change is certain, `.pending` for a batched write that may yet be undone);
    /// everything further downstream gets `.pending`. Effects and tracking scopes are
    /// queued once. No user code runs, and nothing recurses.
    @usableFromInline
    static func propagate(from source: ReactiveNode, _ flag: NodeFlags, _ runtime: RuntimeRef) {
        if source.flags.contains(.tracesObservers) { traceObservers(of: source, runtime) }
        var cursor = source.subs
        while let link = cursor {
            cursor = link.pointee.nextSub
            if let downstream = mark(link, flag, runtime) {
                markPending(downstream, runtime)
            }
        }
    }

    /// Marks the subscriber of `link`; returns its own subscribers when the mark is new
    /// and must travel further.
    @inline(__always)
    private static func mark(_ link: LinkPointer, _ flag: NodeFlags, _ runtime: RuntimeRef) -> LinkPointer? {
        link.pointee.sub._withUnsafeGuaranteedRef { sub in
            var flags = sub.flags
            // `traced` shares the test: an untraced graph runs the same instructions.
            if !flags.isDisjoint(with: [.running, .traced]) {
                if flags.contains(.traced) {
                    if flags.contains(.tracesObservers) { traceObservers(of: sub, runtime) }
                    traceMark(link, runtime)
                    flags = sub.flags
                }
                if flags.contains(.running) {
                    markDuringRun(link, sub, flags, flag, runtime)
                    return nil
                }
            }
            if flags.isDisjoint(with: .stale) {
                sub.flags = flags.union(flag)
                if flags.contains(.computed) { return sub.subs }
                if flags.contains(.watcher) {
                    enqueue(sub, runtime)
                    return nil
                }
                return unsafeDowncast(sub, to: RelayNode.self).relay(runtime)
            }
            if flag == .dirty, !flags.contains(.dirty) {
                sub.flags = flags.union(.dirty)
            }
            return nil
        }
    }

    /// `node` must recompute or re-run though no write marked it (a weak dependency
    /// died, or it wrote what it had read): it turns dirty, and what depends on it
    /// pending, as after a write. A node already stale has told its subscribers.
    static func invalidate(_ node: DependentNode, _ runtime: RuntimeRef) {
        let flags = node.flags
        guard flags.isDisjoint(with: [.dirty, .pending, .disposed]) else { return }
        node.flags = flags.union(.dirty)
        if flags.contains(.watcher) {
            if !flags.contains(.running) { enqueue(node, runtime) }
        } else if flags.contains(.computed), let subs = node.subs {
            markPending(subs, runtime)
        }
    }

    /// Marks `sub`, whose run is in progress, through `link`: written during its own
    /// run. An effect writing what it read is revisited afterwards, but only if this
    /// run already read it; a `.pending` notice stays pending (the write may be undone,
    /// or cut off by a computed). A computed (a misuse: it wrote what it had read, or
    /// something upstream did) evaluates again.
    @inline(never)
    private static func markDuringRun(
        _ link: LinkPointer, _ sub: DependentNode, _ flags: NodeFlags, _ flag: NodeFlags, _ runtime: RuntimeRef
    ) {
        if flags.contains(.computed) {
            if isConfirmed(link, in: sub, runtime) { invalidatedDuringRun(sub, runtime) }
        } else if !flags.contains(flag), !flags.contains(.dirty), isConfirmed(link, in: sub, runtime) {
            sub.flags = flags.union(flag)
        }
    }

    /// Depth-first over subscribers of subscribers, with an explicit stack.
    @inline(__always)
    static func markPending(_ first: LinkPointer, _ runtime: RuntimeRef) {
        let base = runtime.pointee.stack.count
        var link = first
        while true {
            var next = link.pointee.nextSub
            if let downstream = mark(link, .pending, runtime) {
                if let next { runtime.pointee.stack.push(next) }
                next = downstream
            }
            if let next {
                link = next
                continue
            }
            if runtime.pointee.stack.count == base { return }
            link = runtime.pointee.stack.pop()
        }
    }

    /// After a node's value changed during a pull: subscribers that were only pending
    /// now know they are dirty, so they need not revalidate.
    static func shallowPropagate(_ first: LinkPointer, _ runtime: RuntimeRef) {
        var cursor: LinkPointer? = first
        while let link = cursor {
            cursor = link.pointee.nextSub
            link.pointee.sub._withUnsafeGuaranteedRef { sub in
                let flags = sub.flags
                guard flags.intersection(.stale) == .pending else { return }
                sub.flags = flags.union(.dirty)
                if !flags.isDisjoint(with: .watcher), flags.isDisjoint(with: [.queued, .running]) {
                    enqueue(sub, runtime)
                }
            }
        }
    }

    @inline(__always)
    static func enqueue(_ node: DependentNode, _ runtime: RuntimeRef) {
        guard !node.flags.contains(.queued) else { return }
        node.flags.formUnion(.queued)
        runtime.pointee.queue.append(node)
    }

    // MARK: The batch log's resolution

    /// Closes the log entry of `source` and clears its mark. Returns whether the source
    /// changed, and the saved value's storage if that value still needs destroying:
    /// destroying it may run user code (a deinit) that releases `source`, so callers do
    /// it last. The entry's node goes, so that no pass of the log, a nested one
    /// included, reads the entry again; nothing else of it is read once closed.
    @inline(__always)
    static func closeEntry(
        _ entry: UnsafeMutablePointer<BatchLog.Entry>, of source: SourceNode
    ) -> (changed: Bool, savedToDestroy: UnsafeMutableRawPointer?) {
        let saved = entry.pointee.hasSaved && entry.pointee.needsDestroy ? entry.pointee.storage : nil
        entry.pointee.node = nil
        source.leaveLog(entry)
        return (entry.pointee.changed, saved)
    }

    /// A dying source's logged write: nobody is left to notify.
    static func discardEntry(_ entry: UnsafeMutablePointer<BatchLog.Entry>, of source: SourceNode) {
        if let saved = closeEntry(entry, of: source).savedToDestroy {
            source.destroySavedValue(saved)
        }
    }

    /// A logged source propagates its batched change now, if it really changed.
    @inline(__always)
    static func propagateLogEntry(
        _ source: SourceNode, _ entry: UnsafeMutablePointer<BatchLog.Entry>, _ runtime: RuntimeRef
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

}
