/// The engine's calls into tracing. The engine makes them only for nodes with the
/// `traced` flag, which shares a test an untraced node makes for other reasons
/// already, so a graph nobody traces never gets here.
extension Graph {
    /// The push marked a traced node: remember what marked it, and its value before.
    @inline(never)
    static func traceMark(_ link: LinkPointer, _ runtime: RuntimeRef) {
        let dep = link.pointee.dep.takeUnretainedValue()
        let sub = link.pointee.sub.takeUnretainedValue()
        runtime.pointee.recorder.mark(dep, sub, runtime)
    }

    /// A property of a traced model is about to push a change: trace the observers
    /// downstream of it first, so that their marks are recorded.
    @inline(never)
    static func traceObservers(of node: ReactiveNode, _ runtime: RuntimeRef) {
        runtime.pointee.recorder.traceDownstream(from: node, printing: TraceCenter.printsObservers(of: node))
    }

    /// An effect's first run, with every observer traced (`RIPPLE_TRACE=1`).
    @inline(never)
    static func executeFirstTraced(_ effect: EffectNode, _ runtime: RuntimeRef) {
        effect.flags.formUnion(.traced)
        execute(effect, runtime)
        report(effect, didRun: true, isFirstRun: true, runtime)
    }

    /// A traced effect's turn in the flush: held until the next drain, for the report
    /// reads the effect after its run, and its body may release its last handle.
    @inline(never)
    static func holdForTrace(_ effect: EffectNode, _ runtime: RuntimeRef) {
        runtime.pointee.retire(Unmanaged<ReactiveNode>.passRetained(effect))
    }

    /// A traced effect, tracking scope or Observation watcher decided whether its
    /// dependencies changed: report it.
    @inline(never)
    static func traceDecided(_ watcher: WatcherNode, runs: Bool, _ runtime: RuntimeRef) {
        report(watcher, didRun: runs, isFirstRun: false, runtime)
    }

    /// A traced tracking scope or Observation watcher started following what it read.
    @inline(never)
    static func traceArmed(_ watcher: WatcherNode, _ runtime: RuntimeRef) {
        runtime.pointee.recorder.instrumentCone(of: watcher)
    }

    private static func report(_ observer: WatcherNode, didRun: Bool, isFirstRun: Bool, _ runtime: RuntimeRef) {
        let recorder = runtime.pointee.recorder
        let showsAbsorbed = TraceCenter.showsAbsorbed
        let kind: RippleTrace.Event.Kind
        switch observer {
        case is EffectNode: kind = .effect
        case let scope as TrackingScope: kind = scope.isObserving ? .observe : .tracking
        default: kind = .observation
        }
        let event = recorder.event(
            for: observer, kind: kind, didRun: didRun, isFirstRun: isFirstRun, showsAbsorbed: showsAbsorbed, runtime
        )
        if observer is EffectNode, !observer.flags.contains(.disposed) {
            recorder.instrumentCone(of: observer)
        }
        guard didRun || showsAbsorbed else { return }
        let printing = TraceCenter.prints(ObjectIdentifier(observer))
        if kind == .observe, didRun {
            // Coalesced: reported when the sequence delivers, with what it delivers.
            TraceCenter.hold(event, nodes: recorder.stepNodes, printing: printing, for: observer)
            return
        }
        TraceCenter.emit(event, printing: printing)
    }

    /// An `observe` sequence delivered the value its fired scope stood for: report
    /// the run held since, each step's new value as it is now.
    /// `next`, the scope that follows the expression from now on, is traced as the
    /// fired one was.
    @inline(never)
    static func traceDelivered(_ fired: TrackingScope, following next: TrackingScope) {
        TraceCenter.setPrinting(TraceCenter.prints(ObjectIdentifier(fired)), for: next)
        next.flags.formUnion(.traced)
        Runtime.current.pointee.recorder.instrumentCone(of: next)
        TraceCenter.releaseHeld(for: fired)
    }
}
