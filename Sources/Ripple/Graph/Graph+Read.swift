/// The entry points the public node types call from their inlinable read accessors.
///
/// A read that a recording run already made in the same place last time needs no
/// call: the accessor checks, with loads only, that the run's next link points at the
/// node (``readInPlace(ofSource:)``), reads the value, and then moves the cursor
/// (``CursorStep/apply()``). Everything else goes through one out-of-line, non-generic
/// function, a stable symbol in profiles. Those are free functions: a static method
/// called from code inlined into another module goes through a thunk that drops its
/// unused metatype argument.
extension Graph {
    /// What a read needs from the engine when it needs no call: at most, the recording
    /// run's cursor steps onto the link its last run made to the node.
    ///
    /// It is applied after the value is read, and stores nothing before: a caller
    /// holding the node at +0 (an element of an array) then needs no retain around the
    /// read, which in Swift costs more than the read itself.
    @usableFromInline
    struct CursorStep {
        @usableFromInline let runtime: RuntimeRef?
        @usableFromInline let link: LinkPointer?
        @usableFromInline let parity: Bool

        @inlinable
        init(runtime: RuntimeRef?, link: LinkPointer?, parity: Bool) {
            self.runtime = runtime
            self.link = link
            self.parity = parity
        }

        /// A read that records nothing, or whose link the cursor is already on.
        @inlinable static var nothing: CursorStep { CursorStep(runtime: nil, link: nil, parity: false) }

        @inlinable
        @inline(__always)
        func apply() {
            if let runtime, let link {
                link.pointee.parity = parity
                runtime.pointee.run.cursor = link
            }
        }
    }

    /// A read of the source `node` that needs no call, or nil: a recording run must be
    /// re-reading what its last run read, and `node` must have no write waiting in the
    /// batch log.
    @inlinable
    @inline(__always)
    static func readInPlace(ofSource node: ReactiveNode) -> CursorStep? {
        guard let runtime = Runtime.existing, runtime.pointee.run.activeSub != nil else { return .nothing }
        if node.flags.contains(.logged) { return nil }
        return stepToExistingLink(to: node, runtime)
    }

    /// A read of the computed `node` that needs no call, or nil: nothing may be logged
    /// in an open batch, `node` must be current, and a recording run must be re-reading
    /// what its last run read.
    @inlinable
    @inline(__always)
    static func readInPlace(ofComputed node: DependentNode) -> CursorStep? {
        guard let runtime = Runtime.existing, runtime.pointee.log.isEmpty,
              node.flags.isDisjoint(with: .needsValidation)
        else { return nil }
        return stepToExistingLink(to: node, runtime)
    }

    /// The step onto the recording run's link to `dep` when it already has one in
    /// place: the run re-reads what its last run read, in the same order (the next link
    /// after the cursor points at `dep`, or the cursor's own link does: `dep` read twice
    /// in a row), or this run read `dep` before, with other reads in between. Nil when
    /// the read needs a new or moved link.
    @inlinable
    @inline(__always)
    static func stepToExistingLink(to dep: ReactiveNode, _ runtime: RuntimeRef) -> CursorStep? {
        guard let sub = runtime.pointee.run.activeSub else { return .nothing }
        return stepToExistingLink(toID: Unmanaged.passUnretained(dep).toOpaque(), sub, runtime)
    }

    /// ``stepToExistingLink(to:_:)`` for the node whose identity is `depID`, read by `sub`.
    @inlinable
    @inline(__always)
    static func stepToExistingLink(
        toID depID: UnsafeMutableRawPointer, _ sub: Unmanaged<DependentNode>, _ runtime: RuntimeRef
    ) -> CursorStep? {
        let next: LinkPointer?
        if let cursor = runtime.pointee.run.cursor {
            if cursor.pointee.dep.toOpaque() == depID { return .nothing }
            next = cursor.pointee.nextDep
        } else {
            next = sub._withUnsafeGuaranteedRef { $0.deps }
        }
        guard let next, next.pointee.dep.toOpaque() == depID else {
            return engineReadThisRun(.fromOpaque(depID), by: sub) ? .nothing : nil
        }
        let parity = sub._withUnsafeGuaranteedRef { $0.flags.contains(.parity) }
        return CursorStep(runtime: runtime, link: next, parity: parity)
    }

    /// Records that the recording run, if any, read `source`. The body of the source
    /// read entry points, inlined into each; it reaches into the unmanaged node only in
    /// small closures, which inline, so that a caller holding it at +0 needs no retain.
    ///
    /// - Parameter inPlaceRuledOut: the accessor has already looked for the link in
    ///   place (``stepToExistingLink(to:_:)``), so an unlogged read goes straight to making
    ///   or moving one.
    @inline(__always)
    static func recordRead(of source: Unmanaged<ReactiveNode>, _ runtime: RuntimeRef, inPlaceRuledOut: Bool = false) {
        guard let sub = runtime.pointee.run.activeSub else { return }
        if source._withUnsafeGuaranteedRef({ $0.flags.contains(.logged) }) {
            // Written by a computed during an evaluation in progress: the reader sees the
            // new value; the change propagates once the evaluation is over.
            if runtime.pointee.run.computeDepth == 0 { propagateBeforeRead(source, runtime) }
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
    static func propagateBeforeRead(_ source: Unmanaged<ReactiveNode>, _ runtime: RuntimeRef) {
        _ = source.retain()
        runtime.pointee.retire(source)
        source._withUnsafeGuaranteedRef { $0.propagateLoggedWrite(runtime) }
    }

    /// The step onto the recording run's link to `node`, if it has one in place that
    /// owns the node. Nil when no run records, or a scope does (its links own nothing).
    @inline(__always)
    static func stepToOwningLink(to node: ReactiveNode, _ runtime: RuntimeRef) -> CursorStep? {
        guard let sub = runtime.pointee.run.activeSub,
              !sub._withUnsafeGuaranteedRef({ $0.flags.contains(.ownsNoLinks) })
        else { return nil }
        return stepToExistingLink(to: node, runtime)
    }

    /// Brings `node` up to date before it is read: the open batch's writes propagate
    /// first, then the node revalidates if it must. Returns false, and does nothing
    /// more, when `node` is evaluating or being revalidated: the read closes a cycle.
    @inline(__always)
    static func validate(_ node: DependentNode, _ runtime: RuntimeRef) -> Bool {
        // While a computed evaluates, the log holds only what computeds wrote (a misuse):
        // it waits for the evaluation to end, since marking now would reach nodes that a
        // walk in progress has already passed.
        if !runtime.pointee.log.isEmpty, runtime.pointee.run.computeDepth == 0 {
            propagateBatchLogBeforeRead(runtime)
        }
        if !node.flags.isDisjoint(with: .needsValidation) {
            if !node.flags.isDisjoint(with: [.running, .checking]) { return false }
            if node.flags.contains(.detached) { reattach(node, runtime) }
            if !node.flags.isDisjoint(with: .stale) {
                bringUpToDate(node, runtime)
                // It wrote, while it evaluated, what it had read: its reader reads a
                // value that is stale already.
                if node.flags.contains(.dirty) { readStaleValue(runtime) }
            }
        }
        return true
    }

    /// A read inside a batch that wrote: out of line, so that the log's resolution,
    /// inlined into the flush, leaves every read's registers alone.
    @inline(never)
    static func propagateBatchLogBeforeRead(_ runtime: RuntimeRef) {
        propagateBatchLog(runtime)
    }

    /// The recording run read a computed that was marked during its own evaluation: it
    /// is stale too, as if the computed had been marked after the read.
    @inline(never)
    static func readStaleValue(_ runtime: RuntimeRef) {
        guard let reader = runtime.pointee.run.activeSub else { return }
        reader._withUnsafeGuaranteedRef { reader in
            if reader.flags.contains(.computed) {
                if reader.flags.contains(.running) { invalidatedDuringRun(reader, runtime) }
            } else {
                reader.flags.formUnion(.dirty)
            }
        }
    }
}

// MARK: Out-of-line entry points

/// A source was read: if a run is recording, it now depends on `source`.
@usableFromInline
@inline(never)
func engineRecordRead(_ source: Unmanaged<ReactiveNode>) {
    Graph.recordRead(of: source, Runtime.current)
}

/// A source was read whose accessor found no link in place (or found it logged).
@usableFromInline
@inline(never)
func engineRecordNewRead(_ source: Unmanaged<ReactiveNode>) {
    Graph.recordRead(of: source, Runtime.current, inPlaceRuledOut: true)
}

/// Whether the current run of `sub` already read `dep`: then its link is the last of
/// `dep`'s subscribers and carries the run's parity. It only reads memory, which lets a
/// caller holding `dep` at +0 call it without a retain.
@usableFromInline
@inline(never)
@_effects(readonly)
func engineReadThisRun(_ dep: Unmanaged<ReactiveNode>, by sub: Unmanaged<DependentNode>) -> Bool {
    guard let head = dep._withUnsafeGuaranteedRef({ $0.subs }) else { return false }
    let tail = head.pointee.prevSub
    return tail.pointee.sub.toOpaque() == sub.toOpaque()
        && tail.pointee.parity == sub._withUnsafeGuaranteedRef { $0.flags.contains(.parity) }
}

/// A computed is about to be read: brings it up to date, then records the dependency.
///
/// The caller may hold `node` at +0, and bringing it up to date runs user code, which
/// could release it. A link from the recording run keeps it alive through that (links
/// go only when their run ends or their subscriber is disposed, and the release waits
/// for the run's operation to end). Without one the node is retained here; returns
/// whether it was, and the caller then releases it once it has read the value.
///
/// Takes the node guaranteed, not `Unmanaged`: the caller's small closure converts
/// it, where this body in such a closure would stay out of line as a second call.
///
/// A read that closes a cycle (`node` is evaluating) cannot return a value through
/// `value`: it is a fatal error that says so.
@usableFromInline
@inline(never)
func enginePrepareRead(_ node: DependentNode) -> Bool {
    prepareRead(node, pinning: true)
}

/// ``enginePrepareRead(_:)`` for a caller that keeps `node` alive itself: a model
/// reading its own derived node (the model holds the node, the caller the model).
@usableFromInline
@inline(never)
func enginePrepareOwnedRead(_ node: DependentNode) {
    _ = prepareRead(node, pinning: false)
}

@inline(__always)
private func prepareRead(_ node: DependentNode, pinning: Bool) -> Bool {
    let runtime = Runtime.current
    // The step onto the run's own link, found once: the link both holds the node and
    // is the one the read confirms. Bringing the node up to date runs other runs,
    // which restore the cursor, so the step found stays the one to take.
    let step = Graph.stepToOwningLink(to: node, runtime)
    let pins = pinning && step == nil
    if pins { _ = Unmanaged.passUnretained(node).retain() }
    guard Graph.validate(node, runtime) else { Graph.cycleReadThroughValue(node, runtime) }
    if let step {
        step.apply()
    } else if let sub = runtime.pointee.run.activeSub {
        Graph.link(.passUnretained(node), sub, runtime)
    }
    return pins
}

/// ``enginePrepareRead(_:)`` for `get()`: a read that closes a cycle throws a
/// ``CycleError`` instead, after recording the dependency (weakly, see
/// ``Link/isWeak``), so that the reader recomputes once the loop opens.
@usableFromInline
@inline(never)
func enginePrepareThrowingRead(_ node: DependentNode) throws -> Bool {
    let runtime = Runtime.current
    let step = Graph.stepToOwningLink(to: node, runtime)
    if step == nil { _ = Unmanaged.passUnretained(node).retain() }
    let current = Graph.validate(node, runtime)
    if let step {
        step.apply()
    } else if let sub = runtime.pointee.run.activeSub {
        Graph.link(.passUnretained(node), sub, runtime)
    }
    if !current {
        let error = Graph.readClosedCycle(node, runtime)
        if step == nil { Unmanaged.passUnretained(node).release() }
        throw error
    }
    return step == nil
}

/// A computed is about to be read without tracking: brings it up to date. `peek()`
/// cannot throw, so a peek that closes a cycle is a fatal error that says so.
@usableFromInline
@inline(never)
func enginePreparePeek(_ node: DependentNode) {
    let runtime = Runtime.current
    guard Graph.validate(node, runtime) else { Graph.cycleReadThroughValue(node, runtime, peeking: true) }
}
