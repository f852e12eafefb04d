internal import RippleThreadLocal

/// Counts, from outside a model, the work its `@Derived` properties do: how many times
/// each recomputed and, for a list operator, how many elements its closure looked at.
/// For tests, and for programs that show what a change costs; the model's code stays
/// as it is, and a model nobody counts pays nothing.
///
/// ```swift
/// struct Shelved { var title: String; var isAvailable: Bool }
///
/// final class Shelf {
///     @Tracked var books: IncrementalArray<Shelved> = [
///         Shelved(title: "Dune", isAvailable: true), Shelved(title: "Emma", isAvailable: false),
///     ]
///     @Derived(\Shelf.books, count: \.isAvailable) var available: Int
/// }
///
/// let shelf = Shelf()
/// let work = WorkCounter(shelf)
/// print(shelf.available)           // prints "1"
/// shelf.books[1].isAvailable = true
/// print(shelf.available)           // prints "2"
/// print(work.take())               // prints "[available: 2 recomputes, 3 elements]"
/// ```
///
/// Counting starts with the counter: it names the model's property nodes, and the
/// recomputes and elements of every later update are added up until ``take()``.
public final class WorkCounter: Sendable {
    /// One property's work since the last ``take()``.
    public struct Work: Sendable, Equatable, CustomStringConvertible {
        /// The property's name: `availableBooksCount`.
        public let property: String
        /// How many times it recomputed (a list operator: updated).
        public let recomputes: Int
        /// For a list operator, how many elements its closure looked at; nil otherwise.
        public let elements: Int?

        public init(property: String, recomputes: Int, elements: Int? = nil) {
            self.property = property
            self.recomputes = recomputes
            self.elements = elements
        }

        public var description: String {
            let times = "\(property): \(recomputes) recompute\(recomputes == 1 ? "" : "s")"
            guard let elements else { return times }
            return "\(times), \(elements) element\(elements == 1 ? "" : "s")"
        }
    }

    private struct Tally {
        var order: [String] = []
        var work: [String: (recomputes: Int, elements: Int?)] = [:]
        /// Each counted node's property name, found once.
        var labels: [ObjectIdentifier: String] = [:]
    }

    private let model: WeakModel
    private let tally = LockedState(Tally())

    /// Starts counting the work of `model`'s derived properties.
    public init(_ model: AnyObject) {
        self.model = WeakModel(model)
        ripple_trace_names_set()
        NodeNames.nameProperties(of: model, depth: 0)
        Self.registry.withLock { $0[ObjectIdentifier(model)] = (self.model, tally) }
    }

    deinit {
        let tally = self.tally
        Self.registry.withLock { registry in
            registry = registry.filter { $0.value.tally !== tally }
        }
    }

    /// The work since the last call, one entry per property that did some, in the order
    /// they first did.
    public func take() -> [Work] {
        tally.withLock { tally in
            let taken = tally.order.map { property in
                let work = tally.work[property]!
                return Work(property: property, recomputes: work.recomputes, elements: work.elements)
            }
            tally.order = []
            tally.work = [:]
            return taken
        }
    }

    /// The counted models, by identity, each with its counter's tally. A model's entry
    /// is trusted only while that is the model asked about.
    private static let registry = LockedState<[ObjectIdentifier: (model: WeakModel, tally: LockedState<Tally>)]>([:])

    /// A named node of a model recomputed, looking at `elements` elements if it is a
    /// list operator: added to its model's counter, if it has one.
    static func note(_ node: ReactiveNode, elements: Int?) {
        guard let model = NodeNames.model(of: node) else { return }
        guard let (counted, tally) = registry.withLock({ $0[ObjectIdentifier(model)] }), counted.object === model
        else { return }
        let nodeID = ObjectIdentifier(node)
        var label = tally.withLock { $0.labels[nodeID] }
        if label == nil {
            label = NodeNames.propertyLabel(of: node, in: model)
            tally.withLock { $0.labels[nodeID] = label }
        }
        guard let property = label else { return }
        tally.withLock { tally in
            if tally.work[property] == nil { tally.order.append(property) }
            var work = tally.work[property] ?? (0, nil)
            work.recomputes += 1
            if let elements { work.elements = (work.elements ?? 0) + elements }
            tally.work[property] = work
        }
    }
}

extension Graph {
    /// A derived property's node, named, recomputed: counted if its model has a
    /// ``WorkCounter``. Outlined: reached only while names are kept.
    @usableFromInline
    @inline(never)
    static func noteRecompute(_ node: ReactiveNode) {
        WorkCounter.note(node, elements: nil)
    }

    /// A list operator's node, named, updated, its closure looking at `elements`
    /// elements.
    @usableFromInline
    @inline(never)
    static func noteUpdate(_ node: ReactiveNode, elements: Int) {
        WorkCounter.note(node, elements: elements)
    }
}
