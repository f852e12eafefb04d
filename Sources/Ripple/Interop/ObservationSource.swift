@_spi(SwiftUI) internal import Observation
internal import RippleThreadLocal
internal import Synchronization

/// The source node behind one `trackObservable` call of a run: it changes when
/// Apple's Observation reports a change to what the block read.
///
/// Each run of the subscriber registers the block's reads afresh, so that a branch no
/// longer taken stops being followed, and retires the registration it replaces.
/// Observation has no call that cancels a registration; Ripple cancels its own by
/// including a read of a private registrar of its own in each one, and then changing
/// that: Observation ends a tracking, in every registrar it spans, at its first change.
/// Registrations are thus bounded by the live sources, one each (two while a change is
/// being stored).
///
/// Observation reports a change twice: before the new value is stored (`willSet`, the
/// public `onChange`) and after (`didSet`, the `@_spi(SwiftUI)` hook SwiftUI uses).
/// Before, the source marks its dependents stale, which is all a pull needs; after, it
/// marks them again (a pull made in between may have cached the old value) and runs
/// the effects. Should the `didSet` hook ever stop being called, the public path still
/// gets them run: at the next turn of the main actor for a graph on the main thread,
/// otherwise at the next transaction on the graph's thread.
final class ObservationSource: ReactiveNode {
    /// The registration of the subscriber's last run.
    private var current: ObservationRegistration?
    /// Registrations whose change has been announced and not yet stored.
    private var changing: [ObservationRegistration] = []
    /// What the source's registrations read so that they can be cancelled, reused from
    /// one registration to the next; a registration whose change is being stored keeps
    /// its own, and the source takes a new one.
    private var canceller = RegistrationCanceller()
    /// Where the graph lives, decided when the source is made.
    private let owner: GraphOwner

    init(_ runtime: RuntimeRef) {
        owner = .current(runtime)
        super.init(flags: .source)
    }

    deinit {
        current?.cancel()
        for registration in changing { registration.cancel() }
    }

    /// Runs `read` inside the run of `sub`, following what it reads in Observation.
    static func track<T>(_ read: () -> T, for sub: Unmanaged<DependentNode>, _ runtime: RuntimeRef) -> T {
        let source = sourceOfThisCall(for: sub, runtime)
        Graph.link(.passUnretained(source), sub, runtime)
        return source.register(read, runtime)
    }

    /// The source this call used in the run before, if the run's next dependency is
    /// one; a new one otherwise.
    private static func sourceOfThisCall(
        for sub: Unmanaged<DependentNode>, _ runtime: RuntimeRef
    ) -> ObservationSource {
        let next = runtime.pointee.run.cursor.map { $0.pointee.nextDep } ?? sub._withUnsafeGuaranteedRef { $0.deps }
        if let next, let reused = next.pointee.dep.takeUnretainedValue() as? ObservationSource {
            return reused
        }
        let source = ObservationSource(runtime)
        sub._withUnsafeGuaranteedRef { sub in
            // A tracking scope's links own nothing: the scope keeps its sources.
            if sub.flags.contains(.ownsNoLinks) {
                unsafeDowncast(sub, to: TrackingScope.self).keep(source)
            }
        }
        return source
    }

    /// Retires the registration of the run before (unless its change is being stored:
    /// that one ends at its `didSet`), then registers the reads of `read`. A change
    /// between the two is in the value `read` returns.
    private func register<T>(_ read: () -> T, _ runtime: RuntimeRef) -> T {
        if let previous = current, !changing.contains(where: { $0 === previous }) {
            previous.cancel()
        }
        let registration = ObservationRegistration(source: self, owner: owner, canceller: canceller)
        current = registration
        return registration.track(read)
    }

    /// Observation is about to store a new value of something the block read: the
    /// dependents are stale from now on.
    func willChange(_ registration: ObservationRegistration, _ runtime: RuntimeRef) {
        if runtime.pointee.run.computeDepth > 0 { Graph.writeDuringEvaluation(of: self, runtime) }
        version &+= 1
        changing.append(registration)
        if registration.canceller === canceller {
            canceller = RegistrationCanceller()
        }
        Graph.propagate(from: self, .dirty, runtime)
    }

    func isChanging(_ registration: ObservationRegistration) -> Bool {
        changing.contains { $0 === registration }
    }

    /// The new value is stored: dependents that cached the old one during the change
    /// are marked again, and the effects run, unless a batch is open.
    func didChange(_ registration: ObservationRegistration, _ runtime: RuntimeRef) {
        guard let index = changing.firstIndex(where: { $0 === registration }) else { return }
        changing.remove(at: index)
        if current === registration { current = nil }
        registration.finish()
        version &+= 1
        Graph.propagate(from: self, .dirty, runtime)
        Graph.flushIfOutermost(runtime)
    }
}

/// Where the graph that registered lives, and so how a change reported on another
/// thread reaches it.
enum GraphOwner: Sendable {
    /// The main thread: changes from other threads are delivered on the main actor.
    case mainThread
    /// A task on an actor: Observation reports changes made on that actor, whichever
    /// thread it runs on.
    case actor
    /// A thread with no executor: changes from other threads wait in its inbox for its
    /// next transaction.
    case thread(Mailbox)

    static func current(_ runtime: RuntimeRef) -> GraphOwner {
        if isMainThread() { return .mainThread }
        if withUnsafeCurrentTask(body: { $0 != nil }) { return .actor }
        return .thread(runtime.pointee.mailbox)
    }
}

/// One registration with Observation: the callbacks that Observation keeps, and the
/// private registrar whose change cancels them.
final class ObservationRegistration: Sendable {
    /// The source, while it lives.
    // Safety: only the source's own isolation dereferences it: a change reported on
    // another thread is handed over to that isolation first (`deliver(afterStore:)`).
    private struct SourceReference: @unchecked Sendable {
        let node: Unmanaged<ObservationSource>
    }

    private struct State {
        var source: SourceReference?
        var cancelled = false
        var announced = false
        var stored = false
    }

    /// What a test asks of the registrations its task makes; nil outside tests.
    @TaskLocal static var probe: RegistrationProbe?

    private let state: LockedState<State>
    private let owner: GraphOwner
    /// The private registrar this registration reads; changing it cancels it.
    let canceller: RegistrationCanceller
    /// Whether Observation will report the change only before it is stored.
    private let announcesOnly: Bool
    private let probe: RegistrationProbe?
    /// Whether Observation has called a `didSet` hook in this process: until it has,
    /// every change also schedules the public path's end of it.
    private static let didSetSeen = Atomic<Bool>(false)

    init(source: ObservationSource, owner: GraphOwner, canceller: RegistrationCanceller) {
        state = LockedState(State(source: SourceReference(node: .passUnretained(source))))
        self.owner = owner
        self.canceller = canceller
        let probe = Self.probe
        self.probe = probe
        announcesOnly = probe?.publicPathOnly ?? false
        probe?.live.add(1, ordering: .relaxed)
    }

    deinit {
        probe?.live.subtract(1, ordering: .relaxed)
    }

    /// Runs `read` and registers what it read, with this registration's canceller.
    func track<T>(_ read: () -> T) -> T {
        let apply = {
            self.canceller.registerRead()
            return read()
        }
        if announcesOnly {
            return withObservationTracking(apply) { [self] in willSet(nil) }
        }
        return withObservationTracking(apply, willSet: { [self] tracking in
            willSet(tracking)
        }, didSet: { [self] tracking in
            didSet(tracking)
        })
    }

    /// Stops it for good: Observation forgets it in every registrar it spans.
    func cancel() {
        let alreadyCancelled = state.withLock { state in
            defer { state.cancelled = true; state.source = nil }
            return state.cancelled
        }
        if !alreadyCancelled { canceller.fire() }
    }

    /// The source is done with it: its change has been delivered.
    func finish() {
        state.withLock { $0.source = nil }
    }

    /// Observation announces a change; `tracking` is nil on the public path, which
    /// ends the tracking itself.
    private func willSet(_ tracking: ObservationTracking?) {
        enum Step { case cancelTracking, ignore, announce }
        let step = state.withLock { state -> Step in
            if state.cancelled { return .cancelTracking }
            if state.announced { return .ignore }
            state.announced = true
            return .announce
        }
        switch step {
        case .cancelTracking: tracking?.cancel()
        case .ignore: break
        case .announce: deliver(afterStore: false)
        }
    }

    private func didSet(_ tracking: ObservationTracking) {
        let first = state.withLock { state -> Bool in
            guard !state.cancelled, state.announced, !state.stored else { return false }
            state.stored = true
            return true
        }
        // One change is all a registration reports: the next run registers again.
        tracking.cancel()
        Self.didSetSeen.store(true, ordering: .relaxed)
        if first { deliver(afterStore: true) }
    }

    /// Hands the change to the graph: now, when this thread owns the graph; otherwise
    /// on the graph's own isolation, once the new value is stored.
    private func deliver(afterStore: Bool) {
        let runtime = Runtime.current
        if isOwnedHere(runtime) {
            withSource(runtime) { source in
                if afterStore {
                    source.didChange(self, runtime)
                } else {
                    source.willChange(self, runtime)
                    if announcesOnly || !Self.didSetSeen.load(ordering: .relaxed) {
                        scheduleFallback()
                    }
                }
            }
            return
        }
        // Another thread's change reaches the graph once stored, or, on the public path,
        // at the graph's next turn.
        guard afterStore || announcesOnly else { return }
        switch owner {
        case .mainThread:
            Task { @MainActor in self.deliverStoredChange() }
        case .thread(let inbox):
            inbox.post { self.deliverStoredChange() }
        case .actor:
            break
        }
    }

    private func isOwnedHere(_ runtime: RuntimeRef) -> Bool {
        switch owner {
        case .mainThread: isMainThread()
        case .actor: true
        case .thread(let mailbox): mailbox === runtime.pointee.existingMailbox
        }
    }

    /// Should `didSet` not come, the public path ends the change later.
    private func scheduleFallback() {
        switch owner {
        case .mainThread:
            Task { @MainActor in self.endChangeIfPending() }
        case .thread(let inbox):
            inbox.post { self.endChangeIfPending() }
        case .actor:
            break
        }
    }

    /// A change stored on another thread, now on the graph's.
    private func deliverStoredChange() {
        let runtime = Runtime.current
        withSource(runtime) { source in
            if !source.isChanging(self) { source.willChange(self, runtime) }
            source.didChange(self, runtime)
        }
    }

    /// The public path's end of a change whose `didSet` did not come.
    private func endChangeIfPending() {
        let runtime = Runtime.current
        withSource(runtime) { source in
            if source.isChanging(self) { source.didChange(self, runtime) }
        }
    }

    private func withSource(_ runtime: RuntimeRef, _ body: (ObservationSource) -> Void) {
        guard let source = state.withLock({ $0.cancelled ? nil : $0.source }) else { return }
        // Held for the call: the flush may drop the subscriber, and the source with it.
        let held = source.node.takeUnretainedValue()
        body(held)
    }
}


/// A registrar of Ripple's own, read by every registration so that changing it
/// cancels the registration.
final class RegistrationCanceller: Observable, Sendable {
    private let registrar = ObservationRegistrar()

    func registerRead() {
        registrar.access(self, keyPath: \.self)
    }

    func fire() {
        registrar.willSet(self, keyPath: \.self)
    }
}

/// Whether the calling thread is the process's main thread.
func isMainThread() -> Bool {
    ripple_is_main_thread() != 0
}

/// Counts the registrations made under it, for tests of their bound: a count per
/// test, where a process-wide one would see the registrations of tests running
/// beside it.
final class RegistrationProbe: Sendable {
    /// Registers through the public `withObservationTracking(_:onChange:)` alone,
    /// without the `didSet` hook: how the public path is tested.
    let publicPathOnly: Bool
    /// Registrations made under the probe and still alive.
    let live = Atomic<Int>(0)

    init(publicPathOnly: Bool = false) {
        self.publicPathOnly = publicPathOnly
    }
}
