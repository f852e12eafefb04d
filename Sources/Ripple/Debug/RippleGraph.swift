internal import RippleThreadLocal

/// The live graph as values: what a node depends on, what depends on it, and a
/// Graphviz picture of the graph around a node or a model.
///
/// ```swift
/// final class Cart {
///     @Tracked var prices = [3, 4]
///     @Derived({ (cart: Cart) in cart.prices.reduce(0, +) })
///     var total: Int
/// }
/// let cart = Cart()
/// let label = Effect("TotalLabel") { _ = cart.total }
/// let total = RippleGraph.nodes(of: cart).first { $0.name == "Cart.total" }!
/// print(total.dependencies.map(\.name))   // prints "[\"Cart.prices\"]"
/// print(total.dependents.map(\.name))     // prints "[\"TotalLabel\"]"
/// print(RippleGraph.dot(around: cart))    // prints "digraph Ripple { ...": run `dot -Tsvg` on it
/// label.cancel()
/// ```
///
/// Nodes are named as ``RippleTrace`` names them. An incremental list operator's
/// per-element reads (`book.isAvailable` for a count over `books`) show as its
/// dependencies once tracing or introspection has been used when the operator is made.
/// Read the graph from the isolation domain that owns it.
public enum RippleGraph {
    /// A node of the graph: a signal, a derived value, an observer.
    ///
    /// ```swift
    /// let count = Signal(1, name: "count")
    /// let node = RippleGraph.Node(count)
    /// print(node.name, node.kind)   // prints "count signal"
    /// ```
    ///
    /// Holding one keeps the node alive.
    public struct Node: Hashable, CustomStringConvertible {
        /// What kind of node it is.
        public enum Kind: Sendable {
            case signal, computed, effect, tracking, observe, observation, trackObservable
        }

        let object: ReactiveNode

        /// Wraps a ``Signal``, a ``Computed`` or an ``Effect``.
        public init(_ node: ReactiveNode) {
            object = node
        }

        /// The node's name: given, its model property's (`Book[2].isAvailable`), or its type.
        public var name: String { NodeNames.name(of: object) }

        public var kind: Kind {
            switch object {
            case is EffectNode: return .effect
            case let scope as TrackingScope: return scope.isObserving ? .observe : .tracking
            case is ObservationWatcher: return .observation
            case is ObservationSource: return .trackObservable
            default: return object.flags.contains(.computed) ? .computed : .signal
            }
        }

        /// The value, described as traces show it; nil for an observer, or a derived
        /// value not computed yet.
        public var value: String? { object.describeValue() }

        /// What the node read in its last run, in read order; an incremental list
        /// operator's per-element reads follow its own.
        public var dependencies: [Node] {
            RippleGraph.directDependencies(of: object).map(Node.init)
        }

        /// What read the node in its last run, in the order they subscribed.
        public var dependents: [Node] {
            RippleGraph.directDependents(of: object).map(Node.init)
        }

        public var description: String { name }

        public static func == (lhs: Node, rhs: Node) -> Bool { lhs.object === rhs.object }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(object)) }
    }

    /// Names the nodes made from now on for model properties, and lets introspection
    /// see what an incremental list operator reads of each element. Tracing does it by
    /// itself; call it before making the models whose graph you will look at.
    ///
    /// ```swift
    /// RippleGraph.beginNaming()
    /// final class Counter { @Tracked var value = 0 }
    /// let counter = Counter()
    /// let effect = Effect("CounterLabel") { _ = counter.value }
    /// print(RippleGraph.Node(effect).dependencies.map(\.name))   // prints "[\"Counter.value\"]"
    /// effect.cancel()
    /// ```
    public static func beginNaming() {
        ripple_trace_names_set()
    }

    /// The nodes of a model's `@Tracked` and `@Derived` properties that exist now (a
    /// property gets one when it is first read by an observer, a derived one when first
    /// read), in declaration order; they are named from now on.
    ///
    /// ```swift
    /// final class Counter { @Tracked var value = 0 }
    /// let counter = Counter()
    /// let effect = Effect { _ = counter.value }
    /// print(RippleGraph.nodes(of: counter).map(\.name))   // prints "[\"Counter.value\"]"
    /// effect.cancel()
    /// ```
    public static func nodes(of model: AnyObject) -> [Node] {
        NodeNames.nameProperties(of: model)
        var nodes: [Node] = []
        var mirror: Mirror? = Mirror(reflecting: model)
        var chain: [Mirror] = []
        while let current = mirror {
            chain.insert(current, at: 0)
            mirror = current.superclassMirror
        }
        for current in chain {
            for child in current.children {
                if let node = (child.value as? any PropertyNodeStorage)?.propertyNode { nodes.append(Node(node)) }
            }
        }
        return nodes
    }

    /// The Graphviz DOT of the graph around `node`: everything it depends on,
    /// transitively, and everything that depends on it.
    ///
    /// ```swift
    /// let count = Signal(1, name: "count")
    /// let doubled = Computed(name: "doubled") { count.value * 2 }
    /// let effect = Effect("printer") { _ = doubled.value }
    /// print(RippleGraph.dot(around: doubled))   // prints "digraph Ripple { ...": count -> doubled -> printer
    /// effect.cancel()
    /// ```
    ///
    /// - Complexity: O(nodes and edges around it).
    public static func dot(around node: ReactiveNode) -> String {
        dot(around: [Node(node)])
    }

    /// The Graphviz DOT of the graph around a model's properties: what they depend on
    /// (a library's count and the books' properties it reads) and what depends on them
    /// (the views that read them).
    ///
    /// ```swift
    /// final class Counter { @Tracked var value = 0 }
    /// let counter = Counter()
    /// let effect = Effect("CounterView") { _ = counter.value }
    /// print(RippleGraph.dot(around: counter))   // prints "digraph Ripple { ...": Counter.value -> CounterView
    /// effect.cancel()
    /// ```
    public static func dot(around model: AnyObject) -> String {
        dot(around: nodes(of: model))
    }

    /// The Graphviz DOT of the graph around `nodes`. Each node is a line
    /// `nN [label="Name", shape=...]` (a box for a source, an ellipse for a derived
    /// value, a note for an observer), each edge `nA -> nB` from a dependency to its
    /// dependent.
    ///
    /// ```swift
    /// let a = Signal(1, name: "a"), b = Signal(2, name: "b")
    /// let sum = Computed(name: "sum") { a.value + b.value }
    /// _ = sum.value
    /// print(RippleGraph.dot(around: [RippleGraph.Node(sum)]))   // prints "digraph Ripple { ...": a, b -> sum
    /// ```
    public static func dot(around nodes: [Node]) -> String {
        DotWriter(around: nodes.map(\.object)).text
    }

    // MARK: Walking the graph

    /// The nodes `node` read in its last run, in order, then a list operator's element
    /// trackers: replaced by what they read, or themselves.
    static func directDependencies(of node: ReactiveNode, expandingTrackers: Bool = true) -> [ReactiveNode] {
        guard let dependent = node as? DependentNode else { return [] }
        var result: [ReactiveNode] = []
        var cursor = dependent.deps
        while let link = cursor {
            cursor = link.pointee.nextDep
            let dep = link.pointee.dep.takeUnretainedValue()
            if dep.flags.contains(.tombstone) { continue }
            if expandingTrackers, NodeNames.isOperatorPart(dep) {
                for inner in directDependencies(of: dep) where !result.contains(where: { $0 === inner }) {
                    result.append(inner)
                }
            } else if !result.contains(where: { $0 === dep }) {
                result.append(dep)
            }
        }
        if node.flags.contains(.computed) {
            for tracker in NodeNames.elementTrackers(of: node) {
                guard expandingTrackers else {
                    result.append(tracker)
                    continue
                }
                for dep in directDependencies(of: tracker) where !result.contains(where: { $0 === dep }) {
                    result.append(dep)
                }
            }
        }
        return result
    }

    /// The nodes that read `node` in their last run, with an element tracker replaced
    /// by its operator's node.
    static func directDependents(of node: ReactiveNode) -> [ReactiveNode] {
        var result: [ReactiveNode] = []
        var cursor = node.subs
        while let link = cursor {
            cursor = link.pointee.nextSub
            var sub: ReactiveNode = link.pointee.sub.takeUnretainedValue()
            if let tracker = sub as? ElementTracker {
                guard let owner = tracker.owner.takeUnretainedValue().node else { continue }
                sub = owner.takeUnretainedValue()
            }
            if NodeNames.isOperatorPart(sub) {
                for outer in directDependents(of: sub) where !result.contains(where: { $0 === outer }) {
                    result.append(outer)
                }
            } else if !result.contains(where: { $0 === sub }) {
                result.append(sub)
            }
        }
        return result
    }
}

/// Writes the DOT of the nodes around some starting nodes.
struct DotWriter {
    private(set) var text = ""

    init(around start: [ReactiveNode]) {
        var included: [ReactiveNode] = []
        var index: [ObjectIdentifier: Int] = [:]
        func include(_ node: ReactiveNode) -> Bool {
            guard index[ObjectIdentifier(node)] == nil else { return false }
            index[ObjectIdentifier(node)] = included.count
            included.append(node)
            return true
        }
        // Upstream, transitively; then downstream of the starting nodes, transitively.
        var stack = start
        while let node = stack.popLast() {
            if include(node) { stack += RippleGraph.directDependencies(of: node) }
        }
        stack = start
        var seenDown: Set<ObjectIdentifier> = []
        while let node = stack.popLast() {
            guard seenDown.insert(ObjectIdentifier(node)).inserted else { continue }
            _ = include(node)
            stack += RippleGraph.directDependents(of: node)
        }
        var lines = ["digraph Ripple {", "  rankdir=LR;"]
        for (number, node) in included.enumerated() {
            let kind = RippleGraph.Node(node).kind
            let shape = switch kind {
            case .signal, .trackObservable: "box"
            case .computed: "ellipse"
            default: "note"
            }
            lines.append("  n\(number) [label=\(Self.quoted(NodeNames.name(of: node))), shape=\(shape)];")
        }
        for (number, node) in included.enumerated() {
            for dependency in RippleGraph.directDependencies(of: node) {
                guard let from = index[ObjectIdentifier(dependency)] else { continue }
                lines.append("  n\(from) -> n\(number);")
            }
        }
        lines.append("}")
        text = lines.joined(separator: "\n")
    }

    /// A DOT string literal.
    static func quoted(_ text: String) -> String {
        var quoted = "\""
        for character in text {
            if character == "\"" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
