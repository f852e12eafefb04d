/// Runs `apply`, recording what it reads; `onChange` runs once, after the first
/// change to any of it.
///
/// Like Observation's `withObservationTracking`, but `onChange` runs when the
/// outermost write or ``batch(_:)`` that changed something `apply` read has ended, so
/// it reads the new values. Then tracking ends; call `withTracking` again to follow
/// further changes. A read ``Computed`` that recomputes to an equal value is no
/// change. Nested scopes each track only their own reads.
///
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
/// - Parameters:
///   - apply: The reads to follow; its result is returned.
///   - onChange: Runs once, outside any tracking scope; writes in it are batched.
/// - Returns: What `apply` returned.
@inlinable
public func withTracking<T>(_ apply: () -> T, onChange: @escaping () -> Void) -> T {
    // Inlined into the caller, which calls `apply` directly; the scope's work is not
    // generic.
    let run = TrackingScope.begin(onChange: onChange)
    let result = apply()
    TrackingScope.end(run)
    return result
}

/// The subscriber behind ``withTracking(_:onChange:)``: one run, one notification.
///
/// Its links own nothing, unlike every other subscriber's. It keeps itself alive
/// while armed, until it fires or every node it read has died.
@usableFromInline
final class TrackingScope: DependentNode {
    let onChange: () -> Void
    /// Links whose dependency is still alive.
    @exclusivity(unchecked) var liveDependencies = 0
    @exclusivity(unchecked) private var armed = false
    private let releaseDrain = ReleaseDrain()

    init(onChange: @escaping () -> Void) {
        self.onChange = onChange
        super.init(flags: .tracker)
    }

    /// A scope's run in progress, and the run it interrupted.
    @usableFromInline
    struct Run {
        let scope: TrackingScope
        let outerSub: Unmanaged<DependentNode>?
        let outerCursor: LinkPointer?
        let runtime: RuntimeRef
    }

    /// Creates a scope and starts recording reads into it.
    @usableFromInline
    static func begin(onChange: @escaping () -> Void) -> Run {
        let runtime = Runtime.current
        let scope = TrackingScope(onChange: onChange)
        let run = Run(
            scope: scope, outerSub: runtime.pointee.activeSub, outerCursor: runtime.pointee.cursor, runtime: runtime
        )
        runtime.pointee.activeSub = .passUnretained(scope)
        runtime.pointee.busy &+= 1
        Graph.beginTracking(scope, runtime)
        return run
    }

    /// Stops recording, restores the interrupted run and arms the scope.
    @usableFromInline
    static func end(_ run: Run) {
        let runtime = run.runtime
        Graph.endTracking(run.scope, runtime)
        runtime.pointee.cursor = run.outerCursor
        runtime.pointee.busy &-= 1
        runtime.pointee.activeSub = run.outerSub
        run.scope.arm(runtime)
        runtime.drainRetired()
    }

    /// Runs `apply` in a new scope and arms it; the scope is returned so that its owner
    /// can cancel it.
    static func track<T>(_ apply: () -> T, onChange: @escaping () -> Void) -> (result: T, scope: TrackingScope) {
        let run = begin(onChange: onChange)
        let result = apply()
        end(run)
        return (result, run.scope)
    }

    /// Stops following: `onChange` will not run.
    func cancel() {
        guard !flags.contains(.disposed) else { return }
        let runtime = Runtime.current
        disarm(runtime)
        runtime.drainRetired()
    }

    deinit {
        Runtime.current.pointee.retire(closure: onChange)
    }

    func arm(_ runtime: RuntimeRef) {
        guard liveDependencies > 0 else {
            disarm(runtime)
            return
        }
        armed = true
        _ = Unmanaged.passUnretained(self).retain()
        if !flags.isDisjoint(with: .stale) {
            // `apply` itself wrote something it had read.
            Graph.enqueue(self, runtime)
            if runtime.pointee.batchDepth == 0 { Graph.flush(runtime) }
        }
    }

    /// A node this scope read has died; it can never change again.
    func dependencyDied(_ runtime: RuntimeRef) {
        liveDependencies -= 1
        if liveDependencies == 0, armed {
            disarm(runtime)
        }
    }

    private func disarm(_ runtime: RuntimeRef) {
        flags.insert(.disposed)
        Graph.unlinkAll(self, runtime)
        if armed {
            armed = false
            runtime.pointee.retire(.passUnretained(self))
        }
    }

    override func runQueued(_ runtime: RuntimeRef) {
        guard !flags.contains(.disposed) else { return }
        if flags.contains(.dirty) || (flags.contains(.pending) && revalidate(runtime)) {
            disarm(runtime)
            let outerSub = runtime.pointee.activeSub
            let outerEffect = runtime.pointee.runningEffect
            runtime.pointee.activeSub = nil
            runtime.pointee.runningEffect = nil
            onChange()
            runtime.pointee.runningEffect = outerEffect
            runtime.pointee.activeSub = outerSub
        } else {
            flags.remove(.pending)
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
            runtime.pointee.retire(link.pointee.dep)
            cursor = link.pointee.nextDep
        }
        return dirty
    }
}
