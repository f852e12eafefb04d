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
/// graph settles, and a 101st run in one flush is a fatal error naming the effect.
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
public final class Effect: DependentNode {
    let body: () -> Void
    /// What few effects have: a name, cleanups, children. Allocated on first need.
    @exclusivity(unchecked) var extras: EffectExtras?
    /// The effect that created this one during its run, if any; unowned (the parent owns
    /// its children and clears this when it disposes them).
    @exclusivity(unchecked) var parent: Unmanaged<Effect>?
    /// The call site's `#fileID` (null-terminated, as every pointer-backed
    /// `StaticString` is) and line: 12 bytes where a `StaticString` and a `UInt` take 24.
    /// Every field here counts: an effect fits an 88-byte allocation, a 96-byte chunk.
    private let fileStart: UnsafePointer<UInt8>
    private let line: UInt32
    @exclusivity(unchecked) var runsThisFlush: UInt32 = 0
    private let releaseDrain = ReleaseDrain()

    /// The flush the effect last ran in. An effect has no value, so nothing reads its
    /// version: the field holds this instead.
    var runStamp: UInt32 {
        get { version }
        set { version = newValue }
    }

    /// Creates an effect and runs `body` once, synchronously.
    ///
    /// ```swift
    /// let title = Signal("Dune")
    /// let render = Effect("title view") { print("title:", title.value) }   // title: Dune
    /// title.value = "Emma"                                                  // title: Emma
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
        self.body = EnvironmentScope.bind(consume body)
        if let name { extras = EffectExtras(name: name) }
        // `#fileID` is always a pointer; a single-scalar literal is not, and names no file.
        let site: StaticString = file.hasPointerRepresentation ? file : "(unknown file)"
        self.fileStart = site.utf8Start
        self.line = UInt32(clamping: line)
        super.init(flags: [.effect, .dirty])
        let runtime = Runtime.current
        runtime.pointee.batchDepth &+= 1
        if let parent = runtime.pointee.bodyRunningEffect {
            parent._withUnsafeGuaranteedRef { Graph.adopt(self, by: $0, runtime) }
        }
        Graph.execute(self, runtime)
        Graph.endQuietBatch(runtime)
        runtime.drainRetired()
    }

    deinit {
        if flags.contains(.checking) {
            fatalError("""
                Ripple: effect \(displayName) was released while a Computed it depends on was \
                evaluating. A Computed must only derive its value: release effects from an \
                effect body or from outside the graph.
                """)
        }
        let runtime = Runtime.current
        if flags.contains(.executing) {
            // Its own body, cleanup or child released the last handle during its run:
            // the run stops tracking into it and, once back, stops touching it.
            Graph.releasedWhileExecuting(self, runtime)
        }
        if !flags.contains(.disposed) {
            runtime.pointee.batchDepth &+= 1
            Graph.dispose(self, runtime)
            Graph.endQuietBatch(runtime)
        }
        // The body may still be running: its captures live until the next drain.
        runtime.pointee.retire(closure: body)
    }

    /// Stops the effect: disposes its children, runs its cleanups, and releases what it
    /// depends on. Calling it again does nothing.
    ///
    /// ```swift
    /// let ticks = Signal(0)
    /// let logger = Effect { print("tick", ticks.value) }
    /// logger.cancel()
    /// ticks.value = 1   // prints nothing
    /// ```
    public func cancel() {
        guard !flags.contains(.disposed) else { return }
        if !flags.isDisjoint(with: [.running, .checking]) {
            // Cancelled from its own body, or while deciding whether to run: that
            // finishes first, and its links stay intact meanwhile.
            flags.formUnion(.disposed)
            return
        }
        let runtime = Runtime.current
        runtime.pointee.batchDepth &+= 1
        Graph.dispose(self, runtime)
        Graph.endQuietBatch(runtime)
        runtime.drainRetired()
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
    /// print(firstRow.isCancelled)   // false
    /// page.value = 2                // list re-runs and disposes its old child
    /// print(firstRow.isCancelled)   // true
    /// list.cancel()
    /// ```
    public var isCancelled: Bool {
        flags.contains(.disposed)
    }

    var displayName: String {
        if let name = extras?.name { return "'\(name)'" }
        return "created at \(String(cString: fileStart)):\(line)"
    }

    /// The effect's extras, allocated now if it has none yet.
    var ensuredExtras: EffectExtras {
        if let extras { return extras }
        let created = EffectExtras(name: nil)
        extras = created
        return created
    }

    /// Runs the effect, queued because its dependencies may have changed.
    func runQueued(_ runtime: RuntimeRef) {
        guard !flags.contains(.disposed) else { return }
        if !flags.contains(.dirty) {
            guard flags.contains(.pending) else { return }
            // `checking` stays set until the decision is made: releasing the effect
            // meanwhile is misuse (see `deinit`), even past the walk's return, where an
            // unoptimized caller releases its own reference; a cancel waits for it.
            let dirty = Graph.checkDirty(self, runtime, keepsRootChecking: true)
            // `remove`, a full-width store: the run reads the flags next (see `NodeFlags`).
            flags.remove(.checking)
            if flags.contains(.disposed) {
                // Cancelled by a computed the check recomputed: it never runs again.
                Graph.dispose(self, runtime)
                return
            }
            guard dirty else {
                flags.subtract(.pending)
                return
            }
        }
        Graph.execute(self, runtime)
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
/// }
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
    effect._withUnsafeGuaranteedRef { effect in
        effect.ensuredExtras.cleanups.append(cleanup)
        effect.flags.formUnion(.hasCleanups)
    }
}

/// The state only some effects have, kept out of line so that every effect stays small.
final class EffectExtras {
    let name: String?
    /// Run before the next run and on cancel, most recent first; `.hasCleanups` is set
    /// while any are registered.
    var cleanups: [() -> Void] = []
    /// The effects created during the last run, which the effect owns; `.hasChildren`
    /// is set while any are.
    var children: [Effect] = []

    init(name: String?) {
        self.name = name
    }
}
