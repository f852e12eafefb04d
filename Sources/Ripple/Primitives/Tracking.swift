internal import RippleThreadLocal

/// Runs `apply`, recording what it reads; `onChange` runs once, after the first
/// change to any of it.
///
/// Like Observation's `withObservationTracking`, but `onChange` runs when the
/// outermost write or ``batch(_:)`` that changed something `apply` read has ended, so
/// it reads the new values. Then tracking ends; call `withTracking` again to follow
/// further changes. A read ``Computed`` that recomputes to an equal value is no
/// change. Nested scopes each track only their own reads.
///
/// <!-- leaks: re-arms forever, so the last scope keeps what it follows alive -->
/// ```swift
/// let temperature = Signal(20)
/// func follow() {
///     let shown = withTracking { temperature.value } onChange: {
///         print("now", temperature.value)   // the new value
///         follow()                           // keep following
///     }
///     print("showing", shown)
/// }
/// follow()                 // prints "showing 20"
/// temperature.value = 25   // prints "now 25", then "showing 25"
/// ```
///
/// The scope lives as long as something it read does: it keeps `onChange` alive
/// while armed and never keeps what it read alive. So an `onChange` that captures a
/// node the scope read keeps that node, and the scope, alive until the node changes,
/// as with Observation; capture weakly what should be free to go.
///
/// `apply` may throw: the error is rethrown, and what `apply` read before it stays
/// followed, so `onChange` still runs when that changes.
///
/// - Parameters:
///   - apply: The reads to follow; its result is returned.
///   - onChange: Runs once, outside any tracking scope; writes in it are batched.
/// - Returns: What `apply` returned.
@inlinable
public func withTracking<T>(_ apply: () throws -> T, onChange: consuming @escaping () -> Void) rethrows -> T {
    // Inlined into the caller, which calls `apply` directly; the scope's work is not
    // generic.
    let run = beginTrackingScope(onChange: consume onChange)
    let result: T
    do {
        result = try apply()
    } catch {
        endTrackingScope(run)
        throw error
    }
    endTrackingScope(run)
    return result
}

// Free functions, not static methods: a static method called from code inlined into
// another module goes through a thunk that drops its unused metatype argument.

/// Starts recording the reads of ``withTracking(_:onChange:)`` into a scope: the fired
/// scope whose `onChange` is running, if it is free to take over, or a new one.
@usableFromInline
@inline(never)
func beginTrackingScope(onChange: consuming @escaping () -> Void) -> TrackingScope.Run {
    TrackingScope.begin(onChange: consume onChange, reusable: true)
}

/// ``TrackingScope/end(_:)`` for ``withTracking(_:onChange:)``.
@usableFromInline
@inline(never)
func endTrackingScope(_ run: TrackingScope.Run) {
    TrackingScope.end(run)
}

/// The subscriber behind ``withTracking(_:onChange:)``: one run, one notification.
///
/// Its links own nothing, unlike every other subscriber's. It holds a reference to
/// itself from its first run until it is disposed: when it has fired and nothing took
/// it over, when every node it read has died, or when its owner cancels it.
///
/// A scope that fires stays linked while its `onChange` runs, marked stale so that no
/// write queues it again. The usual `onChange` re-arms: the first `withTracking` it
/// calls takes the fired scope over instead of allocating one, and its reads confirm
/// the links already in place, as an effect's re-run does. If nothing takes it over,
/// the scope unlinks once `onChange` returns. A scope whose owner can cancel it
/// (`Observe`'s) is never taken over.
@usableFromInline
final class TrackingScope: ScopeNode {
    @exclusivity(unchecked) private var onChange: () -> Void
    /// Whether a change runs `onChange`.
    @exclusivity(unchecked) private var armed = false
    /// Whether a `withTracking` inside this scope's `onChange` may take it over.
    private let reusable: Bool
    /// The `trackObservable` sources the scope read: its links do not own them.
    private var keptSources: [ReactiveNode] = []
    private let releaseDrain = ReleaseDrain()

    init(onChange: @escaping () -> Void, reusable: Bool) {
        self.onChange = onChange
        self.reusable = reusable
        super.init()
        if ripple_trace_all_get() != 0 { flags.formUnion(.traced) }
    }

    /// `observe`'s scopes are the ones that are not reusable.
    var isObserving: Bool { !reusable }

    /// A scope's run in progress, and the run it interrupted.
    @usableFromInline
    struct Run {
        let scope: Unmanaged<TrackingScope>
        let outer: Graph.OpenRun
        let runtime: RuntimeRef
    }

    /// Starts recording reads into a scope; a `reusable` one may take over the fired
    /// scope whose `onChange` is running. It takes `onChange` owned: the caller's
    /// closure is stored, or swapped into the fired scope, with no retain and release
    /// around the call.
    @inline(__always)
    static func begin(onChange: consuming @escaping () -> Void, reusable: Bool) -> Run {
        let runtime = Runtime.current
        let scope: Unmanaged<TrackingScope>
        if reusable,
           let fired = runtime.pointee.firedScope.map({ Unmanaged<TrackingScope>.fromOpaque($0.toOpaque()) }) {
            runtime.pointee.firedScope = nil
            scope = fired
            // The old closure is the one running now, if `onChange` re-arms; the
            // reference `runQueued` holds for the call keeps it alive until it returns.
            fired._withUnsafeGuaranteedRef { $0.onChange = onChange }
        } else {
            // The scope's reference to itself, released when it is disposed.
            scope = .passRetained(TrackingScope(onChange: onChange, reusable: reusable))
        }
        var context = runtime.pointee.run
        context.activeSub = .fromOpaque(scope.toOpaque())
        let run = Run(scope: scope, outer: Graph.beginRun(context, holdingReleases: true, runtime), runtime: runtime)
        scope._withUnsafeGuaranteedRef { Graph.beginTracking($0, runtime) }
        return run
    }

    /// Stops recording, restores the interrupted run and arms the scope.
    @inline(__always)
    static func end(_ run: Run) {
        let runtime = run.runtime
        run.scope._withUnsafeGuaranteedRef { scope in
            Graph.endTracking(scope, runtime)
            Graph.endRun(run.outer, runtime)
            scope.arm(runtime)
        }
        runtime.drainRetired()
    }

    /// Runs `apply` in a new scope and arms it; the scope is returned so that its owner
    /// can cancel it. Nothing else takes such a scope over.
    static func track<T>(_ apply: () -> T, onChange: @escaping () -> Void) -> (result: T, scope: TrackingScope) {
        let run = begin(onChange: onChange, reusable: false)
        let result = apply()
        let scope = run.scope.takeUnretainedValue()
        end(run)
        return (result, scope)
    }

    /// Stops following: `onChange` will not run.
    func cancel() {
        let runtime = Runtime.current
        dispose(runtime)
        runtime.drainRetired()
    }

    deinit {
        Runtime.current.pointee.retire(closure: onChange)
    }

    /// Inlined into `end`: the common case is two loads and a store.
    @inline(__always)
    func arm(_ runtime: RuntimeRef) {
        // `traced` shares the test: an untraced scope runs the same instructions.
        if liveDependencies > 0, flags.isDisjoint(with: [.dirty, .pending, .traced]) {
            armed = true
        } else {
            armSlowly(runtime)
        }
    }

    @inline(never)
    private func armSlowly(_ runtime: RuntimeRef) {
        guard liveDependencies > 0 else {
            dispose(runtime)
            return
        }
        armed = true
        if flags.contains(.traced) {
            Graph.traceArmed(self, runtime)
            guard !flags.isDisjoint(with: .stale) else { return }
        }
        // `apply` itself wrote something it had read.
        Graph.enqueue(self, runtime)
        Graph.flushIfOutermost(runtime)
    }

    /// A node this scope read has died; once all have, nothing can change.
    override func dependencyDied(_ runtime: RuntimeRef) {
        super.dependencyDied(runtime)
        if liveDependencies == 0, armed {
            dispose(runtime)
        }
    }

    /// Keeps `source` alive as long as the scope.
    func keep(_ source: ReactiveNode) {
        keptSources.append(source)
    }

    /// Unlinks for good and lets go of the scope's reference to itself.
    private func dispose(_ runtime: RuntimeRef) {
        guard !flags.contains(.disposed) else { return }
        flags.formUnion(.disposed)
        armed = false
        Graph.unlinkAll(self, runtime)
        if !keptSources.isEmpty {
            runtime.pointee.retire(value: keptSources)
            keptSources = []
        }
        runtime.pointee.retire(.passUnretained(self))
    }

    /// Fires the scope, queued because its dependencies may have changed.
    override func runQueued(_ runtime: RuntimeRef) {
        flags.subtract(.queued)
        // `traced` shares the test with `disposed`: an untraced scope pays one test.
        let unusual = !flags.isDisjoint(with: [.disposed, .traced])
        if unusual, flags.contains(.disposed) { return }
        let fires = flags.contains(.dirty) || (flags.contains(.pending) && revalidate(runtime))
        if unusual { Graph.traceDecided(self, runs: fires, runtime) }
        guard fires else {
            flags.subtract(.pending)
            return
        }
        // Fired. Dirty, it is left alone by propagation until a run clears the mark.
        armed = false
        flags.formUnion(.dirty)
        // The flush runs it outside any run (`Graph.flush`), and runs no other scope
        // during this one's `onChange`: nothing to save.
        assert(runtime.pointee.firedScope == nil, "a fired scope's onChange is already running")
        runtime.pointee.firedScope = reusable ? .passUnretained(self) : nil
        // The call owns the closure, moved out of the scope: a `withTracking` in it
        // that takes this scope over stores its own, and this one goes when it returns.
        let running = onChange
        onChange = {}
        running()
        let takenOver = reusable && runtime.pointee.firedScope == nil
        runtime.pointee.firedScope = nil
        if !takenOver {
            onChange = running
            dispose(runtime)
        }
    }

    /// Revalidates with the dependencies held alive: this scope's links do not own
    /// them, and user code running during the walk could otherwise free one.
    private func revalidate(_ runtime: RuntimeRef) -> Bool {
        var cursor = deps
        while let link = cursor {
            _ = link.pointee.dep.retain()
            cursor = link.pointee.nextDep
        }
        let dirty = Graph.checkDirty(self, runtime)
        cursor = deps
        while let link = cursor {
            Graph.dropDependency(link.pointee.dep, runtime)
            cursor = link.pointee.nextDep
        }
        return dirty
    }
}
