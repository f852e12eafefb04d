/// An observer with a side effect: runs its body now, then again whenever something
/// it read changes.
///
/// ```swift
/// let count = Signal(0)
/// let doubled = Computed { count.value * 2 }
/// let effect = Effect { print("doubled:", doubled.value) }  // prints "doubled: 0" now
/// count.value = 1                                           // prints "doubled: 2"
/// batch { count.value = 2; count.value = 3 }                // prints "doubled: 6", once
/// effect.cancel()
/// ```
///
/// An effect runs once per outermost write or ``batch(_:)`` that changed something it
/// read, after all of its writes, never seeing a half-applied state. Writes made in
/// its body are batched; an effect that writes a signal it read runs again until the
/// graph settles. One that has run 100 times in one flush without settling is stopped
/// for that flush and reported as a ``RuntimeIssue`` that names it and what re-ran it;
/// the flush goes on, and a later change to what it read runs it again. A body may
/// throw: the error ends that run and is reported.
///
/// Order, deterministic:
/// - A write notifies its direct subscribers in subscription order; a dependency read
///   again on a re-run keeps its place.
/// - Effects run in the order they were first notified, except that a parent effect
///   runs before its pending children (a child the parent's re-run disposes never runs).
/// - On re-run or cancel, an effect first disposes its children (most recent first,
///   depth first), then runs its own cleanups (most recent first).
///
/// Ownership: an effect created while another effect runs belongs to that parent and
/// lives until the parent re-runs or is cancelled, whether or not its handle is kept.
/// Any other effect lives as long as its handle: releasing the last reference cancels
/// it, like `AnyCancellable`.
///
/// An effect re-runs in the environment (``EnvironmentValues``) that was active when it
/// was created, so a later run resolves the same stores.
///
/// An effect belongs to the isolation domain that created it.
public final class Effect: EffectNode {
    /// Creates an effect and runs `body` once, synchronously.
    ///
    /// ```swift
    /// let title = Signal("Dune")
    /// let render = Effect("title view") { print("title:", title.value) }   // prints "title: Dune"
    /// title.value = "Emma"                                                  // prints "title: Emma"
    /// render.cancel()
    /// ```
    ///
    /// - Parameters:
    ///   - name: Names the effect in diagnostics; by default the file and line of the call.
    ///   - body: The side effect. Reads in it are tracked; writes in it are batched.
    public init(
        _ name: String? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ body: consuming @escaping () -> Void
    ) {
        super.init(name: name, file: file, line: line, body: AmbientEnvironment.bind(consume body))
    }

    /// Creates an effect whose body may throw, and runs it once, synchronously.
    ///
    /// ```swift
    /// struct Offline: Error {}
    /// let connected = Signal(true)
    /// let sync = Effect("sync") {
    ///     guard connected.value else { throw Offline() }
    ///     print("synced")
    /// }                           // prints "synced"
    /// connected.value = false     // the run throws: reported as a RuntimeIssue
    /// connected.value = true      // prints "synced": the read before the throw is kept
    /// sync.cancel()
    /// ```
    ///
    /// An error ends that run and is reported (``RuntimeIssue/Kind/effectError``, with
    /// the effect's name). What the body read before the throw stays tracked, so the
    /// effect runs again when it changes; cleanups registered before the throw run as
    /// usual, and the other effects of the flush still run.
    public init(
        _ name: String? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ body: consuming @escaping () throws -> Void
    ) {
        super.init(name: name, file: file, line: line, body: AmbientEnvironment.bind(Graph.throwingBody(body)))
    }

    /// Stops the effect: disposes its children, runs its cleanups, and releases what it
    /// depends on and its body, with everything the body captured. Calling it again
    /// does nothing.
    ///
    /// ```swift
    /// let ticks = Signal(0)
    /// let logger = Effect { print("tick", ticks.value) }   // prints "tick 0"
    /// logger.cancel()
    /// ticks.value = 1   // prints nothing
    /// ```
    public func cancel() {
        cancel(Runtime.current)
    }

    /// Whether the effect has stopped: ``cancel()`` was called, or its owning parent
    /// re-ran or was cancelled.
    ///
    /// A stopped effect never runs again. (An effect whose last handle is released
    /// stops too, but then no handle is left to ask.)
    ///
    /// ```swift
    /// let page = Signal(1)
    /// var row: Effect?
    /// let list = Effect { _ = page.value; row = Effect { } }   // row belongs to list
    /// let firstRow = row!
    /// print(firstRow.isCancelled)   // prints "false"
    /// page.value = 2                // list re-runs and disposes its old child
    /// print(firstRow.isCancelled)   // prints "true"
    /// list.cancel()
    /// ```
    public var isCancelled: Bool {
        flags.contains(.disposed)
    }
}

/// Registers work to undo what the running effect's body did: it runs before the
/// effect's next run and when the effect is cancelled, outside any tracking scope.
///
/// ```swift
/// let interval = Signal(1)
/// let timer = Effect {
///     let seconds = interval.value
///     print("start timer every", seconds, "s")
///     onCleanup { print("stop timer every", seconds, "s") }
/// }                    // prints "start timer every 1 s"
/// interval.value = 5   // prints "stop timer every 1 s", then "start timer every 5 s"
/// timer.cancel()       // prints "stop timer every 5 s"
/// ```
///
/// Calling it anywhere but inside an effect's body is a fatal error.
public func onCleanup(_ cleanup: @escaping () -> Void) {
    guard let effect = Runtime.current.pointee.bodyRunningEffect else {
        fatalError("""
            Ripple: onCleanup was called outside an effect body. Call it inside the \
            closure passed to Effect { }, where it registers work to undo before the \
            effect's next run and when it is cancelled.
            """)
    }
    effect._withUnsafeGuaranteedRef { $0.addCleanup(cleanup) }
}
