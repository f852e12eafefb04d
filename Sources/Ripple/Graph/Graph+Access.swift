/// The entry points the public node types call from their inlinable accessors: one
/// out-of-line, non-generic call per read or write, a stable symbol in profiles.
extension Graph {
    // MARK: Reads

    /// A source was read: if a run is recording, it now depends on `source`.
    @inlinable
    @inline(__always)
    static func didRead(_ source: Unmanaged<ReactiveNode>) {
        graphDidRead(source)
    }

    /// A source was read whose accessor found no link to confirm (or found it logged):
    /// the read needs a new or moved link, which the accessor's check has ruled out
    /// finding in place.
    @inlinable
    @inline(__always)
    static func didReadNeedingLink(_ source: Unmanaged<ReactiveNode>) {
        graphDidReadNeedingLink(source)
    }

    // MARK: Reads that need no engine call

    /// A read that needs nothing from the engine but, when a run is recording, moving
    /// the run's cursor past the link its last run made to the node read.
    ///
    /// The accessors ask for one with loads only, read the node's value, and only then
    /// `commit()` the stores. So this path makes no call and stores nothing while it
    /// uses the node: a caller holding the node at +0 (an element of an array, say)
    /// needs no retain around the read, which in Swift costs more than the read itself.
    /// A store to memory the optimizer cannot tell apart from the array would make it
    /// keep the retain.
    @usableFromInline
    struct PlainRead {
        @usableFromInline let runtime: RuntimeRef?
        @usableFromInline let link: LinkPointer?
        @usableFromInline let parity: Bool

        @inlinable
        init(runtime: RuntimeRef?, link: LinkPointer?, parity: Bool) {
            self.runtime = runtime
            self.link = link
            self.parity = parity
        }

        /// A read that records nothing, or whose link the cursor already points at.
        @inlinable static var noLinkToMove: PlainRead { PlainRead(runtime: nil, link: nil, parity: false) }

        @inlinable
        @inline(__always)
        func commit() {
            if let runtime, let link {
                link.pointee.parity = parity
                runtime.pointee.run.cursor = link
            }
        }
    }

    /// A plain read of the computed `node`, or nil if it needs the engine: nothing may
    /// be logged in an open batch, `node` must be current, and a recording run must be
    /// re-reading what its last run read (see ``plainLink(to:_:)``).
    @inlinable
    @inline(__always)
    static func plainRead(ofComputed node: DependentNode) -> PlainRead? {
        guard let runtime = Runtime.existing, runtime.pointee.log.isEmpty,
              node.flags.isDisjoint(with: .needsValidation)
        else { return nil }
        return plainLink(to: node, runtime)
    }

    /// A plain read of the source `node`, or nil if it needs the engine: a recording run
    /// must be re-reading what its last run read, and `node` must have no write waiting
    /// in the batch log.
    @inlinable
    @inline(__always)
    static func plainRead(ofSource node: ReactiveNode) -> PlainRead? {
        guard let runtime = Runtime.existing, runtime.pointee.run.activeSub != nil else { return .noLinkToMove }
        if node.flags.contains(.logged) { return nil }
        return plainLink(to: node, runtime)
    }

    /// The common cases of recording a read: the run re-reads what its last run read, in
    /// the same order, so the next link after the cursor already points at `dep` (or
    /// the cursor's own link does: `dep` read twice in a row); or this run read `dep`
    /// before, with other reads in between, so its link is the last of `dep`'s
    /// subscribers and carries this run's parity. Nil when the read needs a new or
    /// moved link.
    @inlinable
    @inline(__always)
    static func plainLink(to dep: ReactiveNode, _ runtime: RuntimeRef) -> PlainRead? {
        guard let sub = runtime.pointee.run.activeSub else { return .noLinkToMove }
        return plainLink(toID: Unmanaged.passUnretained(dep).toOpaque(), sub, runtime)
    }

    /// ``plainLink(to:_:)`` for the node whose identity is `depID`, read by `sub`.
    @inlinable
    @inline(__always)
    static func plainLink(
        toID depID: UnsafeMutableRawPointer, _ sub: Unmanaged<DependentNode>, _ runtime: RuntimeRef
    ) -> PlainRead? {
        let next: LinkPointer?
        if let cursor = runtime.pointee.run.cursor {
            if cursor.pointee.dep.toOpaque() == depID { return .noLinkToMove }
            next = cursor.pointee.nextDep
        } else {
            next = sub._withUnsafeGuaranteedRef { $0.deps }
        }
        guard let next, next.pointee.dep.toOpaque() == depID else {
            return wasRead(.fromOpaque(depID), by: sub) ? .noLinkToMove : nil
        }
        return PlainRead(runtime: runtime, link: next, parity: sub._withUnsafeGuaranteedRef { $0.flags.contains(.parity) })
    }

    /// Whether the current run of `sub` already read `dep`: then its link is the last of
    /// `dep`'s subscribers and carries the run's parity. Out of line, so that the
    /// accessors stay small enough to inline everywhere; it only reads memory, which
    /// lets a caller holding `dep` at +0 call it without a retain.
    @inlinable
    @inline(__always)
    static func wasRead(_ dep: Unmanaged<ReactiveNode>, by sub: Unmanaged<DependentNode>) -> Bool {
        graphWasRead(dep, by: sub)
    }

    /// The body of the signal read entry points, inlined into each. It works on the
    /// node unmanaged and reaches into it only in small closures, which inline: a
    /// closure holding the whole body was left out of line, a second call per read,
    /// and passing the node guaranteed to an out-of-line call instead made the
    /// `@Tracked` getter retain the signal it had loaded around the call.
    ///
    /// - Parameter inPlaceRuledOut: the accessor has already looked for the link in
    ///   place (`plainLink`) and not found it, so an unlogged read goes straight to
    ///   making or moving one.
    @inline(__always)
    static func recordRead(
        of source: Unmanaged<ReactiveNode>, _ runtime: RuntimeRef, inPlaceRuledOut: Bool = false
    ) {
        guard let sub = runtime.pointee.run.activeSub else { return }
        if source._withUnsafeGuaranteedRef({ $0.flags.contains(.logged) }) {
            resolveBeforeRead(source, runtime)
            link(source, sub, runtime)
        } else if inPlaceRuledOut {
            relinkOrLinkNew(source, sub, runtime)
        } else {
            link(source, sub, runtime)
        }
    }

    /// Written in this batch: the subscribers `source` has now learn of the change
    /// before the reader, who sees the new value, joins them. Destroying the saved
    /// value may run user code, and the reader may hold `source` at +0: held until the
    /// run's operation ends.
    @inline(never)
    fileprivate static func resolveBeforeRead(_ source: Unmanaged<ReactiveNode>, _ runtime: RuntimeRef) {
        _ = source.retain()
        runtime.pointee.retire(source)
        source._withUnsafeGuaranteedRef { resolveLogged($0, runtime) }
    }

    /// A computed is about to be read: bring it up to date, then record the dependency.
    ///
    /// The caller may hold `node` at +0 without having retained it, and bringing it up
    /// to date runs user code, which could release it. A link from the recording run
    /// keeps it alive through that: links go only when their run ends or their
    /// subscriber is disposed, and the release then waits for the run's operation to
    /// end. Without such a link the node is retained here; returns whether it was,
    /// and then the caller releases it once it has read the value.
    ///
    /// Inlined into the caller, which passes the node guaranteed, unretained, to the
    /// one out-of-line call: the closure's body inlines, where a larger one would be
    /// left out of line as a second call.
    @inlinable
    @inline(__always)
    static func willRead(_ node: Unmanaged<DependentNode>) -> Bool {
        node._withUnsafeGuaranteedRef { willRead($0) }
    }

    @inlinable
    @inline(__always)
    static func willRead(_ node: DependentNode) -> Bool {
        graphWillRead(node)
    }

    /// The recording run's link to `node`, if it has one that owns the node: the link
    /// its cursor is on or about to reach, or the one this run already made. Nil when
    /// no run records, or a tracking scope does (its links own nothing).
    @inline(__always)
    fileprivate static func linkOwningNode(_ node: ReactiveNode, _ runtime: RuntimeRef) -> PlainRead? {
        guard let sub = runtime.pointee.run.activeSub,
              !sub._withUnsafeGuaranteedRef({ $0.flags.contains(.ownsNoLinks) })
        else { return nil }
        return plainLink(to: node, runtime)
    }

    /// A computed is about to be read without tracking.
    @inlinable
    @inline(__always)
    static func willPeek(_ node: DependentNode) {
        graphWillPeek(node)
    }

    @inline(__always)
    fileprivate static func validate(_ node: DependentNode, _ runtime: RuntimeRef) {
        if !runtime.pointee.log.isEmpty {
            // Writes of the open batch propagate before anything derived is read.
            propagateBatchLog(runtime)
        }
        if !node.flags.isDisjoint(with: .needsValidation) {
            revalidate(node, runtime)
        }
    }

    @inline(__always)
    private static func revalidate(_ node: DependentNode, _ runtime: RuntimeRef) {
        if !node.flags.isDisjoint(with: [.running, .checking]) { cycleDetected() }
        if node.flags.contains(.detached) { reattach(node, runtime) }
        if !node.flags.isDisjoint(with: .stale) { bringUpToDate(node, runtime) }
    }

    // MARK: Writes

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

    /// Resolves the log entry of a source read mid-batch.
    static func resolveLogged(_ source: ReactiveNode, _ runtime: RuntimeRef) {
        source.resolveLoggedWrite(runtime)
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
    static func resolve(
        _ source: ReactiveNode, _ entry: UnsafeMutablePointer<BatchLog.Entry>, _ runtime: RuntimeRef
    ) {
        let (changed, saved) = closeEntry(entry, of: source)
        if changed, source.subs != nil {
            propagate(from: source, .dirty, runtime)
        }
        if let saved { source.destroySavedValue(saved) }
    }

    /// Every source written since the last propagation point propagates, if its value
    /// differs from the one its subscribers saw; then the log empties.
    static func propagateBatchLog(_ runtime: RuntimeRef) {
        resolveBatchLog(runtime)
    }

    /// The body of ``propagateBatchLog(_:)``, inlined into the flush, which runs it at
    /// the end of every batch.
    @inline(__always)
    static func resolveBatchLog(_ runtime: RuntimeRef) {
        guard let first = runtime.pointee.log.firstChunk else { return }
        var entry = first
        var index = 0
        while index < runtime.pointee.log.count {
            if index != 0, index % BatchLog.chunkCapacity == 0 {
                entry = runtime.pointee.log.entry(at: index)
            }
            if let node = entry.pointee.node {
                node._withUnsafeGuaranteedRef { resolve($0, entry, runtime) }
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

// MARK: Out-of-line bodies

// The bodies of the entry points above that are reached from inlined accessors. Free
// functions on purpose: a static method called from code inlined into another module
// goes through a thunk that drops its unused metatype argument, four instructions on
// every call.

@usableFromInline
@inline(never)
func graphDidRead(_ source: Unmanaged<ReactiveNode>) {
    Graph.recordRead(of: source, Runtime.current)
}

@usableFromInline
@inline(never)
func graphDidReadNeedingLink(_ source: Unmanaged<ReactiveNode>) {
    Graph.recordRead(of: source, Runtime.current, inPlaceRuledOut: true)
}

@usableFromInline
@inline(never)
@_effects(readonly)
func graphWasRead(_ dep: Unmanaged<ReactiveNode>, by sub: Unmanaged<DependentNode>) -> Bool {
    guard let head = dep._withUnsafeGuaranteedRef({ $0.subs }) else { return false }
    let tail = head.pointee.prevSub
    return tail.pointee.sub.toOpaque() == sub.toOpaque()
        && tail.pointee.parity == sub._withUnsafeGuaranteedRef { $0.flags.contains(.parity) }
}

@usableFromInline
@inline(never)
func graphWillRead(_ node: DependentNode) -> Bool {
    let runtime = Runtime.current
    // The recording run's own link, found once: it both holds the node and is the link
    // the read confirms. Bringing the node up to date runs other runs, which restore
    // the cursor, so the link found stays the one to confirm.
    let owningLink = Graph.linkOwningNode(node, runtime)
    if owningLink == nil { _ = Unmanaged.passUnretained(node).retain() }
    Graph.validate(node, runtime)
    if let owningLink {
        owningLink.commit()
    } else if let sub = runtime.pointee.run.activeSub {
        Graph.link(.passUnretained(node), sub, runtime)
    }
    return owningLink == nil
}

@usableFromInline
@inline(never)
func graphWillPeek(_ node: DependentNode) {
    Graph.validate(node, Runtime.current)
}
