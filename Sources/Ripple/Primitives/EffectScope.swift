/// Collects the effects created inside ``run(_:)`` so that one ``cancel()`` ends them
/// all.
///
/// ```swift
/// let name = Signal("Ada"), count = Signal(1)
/// let screen = EffectScope()
/// screen.run {
///     _ = Effect { print("name:", name.value) }     // prints "name: Ada"; the scope keeps it
///     _ = Effect { print("count:", count.value) }   // prints "count: 1"
/// }
/// name.value = "Grace"                          // prints "name: Grace"
/// screen.cancel()                               // both effects end
/// count.value = 2                               // prints nothing
/// ```
///
/// Ownership follows the rule for effects created inside an effect: an ``Effect``
/// created while `run` executes belongs to the scope, which keeps it alive whether or
/// not its handle is kept, until the scope is cancelled. So does a scope created inside
/// another scope's `run` (scopes nest: cancelling the outer one cancels the inner one),
/// and ``onCleanup(_:)`` called inside `run` registers work to do when the scope is
/// cancelled. A scope created inside an effect's body belongs to that effect and is
/// cancelled when the effect re-runs or is cancelled. Effects created inside an
/// effect's body belong to that effect, as before, even when a scope's `run` created
/// the outer one.
///
/// ``cancel()`` ends everything in reverse order of creation, each nested scope or
/// effect's own children first, then the cleanups: every cleanup runs once. Calling
/// it again does nothing. Releasing the last reference to the scope cancels it too.
///
/// A scope belongs to the isolation domain that created it.
public final class EffectScope: EffectNode {
    /// Creates an empty scope.
    ///
    /// ```swift
    /// let scope = EffectScope("settings screen")
    /// print(scope.isCancelled)   // prints "false"
    /// scope.cancel()
    /// print(scope.isCancelled)   // prints "true"
    /// ```
    ///
    /// - Parameter name: Names the scope in diagnostics; by default the file and line of
    ///   the call.
    public init(_ name: String? = nil, file: StaticString = #fileID, line: UInt = #line) {
        super.init(name: name, file: file, line: line, body: {})
    }

    /// Runs `body`; the effects and scopes it creates belong to this scope.
    ///
    /// ```swift
    /// let scope = EffectScope()
    /// let ticks = Signal(0)
    /// let label = scope.run {
    ///     _ = Effect { print("tick", ticks.value) }   // prints "tick 0"
    ///     onCleanup { print("scope ended") }
    ///     return "ticker"
    /// }
    /// print(label)     // prints "ticker"
    /// scope.cancel()   // prints "scope ended"
    /// ```
    ///
    /// Reads inside `body` are not tracked by an effect that calls `run`: the body sets
    /// things up, it does not derive anything. A scope can run more than once; the
    /// effects of every run belong to it. Effects created in a run of a cancelled scope
    /// are cancelled as soon as that run ends.
    ///
    /// - Parameter body: Creates effects and nested scopes; its result is returned.
    /// - Returns: What `body` returned.
    @discardableResult
    public func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        let runtime = Runtime.current
        pruneCancelledChildren(runtime)
        let outer = Graph.beginRun(RunContext(runningEffect: .passUnretained(self)), runtime)
        defer {
            Graph.endRun(outer, Runtime.current)
            if isCancelled {
                // Whatever the run created outlives nothing.
                flags.remove(.disposed)
                cancel(Runtime.current)
            }
        }
        return try body()
    }

    /// Cancels every effect and scope created in the scope's runs, then runs the
    /// cleanups registered in them. Calling it again does nothing.
    ///
    /// ```swift
    /// let outer = EffectScope(), level = Signal(0)
    /// outer.run {
    ///     let inner = EffectScope()
    ///     inner.run {
    ///         Effect {
    ///             print("level", level.value)      // prints "level 0"
    ///             onCleanup { print("inner effect cleaned up") }
    ///         }
    ///     }
    /// }
    /// outer.cancel()   // prints "inner effect cleaned up", once
    /// outer.cancel()   // prints nothing
    /// level.value = 1  // prints nothing
    /// ```
    public func cancel() {
        cancel(Runtime.current)
    }

    /// Whether the scope has been cancelled: by ``cancel()``, or by the scope or effect
    /// that owns it.
    ///
    /// ```swift
    /// let outer = EffectScope()
    /// let inner = outer.run { EffectScope() }
    /// outer.cancel()
    /// print(inner.isCancelled)   // prints "true"
    /// ```
    public var isCancelled: Bool {
        flags.contains(.disposed)
    }

    /// A long-lived scope whose effects are cancelled one by one through their handles
    /// would keep them all; each run first lets the cancelled ones go.
    private func pruneCancelledChildren(_ runtime: RuntimeRef) {
        guard flags.contains(.hasChildren), let extras,
              extras.children.contains(where: { $0.flags.contains(.disposed) })
        else { return }
        let children = extras.children
        extras.children = children.filter { !$0.flags.contains(.disposed) }
        runtime.pointee.retire(value: children)
        runtime.drainRetired()
    }
}
