internal import RippleThreadLocal

/// What tracing knows process-wide: the switches, the event handlers and which
/// observers print. The graph's own threads record into their
/// ``TraceRecorder``; this is shared, behind a mutex, and touched only when tracing is
/// used.
enum TraceCenter {
    struct State {
        var handlers: [Int: @Sendable (RippleTrace.Event) -> Void] = [:]
        var nextHandler = 0
        var showsAbsorbed = false
        /// Observers whose events print.
        var printing: Set<ObjectIdentifier> = []
        /// The runs of `observe` sequences not delivered yet, by scope.
        var held: [ObjectIdentifier: HeldEvent] = [:]
        /// Models traced with `trace(model)`, and whether their observers print.
        var models: [ObjectIdentifier: (model: WeakModel, printing: Bool)] = [:]
    }

    private static let state = LockedState(State())

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
        setPrinting(printing, for: effect)
        guard !effect.flags.contains(.disposed) else { return }
        effect.flags.formUnion(.traced)
        Runtime.current.pointee.recorder.instrumentCone(of: effect)
    }

    static func trace(model: AnyObject, printing: Bool) {
        ripple_trace_names_set()
        NodeNames.nameProperties(of: model)
        let models = NodeNames.modelsReached(from: model)
        state.withLock { state in
            state.models = state.models.filter { $0.value.model.object != nil }
            for model in models { state.models[ObjectIdentifier(model)] = (WeakModel(model), printing) }
        }
        for model in models { NodeNames.forEachPropertyNode(of: model) { markTracesObservers($0) } }
        let recorder = Runtime.current.pointee.recorder
        var mirror: Mirror? = Mirror(reflecting: model)
        while let current = mirror {
            for child in current.children {
                guard let storage = child.value as? any PropertyNodeStorage else { continue }
                if let node = storage.propertyNode { recorder.traceDownstream(from: node, printing: printing) }
                if let watcher = storage.propertyWatcher {
                    setPrinting(printing, for: watcher)
                    watcher.flags.formUnion(.traced)
                    if watcher.deps != nil { recorder.instrumentCone(of: watcher) }
                }
            }
            mirror = current.superclassMirror
        }
    }

    /// A property node of a traced model: a change to it traces its observers first.
    static func markTracesObservers(_ node: ReactiveNode) {
        if node is DependentNode {
            node.flags.formUnion([.tracesObservers, .traced])
        } else {
            node.flags.formUnion(.tracesObservers)
            Runtime.current.pointee.recorder.followWrites(to: node)
        }
    }

    /// A node was made for a property of `model` while names are wanted: if the model
    /// is traced, so are the node's observers.
    static func didMakeNode(_ node: ReactiveNode, of model: AnyObject) {
        let id = ObjectIdentifier(model)
        let traced = state.withLock { state in state.models[id].map { $0.model.object === model } ?? false }
        if traced { markTracesObservers(node) }
    }

    /// Whether the observers found downstream of `node`, a traced model's property,
    /// print their events.
    static func printsObservers(of node: ReactiveNode) -> Bool {
        guard let model = NodeNames.model(of: node) else { return true }
        return state.withLock { $0.models[ObjectIdentifier(model)]?.printing ?? true }
    }

    /// Whether the events of `observer` print. Set whenever it is traced: an earlier
    /// observer at the same address may have printed.
    static func setPrinting(_ printing: Bool, for observer: ReactiveNode) {
        let id = ObjectIdentifier(observer)
        state.withLock { state in
            if printing { state.printing.insert(id) } else { state.printing.remove(id) }
        }
    }

    static func prints(_ observer: ObjectIdentifier) -> Bool {
        tracesEverything || state.withLock { $0.printing.contains(observer) }
    }

    // MARK: Events

    // Safety: the nodes are touched only on the graph's isolation, where the scope
    // that held them delivers; the mutex only stores them.
    struct HeldEvent: @unchecked Sendable {
        let event: RippleTrace.Event
        let nodes: [String: ReactiveNode]
        let printing: Bool
    }

    /// Holds the run of an `observe` sequence's scope until the sequence delivers.
    static func hold(
        _ event: RippleTrace.Event, nodes: [String: ReactiveNode], printing: Bool, for scope: ReactiveNode
    ) {
        let held = HeldEvent(event: event, nodes: nodes, printing: printing)
        state.withLock { $0.held[ObjectIdentifier(scope)] = held }
    }

    /// Reports the held run of `scope`, if any, with its steps' values as delivered.
    static func releaseHeld(for scope: ReactiveNode) {
        guard let held = state.withLock({ $0.held.removeValue(forKey: ObjectIdentifier(scope)) }) else { return }
        let event = held.event.redescribed { name in held.nodes[name]?.describeValue() }
        emit(event, printing: held.printing)
    }

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
