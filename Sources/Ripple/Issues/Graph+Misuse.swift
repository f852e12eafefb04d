internal import RippleThreadLocal

/// The engine's side of misuse: what it does when a computed writes, a read closes a
/// cycle, an effect does not settle or throws. Each of these leaves the fast paths
/// where the engine already leaves them (a write while `computeDepth` is positive, a
/// read of a node that needs validation, the flush's run count, a catch), records the
/// issue in the runtime's ``MisuseState``, and goes on. The issues are reported once
/// the operation has ended (``settleMisuse(_:)``), outside every walk, because a
/// reporter is user code.
extension Graph {
    // MARK: A write while a computed evaluates

    /// A source is written while a computed evaluates. The write applies; outside any
    /// batch it opens one, which the operation's end closes (effects must not run in
    /// the middle of an evaluation). Reported once per computed.
    @usableFromInline
    @inline(never)
    static func writeDuringEvaluation(of source: ReactiveNode?, _ runtime: RuntimeRef) {
        let state = runtime.pointee.ensuredMisuse
        if runtime.pointee.batchDepth == 0, !state.holdsEvaluationBatch {
            state.holdsEvaluationBatch = true
            runtime.pointee.batchDepth &+= 1
            runtime.pointee.retiredCount &+= 1
        }
        let evaluating = runtime.pointee.run.activeSub?.takeUnretainedValue()
        guard state.reportedWriters.insert(evaluating) else { return }
        let computed = evaluating.map(NodeNames.name(of:)) ?? "a Computed"
        let written = source.map(NodeNames.name(of:)) ?? "a @Tracked property"
        state.add(RuntimeIssue(
            kind: .writeDuringEvaluation,
            message: """
                \(written) was written while \(computed) evaluated. The write applied, but a \
                derived value that changes state depends on who reads it first: move the \
                write into an Effect, or derive the written value with a Computed of its own.
                """,
            nodes: [computed, written]
        ), runtime)
    }

    /// A running computed was marked: it wrote something it had read (or something
    /// upstream of that). Its value mixes the state before and after, so it ends its
    /// run dirty, and its next read evaluates it again. Its subscribers learn it later,
    /// not while one of them is in the middle of reading it: the flush tells them, in
    /// the order of its queue (``MisuseNotifier``), as a write would have.
    @inline(never)
    static func invalidatedDuringRun(_ node: DependentNode, _ runtime: RuntimeRef) {
        node.flags.formUnion(.dirty)
        let state = runtime.pointee.ensuredMisuse
        if state.invalidated.isEmpty { runtime.pointee.retiredCount &+= 1 }
        state.invalidated.append(node)
        enqueue(state.notifier, runtime)
    }

    /// Tells the subscribers of the computeds marked during their own run that they are
    /// stale, but those still running (a flush inside a computed), which wait for the
    /// next turn.
    static func invalidateMarkedDuringRun(_ runtime: RuntimeRef) {
        guard let state = runtime.pointee.misuse, !state.invalidated.isEmpty else { return }
        let nodes = state.invalidated
        state.invalidated = nodes.filter { $0.flags.contains(.running) }
        if state.invalidated.isEmpty { runtime.pointee.retiredCount &-= 1 }
        for node in nodes where !node.flags.contains(.running) {
            node.flags.formUnion(.dirty)
            if let subs = node.subs { markPending(subs, runtime) }
        }
        runtime.pointee.retire(value: nodes)
    }

    // MARK: Cycles

    /// The read of `node`, which is evaluating, closed a cycle: the reader's link to it
    /// is made weak, and the error that the reader's `get()` throws names the cycle as
    /// the computeds on it throw it back (``computedThrew(_:_:)``).
    static func readClosedCycle(_ node: DependentNode, _ runtime: RuntimeRef) -> CycleError {
        weakenLinkAtCursor(to: node, runtime)
        let path = CyclePath(reentered: node, reader: runtime.pointee.run.activeSub?.takeUnretainedValue())
        runtime.pointee.ensuredMisuse.add(path, runtime)
        return CycleError(path)
    }

    /// A read that closed a cycle through `value` or `peek()`, which cannot throw.
    static func cycleReadThroughValue(_ node: DependentNode, _ runtime: RuntimeRef, peeking: Bool = false) -> Never {
        let name = NodeNames.name(of: node)
        let reader = runtime.pointee.run.activeSub.map { NodeNames.name(of: $0.takeUnretainedValue()) }
        let read = peeking ? "peek()" : "value"
        fatalError("""
            Ripple: cycle: \(name) was read through \(read) while it was evaluating\
            \(reader.map { ", by \($0)" } ?? ""): a Computed depends on itself, directly or \
            through other computeds. Read it with `try get()`, which throws a CycleError \
            instead, or break the cycle: read one side inside untracked { }, or move the \
            value into a Signal.
            """)
    }

    /// A computed's evaluation threw: a cycle error it passes on gains it as a step.
    @usableFromInline
    @inline(never)
    static func computedThrew(_ node: DependentNode, _ error: any Error) {
        guard let cycle = error as? CycleError else { return }
        cycle.path.extend(by: node)
    }

    // MARK: Effects

    /// An effect reached the run limit of a flush. At the limit itself it may run once
    /// more, traced so that the next report has its cause; past it, it stops.
    @inline(never)
    static func runLimitReached(_ effect: EffectNode, _ runtime: RuntimeRef) -> Bool {
        guard effect.runsThisFlush > runLimit else {
            runtime.pointee.ensuredMisuse.traceForCause(effect, runtime)
            return true
        }
        return false
    }

    /// Stops an effect that has run ``runLimit`` times in this flush: it stays dirty
    /// until the flush is over, so that no write queues it again, then it is clean, and
    /// a later write to what it read runs it again. Reported with the cause of the run
    /// it did not make.
    @inline(never)
    static func stopRunaway(_ effect: EffectNode, _ runtime: RuntimeRef) {
        let state = runtime.pointee.ensuredMisuse
        effect.flags.formUnion(.dirty)
        state.stopped(effect, runtime)
        let event = runtime.pointee.recorder.event(
            for: effect, kind: .effect, didRun: false, isFirstRun: false, showsAbsorbed: false, runtime
        )
        let name = NodeNames.name(of: effect)
        let causes = event.causes.isEmpty
            ? "" : " It was re-run by " + event.causes.map(\.description).joined(separator: "; ") + "."
        state.add(RuntimeIssue(
            kind: .runawayEffect,
            message: """
                effect \(effect.displayName) ran \(runLimit) times in one flush without settling: \
                each run changed what it reads (a loop), so it was stopped for this flush.\(causes) \
                Write only when the value really differs, or derive the value with a Computed.
                """,
            nodes: [name] + event.chains.flatMap { $0.map(\.node) }
        ), runtime)
    }

    /// The body of an effect that may throw: an error ends the run, and is reported.
    static func throwingBody(_ body: @escaping () throws -> Void) -> () -> Void {
        {
            do {
                try body()
            } catch {
                Graph.effectThrew(error)
            }
        }
    }

    /// The running effect's body threw `error`: the run ended there, keeping what it
    /// read before.
    @inline(never)
    static func effectThrew(_ error: any Error) {
        let runtime = Runtime.current
        let effect = runtime.pointee.run.runningEffect?.takeUnretainedValue()
        let name = effect.map(NodeNames.name(of:)) ?? "an effect"
        let described = effect.map { "effect \($0.displayName)" } ?? "an effect"
        runtime.pointee.ensuredMisuse.add(RuntimeIssue(
            kind: .effectError,
            message: """
                \(described) threw \(TraceValue.describe(error)); the run ended there. It runs again \
                when something it read before the error changes.
                """,
            nodes: [name],
            error: error
        ), runtime)
    }

    /// A computed released the last handle of an effect that was checking whether to
    /// run: the effect stops.
    static func effectReleasedDuringCheck(_ effect: EffectNode, _ runtime: RuntimeRef) {
        runtime.pointee.ensuredMisuse.add(RuntimeIssue(
            kind: .effectReleasedDuringEvaluation,
            message: """
                effect \(effect.displayName) was released while a Computed it depends on was \
                evaluating; it stopped. A Computed must only derive its value: release effects \
                from an effect body or from outside the graph.
                """,
            nodes: [NodeNames.name(of: effect)]
        ), runtime)
    }

    // MARK: List operators

    /// A standalone list operator is being made while a computed or an effect runs: it
    /// works, but starts over with a full pass on every run. Reported once per
    /// running node.
    @usableFromInline
    @inline(never)
    static func operatorMadeDuringRun() {
        let runtime = Runtime.current
        let run = runtime.pointee.run
        let runner: ReactiveNode? = run.activeSub?.takeUnretainedValue() ?? run.runningEffect?.takeUnretainedValue()
        let state = runtime.pointee.ensuredMisuse
        guard state.reportedOperatorRuns.insert(runner) else { return }
        let name = runner.map(NodeNames.name(of:)) ?? "a run"
        state.add(RuntimeIssue(
            kind: .operatorMadeDuringRun,
            message: """
                an incremental list operator was made while \(name) ran: it starts over, with a \
                full pass, on every run. Create it once, outside: declare it with @Derived on \
                the model, or keep the Computed it returns in a stored property, and read it here.
                """,
            nodes: [name]
        ), runtime)
    }

    // MARK: Settling

    /// Once the operation in which misuse happened has ended: closes the batch a write
    /// during an evaluation opened (its effects run now), stops tracing what was traced
    /// only for a report, then reports the issues, in order. What the reporters do is
    /// settled by the same loop.
    static func settleMisuse(_ runtime: RuntimeRef) {
        guard let state = runtime.pointee.misuse, !state.settling,
              runtime.pointee.releaseHolds == 0, runtime.pointee.run.computeDepth == 0
        else { return }
        state.settling = true
        defer { state.settling = false }
        while true {
            if state.holdsEvaluationBatch {
                state.holdsEvaluationBatch = false
                runtime.pointee.retiredCount &-= 1
                endBatch(runtime)
            } else if !state.invalidated.isEmpty, !state.notifier.flags.contains(.queued) {
                enqueue(state.notifier, runtime)
                flushIfOutermost(runtime)
                if runtime.pointee.batchDepth > 0 { return }
            } else if !state.stoppedEffects.isEmpty {
                let effects = state.stoppedEffects
                state.stoppedEffects = []
                runtime.pointee.retiredCount &-= 1
                for effect in effects { effect.flags.subtract(.stale) }
            } else if !state.tracedForCause.isEmpty {
                let nodes = state.tracedForCause
                state.tracedForCause = []
                runtime.pointee.retiredCount &-= 1
                for node in nodes { node.flags.subtract(.traced) }
            } else if let issue = state.nextIssue(runtime) {
                RuntimeIssues.report(issue)
                runtime.drainRetired()
            } else {
                return
            }
        }
    }
}

/// A thread's misuse during the operation in progress: the issues to report, a batch
/// that a write during an evaluation opened, the nodes traced to find a cause. Each
/// piece of work counts in the runtime's `retiredCount`, so that the next drain settles
/// it (``Graph/settleMisuse(_:)``).
final class MisuseState {
    var holdsEvaluationBatch = false
    var settling = false
    /// The computeds already reported for writing; each is reported once.
    var reportedWriters = ReportedNodes()
    /// The runs already reported for making a list operator.
    var reportedOperatorRuns = ReportedNodes()
    /// Nodes flagged `traced` only so that a runaway effect's report has its cause.
    var tracedForCause: [ReactiveNode] = []
    /// Effects stopped for running away, dirty until the flush is over.
    var stoppedEffects: [EffectNode] = []
    /// Effects released during their pre-run check, until the flush disposes of them.
    var releasedDuringCheck: [ReleasedEffect] = []
    /// Computeds marked during their own run, until the flush invalidates them.
    var invalidated: [DependentNode] = []
    /// Queued when a computed was marked during its run: its turn invalidates it.
    let notifier = MisuseNotifier()
    private var issues: [RuntimeIssue] = []
    /// Cycles found, reported once the computeds on them have named themselves.
    private var cycles: [CyclePath] = []

    var hasWork: Bool {
        holdsEvaluationBatch || !invalidated.isEmpty || !stoppedEffects.isEmpty || !tracedForCause.isEmpty
            || !issues.isEmpty || !cycles.isEmpty
    }

    func add(_ issue: RuntimeIssue, _ runtime: RuntimeRef) {
        issues.append(issue)
        runtime.pointee.retiredCount &+= 1
    }

    func add(_ cycle: CyclePath, _ runtime: RuntimeRef) {
        cycles.append(cycle)
        runtime.pointee.retiredCount &+= 1
    }

    /// The next issue to report, cycles first (in the order found), taken off the list.
    func nextIssue(_ runtime: RuntimeRef) -> RuntimeIssue? {
        if !cycles.isEmpty {
            runtime.pointee.retiredCount &-= 1
            let cycle = cycles.removeFirst()
            let error = CycleError(cycle)
            return RuntimeIssue(
                kind: .cycle,
                message: """
                    \(error.description): each computed on it holds a CycleError until the loop \
                    opens. Break the cycle: read one side inside untracked { }, or move the value \
                    into a Signal.
                    """,
                nodes: error.nodes,
                error: error
            )
        }
        guard !issues.isEmpty else { return nil }
        runtime.pointee.retiredCount &-= 1
        return issues.removeFirst()
    }

    func stopped(_ effect: EffectNode, _ runtime: RuntimeRef) {
        if stoppedEffects.isEmpty { runtime.pointee.retiredCount &+= 1 }
        stoppedEffects.append(effect)
    }

    /// Traces `effect` and what it reads, if it is not traced yet, so that the marks
    /// that re-run it are recorded; the flags go once the operation is over.
    func traceForCause(_ effect: EffectNode, _ runtime: RuntimeRef) {
        guard !effect.flags.contains(.traced) else { return }
        var cone: [ReactiveNode] = [effect]
        var stack = RippleGraph.directDependencies(of: effect, expandingTrackers: false)
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(effect)]
        while let node = stack.popLast() {
            guard seen.insert(ObjectIdentifier(node)).inserted else { continue }
            if !node.flags.contains(.traced) { cone.append(node) }
            if let dependent = node as? DependentNode {
                stack += RippleGraph.directDependencies(of: dependent, expandingTrackers: false)
            }
        }
        if tracedForCause.isEmpty { runtime.pointee.retiredCount &+= 1 }
        tracedForCause += cone
        effect.flags.formUnion(.traced)
        runtime.pointee.recorder.instrumentCone(of: effect)
    }
}

extension Runtime {
    /// Misuse found during the operation in progress, reported once it has ended: the
    /// thread's, kept in a thread-local of its own (`RippleThreadLocal.h`).
    var misuse: MisuseState? {
        ripple_thread_misuse_get().map { Unmanaged<MisuseState>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The thread's misuse state, made on the first misuse; the runtime's teardown
    /// releases it.
    var ensuredMisuse: MisuseState {
        if let misuse { return misuse }
        let made = MisuseState()
        ripple_thread_misuse_set(Unmanaged.passRetained(made).toOpaque())
        return made
    }
}

/// Nodes already reported for one kind of issue, held weakly: a node made later at a
/// dead one's address is reported too.
struct ReportedNodes {
    private var nodes: [ObjectIdentifier: WeakModel] = [:]
    private var sweepAt = 64

    /// Adds `node`; false if it was there already. A nil node (a run recording nothing)
    /// is reported every time.
    mutating func insert(_ node: ReactiveNode?) -> Bool {
        guard let node else { return true }
        let id = ObjectIdentifier(node)
        if nodes[id]?.object === node { return false }
        if nodes.count >= sweepAt {
            nodes = nodes.filter { $0.value.object != nil }
            sweepAt = Swift.max(64, nodes.count * 2)
        }
        nodes[id] = WeakModel(node)
        return true
    }
}

/// Takes a turn in the flush to invalidate the computeds marked during their own run
/// (``Graph/invalidatedDuringRun(_:_:)``): after the effect whose run evaluated them,
/// in the same flush, so that an effect they re-run counts its runs there. One per
/// thread, made on the first misuse.
final class MisuseNotifier: WatcherNode {
    init() {
        super.init(flags: [])
    }

    override func runQueued(_ runtime: RuntimeRef) {
        flags.subtract(.queued)
        Graph.invalidateMarkedDuringRun(runtime)
    }
}
