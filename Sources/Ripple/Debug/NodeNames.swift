public import RippleThreadLocal


/// The names of nodes, kept beside the graph in a process-wide side table keyed by the
/// node's identity: a node has no field for a name, so an unnamed node costs nothing.
/// A node with an entry carries the `named` flag. An entry holds its node weakly and is
/// trusted only while that is the node asked about, so that a node's deinit need not
/// look at the table (it would cost every node a test); dead entries are swept as the
/// table grows.
///
/// A name is given (`Signal(0, name: "count")`), or found for a model's property: the
/// table then holds the model, weakly, and the name (`Book[2].isAvailable`) is worked
/// out from the model's stored properties the first time it is asked for.
enum NodeNames {
    /// What the table knows of one node.
    struct Entry {
        /// The node, weakly: an address reused by a later node finds it gone.
        var node: WeakModel
        var name: String?
        var model: WeakModel?
    }

    // Safety: the table is reached only through the mutex.
    private static let table = LockedState<(entries: [ObjectIdentifier: Entry], sweepAt: Int)>(([:], 64))

    /// The entry of `node`, made if it has none or its address belonged to a node now
    /// dead; sweeps the dead entries when the table has doubled since the last sweep.
    private static func withEntry<R>(of node: ReactiveNode, _ body: (inout Entry) -> R) -> R {
        let id = ObjectIdentifier(node)
        let reference = WeakModel(node)
        return table.withLock { table in
            if table.entries[id]?.node.object !== node { table.entries[id] = Entry(node: reference) }
            if table.entries.count >= table.sweepAt {
                table.entries = table.entries.filter { $0.value.node.object != nil }
                table.sweepAt = Swift.max(64, table.entries.count * 2)
            }
            return body(&table.entries[id]!)
        }
    }

    /// The entry of `node`, if it has a live one.
    private static func entry(of node: ReactiveNode) -> Entry? {
        guard node.flags.contains(.named) else { return nil }
        let id = ObjectIdentifier(node)
        return table.withLock { table in
            guard let entry = table.entries[id], entry.node.object === node else { return nil }
            return entry
        }
    }
    /// The ordinal of each model instance of a type that is not `Identifiable`, in the
    /// order they were first named: the first is `Type`, the next `Type#2`. An entry
    /// holds its model weakly: a later model at the same address is another instance.
    private static let ordinals = LockedState<(
        byModel: [ObjectIdentifier: (model: WeakModel, ordinal: Int)], byType: [ObjectIdentifier: Int], sweepAt: Int
    )>(([:], [:], 64))

    static func setName(_ name: String, of node: ReactiveNode) {
        withEntry(of: node) { $0.name = name }
        node.flags.formUnion(.named)
    }

    static func setModel(_ model: AnyObject, of node: ReactiveNode) {
        let reference = WeakModel(model)
        withEntry(of: node) { entry in
            if entry.name == nil { entry.model = reference }
        }
        node.flags.formUnion(.named)
    }

    /// The element trackers of the list operator whose node is `node`, if registered.
    static func elementTrackers(of node: ReactiveNode) -> [ElementTracker] {
        origin(of: node).listOperator?.trackersNow() ?? []
    }

    /// Whether `node` is an inner part of a list operator, which traces see through.
    static func isOperatorPart(_ node: ReactiveNode) -> Bool {
        if node is ElementTracker { return true }
        if let computed = node as? ComputedNode { return computed.origin.isOperatorPart }
        return false
    }

    /// The node's origin, written where it was made: a model property or a list
    /// operator's method.
    static func origin(of node: ReactiveNode) -> NodeOrigin {
        switch node {
        case let computed as ComputedNode: return computed.origin
        case let source as SourceNode: return source.origin
        default: return NodeOrigin()
        }
    }

    /// The name given to the node with this identity, if that node is alive.
    static func registeredName(of id: ObjectIdentifier) -> String? {
        table.withLock { table in
            guard let entry = table.entries[id], entry.node.object != nil else { return nil }
            return entry.name
        }
    }

    /// The node's name: the one given, its model property's, or what it is.
    static func name(of node: ReactiveNode) -> String {
        if node.flags.contains(.named), let name = registeredName(of: node) { return name }
        if let name = origin(of: node).name { return name }
        switch node {
        case let effect as EffectNode:
            return effect.extras?.name ?? effect.siteDescription
        case let scope as TrackingScope:
            return scope.isObserving ? "observe" : "withTracking"
        case let watcher as ObservationWatcher:
            return "Observation of \(name(of: watcher.watchedNode))"
        case let tracker as ElementTracker:
            if let owner = tracker.owner.takeUnretainedValue().node {
                return "element of \(name(of: owner.takeUnretainedValue()))"
            }
            return "element tracker"
        case is ObservationSource:
            return "trackObservable"
        default:
            return String(describing: type(of: node))
        }
    }

    private static func registeredName(of node: ReactiveNode) -> String? {
        guard let entry = entry(of: node) else { return nil }
        if let name = entry.name { return name }
        guard let model = entry.model?.object, let name = propertyName(of: node, in: model) else { return nil }
        withEntry(of: node) { $0.name = name }
        return name
    }

    /// `Type.property`, with the instance told apart (`Book[2].title`), for the
    /// property of `model` whose node is `node`.
    static func propertyName(of node: ReactiveNode, in model: AnyObject) -> String? {
        propertyLabel(of: node, in: model).map { "\(instanceName(model)).\($0)" }
    }

    /// The name of the property of `model` whose node is `node`: `title`.
    static func propertyLabel(of node: ReactiveNode, in model: AnyObject) -> String? {
        var mirror: Mirror? = Mirror(reflecting: model)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label, let storage = child.value as? any PropertyNodeStorage,
                      storage.propertyNode === node
                else { continue }
                return label.hasPrefix("_") ? String(label.dropFirst()) : label
            }
            mirror = current.superclassMirror
        }
        return nil
    }

    /// The model whose property `node` is, if it is registered and alive.
    static func model(of node: ReactiveNode) -> AnyObject? {
        guard node.flags.contains(.named) else { return nil }
        return entry(of: node)?.model?.object
    }

    /// Names every property node of `model` that exists now, and of the models its
    /// properties hold (a library's books), `depth` levels down.
    static func nameProperties(of model: AnyObject, depth: Int = 2) {
        var mirror: Mirror? = Mirror(reflecting: model)
        while let current = mirror {
            for child in current.children {
                guard let storage = child.value as? any PropertyNodeStorage else { continue }
                if let node = storage.propertyNode { setModel(model, of: node) }
                guard depth > 0, let value = storage.propertyValue else { continue }
                for nested in TraceValue.objects(in: value) where isModel(nested) {
                    nameProperties(of: nested, depth: depth - 1)
                }
            }
            mirror = current.superclassMirror
        }
    }

    /// `model` and the models its properties hold, `depth` levels down, each once.
    static func modelsReached(from model: AnyObject, depth: Int = 2) -> [AnyObject] {
        var models: [AnyObject] = [model]
        guard depth > 0 else { return models }
        var mirror: Mirror? = Mirror(reflecting: model)
        while let current = mirror {
            for child in current.children {
                guard let storage = child.value as? any PropertyNodeStorage, let value = storage.propertyValue else {
                    continue
                }
                for nested in TraceValue.objects(in: value) where isModel(nested) {
                    for reached in modelsReached(from: nested, depth: depth - 1)
                    where !models.contains(where: { $0 === reached }) {
                        models.append(reached)
                    }
                }
            }
            mirror = current.superclassMirror
        }
        return models
    }

    /// Calls `body` with the node of each property of `model` that has one now.
    static func forEachPropertyNode(of model: AnyObject, _ body: (ReactiveNode) -> Void) {
        var mirror: Mirror? = Mirror(reflecting: model)
        while let current = mirror {
            for child in current.children {
                if let storage = child.value as? any PropertyNodeStorage, let node = storage.propertyNode { body(node) }
            }
            mirror = current.superclassMirror
        }
    }

    /// Whether `object` has `@Tracked` or `@Derived` properties.
    static func isModel(_ object: AnyObject) -> Bool {
        Mirror(reflecting: object).children.contains { $0.value is any PropertyNodeStorage }
    }

    /// `Book[2]` for an `Identifiable` model, otherwise `Library`, then `Library#2`
    /// for a second instance, in the order they were first named.
    static func instanceName(_ model: AnyObject) -> String {
        let type = String(describing: Swift.type(of: model))
        if let identifiable = model as? any Identifiable {
            return "\(type)[\(identifier(of: identifiable))]"
        }
        let typeID = ObjectIdentifier(Swift.type(of: model))
        let reference = WeakModel(model)
        let ordinal = ordinals.withLock { ordinals -> Int in
            let id = ObjectIdentifier(model)
            if let known = ordinals.byModel[id], known.model.object === model { return known.ordinal }
            let next = ordinals.byType[typeID, default: 0] + 1
            ordinals.byType[typeID] = next
            ordinals.byModel[id] = (reference, next)
            if ordinals.byModel.count >= ordinals.sweepAt {
                ordinals.byModel = ordinals.byModel.filter { $0.value.model.object != nil }
                ordinals.sweepAt = Swift.max(64, ordinals.byModel.count * 2)
            }
            return next
        }
        return ordinal == 1 ? type : "\(type)#\(ordinal)"
    }

    private static func identifier<Model: Identifiable>(of model: Model) -> String {
        TraceValue.plain(model.id)
    }
}

/// An object held weakly by the table of names: a model, or a node.
// Safety: only the reference is shared; the model itself is touched (its properties
// read, to find a name) on the isolation of the graph that asks, which owns it.
final class WeakModel: @unchecked Sendable {
    weak var object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }
}

/// The storage of a model property that has a node: `@Tracked` and `@Derived`.
protocol PropertyNodeStorage {
    /// The property's node, once made.
    var propertyNode: ReactiveNode? { get }
    /// The property's value, if it can be had without evaluating anything.
    var propertyValue: Any? { get }
    /// The property's Observation watcher, for a model that conforms to `ObservableModel`.
    var propertyWatcher: ObservationWatcher? { get }
}

extension Tracked: PropertyNodeStorage {
    var propertyNode: ReactiveNode? { observingSignal }

    var propertyValue: Any? {
        switch storage {
        case .moving: return nil
        default: return currentValue
        }
    }

    var propertyWatcher: ObservationWatcher? {
        if case .bridged(let watcher) = storage { return watcher }
        return nil
    }
}

extension Derived: PropertyNodeStorage {
    var propertyNode: ReactiveNode? { owner?.node }
    var propertyValue: Any? { nil }
    var propertyWatcher: ObservationWatcher? { owner?.observationWatcher }
}

extension Graph {
    /// Records where a list operator's node came from: the `@Derived` property or the
    /// method that made it. Out of line: it runs once per node, after the model's
    /// storage access has ended.
    @usableFromInline
    @inline(never)
    static func setOrigin(_ origin: NodeOrigin, of node: ComputedNode) {
        if let listOperator = node.origin.listOperator {
            listOperator.origin = origin
        } else {
            node.origin = origin
        }
    }

    /// Names `node` (`Signal(0, name: "count")`).
    @usableFromInline
    static func setName(_ name: String, of node: ReactiveNode) {
        NodeNames.setName(name, of: node)
    }

    /// A node made for a property of `model`, while names are wanted.
    @usableFromInline
    @inline(never)
    static func registerProperty(_ node: Unmanaged<ReactiveNode>, of model: Unmanaged<AnyObject>) {
        let node = node.takeUnretainedValue(), model = model.takeUnretainedValue()
        NodeNames.setModel(model, of: node)
        TraceCenter.didMakeNode(node, of: model)
    }
}

extension NodeFlags {
    /// The node has an entry in the side table of names. A layer bit: the engine keeps
    /// it when it resets an effect's flags.
    @inlinable static var named: NodeFlags { NodeFlags(rawValue: 1 << 30) }
}

extension Graph {
    /// Whether nodes made for model properties and list operators are registered for
    /// names and introspection: once tracing or introspection has been used. One
    /// relaxed load, where a node is made.
    @inlinable
    static var namesNodes: Bool { ripple_trace_names_get() != 0 }

    /// A node made for a property of `model`: registered for its name when names are
    /// wanted. Inlined where the node is made; the registration is a call.
    @inlinable
    @inline(__always)
    static func didMakePropertyNode<Model: AnyObject>(_ node: Unmanaged<ReactiveNode>, of model: Model) {
        if namesNodes { registerProperty(node, of: Unmanaged<AnyObject>.passUnretained(model)) }
    }
}
