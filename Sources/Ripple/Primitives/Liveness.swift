/// Runs work only while something observes the given sources: `start` runs when the
/// first of them becomes observed, and the closure it returns runs when the last of
/// them stops being observed.
///
/// A source is observed while something depends on it: an ``Effect``, a
/// ``withTracking(_:onChange:)`` scope, an `observe` sequence, Apple's Observation
/// tracking of an ``ObservableModel`` property, or a ``Computed`` or `@Derived` value
/// that read it in its last run. Use it to start the work that feeds a source (a
/// sensor, a timer, a subscription) when someone first looks, and stop it when nobody
/// does any more.
///
/// ```swift
/// let celsius = Signal(20.0)
/// whileObserved({ celsius.value }) {
///     print("sensor on")
///     return { print("sensor off") }
/// }
/// let display = Effect { print("showing", celsius.value) }  // prints "showing 20.0", then "sensor on"
/// celsius.value = 21                                         // prints "showing 21.0"
/// display.cancel()                                           // prints "sensor off"
/// ```
///
/// On a model, register in the initializer, once every stored property is set:
/// `whileObserved({ [unowned self] in temperature }) { ... }`.
///
/// `sources` runs once, now, and every ``Signal``, ``Computed``, `@Tracked` or `@Derived`
/// property it reads directly gets the hooks; they live as long as those sources do
/// (capture a model weakly or `unowned` in them: a source holding a hook that holds
/// its model would keep both alive). Several registrations on one source
/// each run their own hooks.
///
/// When the hooks run:
/// - Never inside a write, a batch, a flush or a run: once the operation that changed
///   observation has ended (after an effect's first run, a batch, a cancel), outside
///   any tracking. They may read and write state and create or cancel effects.
/// - Only on a net change: observers added and removed within one ``batch(_:)`` or one
///   flush report nothing, and an effect re-run that reads the source again keeps it
///   observed.
/// - If a source dies while observed (it was only followed by scopes, which do not keep
///   what they read alive), its stop runs.
///
/// Two things to know about what counts as observing:
/// - A ``Computed`` counts as long as it stays subscribed to the source. One that loses
///   its last observer lets go of its dependencies, so a derived chain ending in nothing
///   stops its sources; but one only ever read outside any effect or scope keeps its
///   dependencies until it is released or observed and then dropped.
/// - Observation's tracking is one-shot and says nothing when a view goes away: a
///   property with hooks that only Observation reads counts as observed from the read
///   that registers it through the next change (which Observation is told of, and
///   which a view answers by reading again); a change that finds no read since the
///   previous one ends it.
///
/// The hooks run on the isolation domain of the operation that changed observation,
/// which is the sources' own.
///
/// - Parameters:
///   - sources: Reads the sources to watch; its result is discarded.
///   - start: Starts the work; returns the closure that stops it.
public func whileObserved<T>(_ sources: () -> T, _ start: @escaping () -> (() -> Void)) {
    let runtime = Runtime.current
    let capture = SourceCapture()
    let outer = Graph.beginRun(RunContext(activeSub: .passUnretained(capture)), holdingReleases: true, runtime)
    Graph.beginTracking(capture, runtime)
    _ = sources()
    Graph.endTracking(capture, runtime)
    Graph.endRun(outer, runtime)
    var nodes: [ReactiveNode] = []
    var cursor = capture.deps
    while let link = cursor {
        cursor = link.pointee.nextDep
        let node = link.pointee.dep.takeUnretainedValue()
        if !node.flags.contains(.tombstone) { nodes.append(node) }
    }
    Graph.unlinkAll(capture, runtime)
    let group = LivenessGroup(start: start)
    for node in nodes {
        Graph.addLivenessGroup(group, to: node, runtime)
    }
    runtime.drainRetired()
}

/// The subscriber `whileObserved` reads its sources with: its links own nothing, and
/// it unlinks as soon as the reads are collected.
final class SourceCapture: ScopeNode {}
