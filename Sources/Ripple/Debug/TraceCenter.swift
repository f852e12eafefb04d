internal import RippleThreadLocal
internal import Synchronization

/// What tracing knows process-wide: the switches, the event handlers, which nodes print,
/// and the sources of traced models. The graph's own threads record into their
/// ``TraceRecorder``; this is shared, behind a mutex, and touched only when tracing is
/// used.
enum TraceCenter {
    struct State {
        var handlers: [Int: @Sendable (RippleTrace.Event) -> Void] = [:]
        var nextHandler = 0
        var showsAbsorbed = false
        /// Observers whose events print.
        var printing: Set<ObjectIdentifier> = []
        /// Traced models, and whether their events print.
        var models: [ObjectIdentifier: Bool] = [:]
        /// The sources of traced models, and whether the runs they cause print.
        var modelSources: [ObjectIdentifier: Bool] = [:]
    }

    private static let state = Mutex(State())

    static var tracesEverything: Bool {
        get { ripple_trace_all_get() != 0 }
        set {
            if newValue { ripple_trace_names_set() }
            ripple_trace_all_set(newValue ? 1 : 0)
        }
    }

    static var showsAbsorbed: Bool {
        get { state.withLock { $0.showsAbsorbed } }
        set { state.withLock { $0.showsAbsorbed = newValue } }
    }

    // MARK: Tracing nodes and models

    static func trace(_ effect: EffectNode, printing: Bool) {
        ripple_trace_names_set()
        if printing { _ = state.withLock { $0.printing.insert(ObjectIdentifier(effect)) } }
        guard !effect.flags.contains(.disposed) else { return }
        effect.flags.formUnion(.traced)
        Runtime.current.pointee.recorder.instrumentCone(of: effect)
    }

    static func trace(model: AnyObject, printing: Bool) {
        ripple_trace_names_set()
        NodeNames.nameProperties(of: model)
        state.withLock { $0.models[ObjectIdentifier(model)] = printing }
        var mirror: Mirror? = Mirror(reflecting: model)
        while let current = mirror {
            for child in current.children {
                guard let storage = child.value as? any PropertyNodeStorage else { continue }
                if let node = storage.propertyNode { follow(node, printing: printing) }
                if let watcher = storage.propertyWatcher {
                    if printing { _ = state.withLock { $0.printing.insert(ObjectIdentifier(watcher)) } }
                    watcher.flags.formUnion(.traced)
                    if watcher.deps != nil { Runtime.current.pointee.recorder.instrumentCone(of: watcher) }
                }
            }
            mirror = current.superclassMirror
        }
    }

    /// A property node of a traced model: its writes wake traced runs.
    private static func follow(_ node: ReactiveNode, printing: Bool) {
        guard node.flags.contains(.source) else { return }
        state.withLock { $0.modelSources[ObjectIdentifier(node)] = printing }
        node.recordWrites()
    }

    /// A property node was made while names are wanted: a traced model's is followed.
    static func didMakePropertyNode(_ node: ReactiveNode, of model: AnyObject) {
        guard let printing = state.withLock({ $0.models[ObjectIdentifier(model)] }) else { return }
        follow(node, printing: printing)
    }

    /// Whether a write to `source` wakes runs for a traced model, and if so whether
    /// they print.
    static func modelSourcePrinting(_ source: ObjectIdentifier) -> Bool? {
        state.withLock { $0.modelSources[source] }
    }

    static func prints(_ observer: ObjectIdentifier) -> Bool {
        tracesEverything || state.withLock { $0.printing.contains(observer) }
    }

    static func forget(_ id: ObjectIdentifier) {
        state.withLock { state in
            state.printing.remove(id)
            state.modelSources.removeValue(forKey: id)
        }
    }

    // MARK: Events

    static func subscribe(_ handler: @escaping @Sendable (RippleTrace.Event) -> Void) -> RippleTrace.Subscription {
        ripple_trace_names_set()
        let id = state.withLock { state -> Int in
            state.nextHandler += 1
            state.handlers[state.nextHandler] = handler
            return state.nextHandler
        }
        return RippleTrace.Subscription(id: id)
    }

    static func unsubscribe(_ id: Int) {
        _ = state.withLock { $0.handlers.removeValue(forKey: id) }
    }

    /// Hands `event` to the handlers, outside the lock, and prints it if asked to.
    static func emit(_ event: RippleTrace.Event, printing: Bool) {
        let handlers = state.withLock { Array($0.handlers.sorted { $0.key < $1.key }.map(\.value)) }
        for handler in handlers { handler(event) }
        if printing {
            ripple_write_standard_error("why: \(event)")
        }
    }
}
