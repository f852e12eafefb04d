/// Turns a class property into a memoized derived node, read as a plain value.
///
/// ```swift
/// final class Book {
///     @Tracked var isAvailable = true
/// }
/// final class Library {
///     @Tracked var books: [Book] = [Book(), Book(), Book()]
///
///     @Derived({ (library: Library) in library.books.filter(\.isAvailable).count })
///     var availableBooksCount: Int
/// }
///
/// let library = Library()
/// print(library.availableBooksCount)   // prints "3": computed
/// print(library.availableBooksCount)   // prints "3": cached, nothing recomputed
/// library.books[0].isAvailable = false
/// print(library.availableBooksCount)   // prints "2": recomputed once
/// ```
///
/// The closure names the model type in its parameter and derives the value from it.
/// Everything it reads is tracked, through nested models (`book.author.name`) and
/// collections (`books` replaced, appended, removed, or an element's tracked property
/// changed), so the value recomputes exactly when one of them changes, at most once,
/// and only when read. A derived property may read other derived properties. When
/// the recomputed value equals the old one (`==` for `Equatable` values), nothing
/// downstream re-runs.
///
/// The wrapper reaches its instance through the enclosing-instance subscript
/// (`_enclosingInstance`, underscored but stable in practice). The node lives inside
/// the instance and refers to it `unowned`: an observer that outlives the instance
/// keeps seeing the last value, which can no longer change. Unlike a ``Computed``, it does
/// not capture the environment of its first read: it belongs to its model, and runs
/// with no environment. It works on class properties only.
@propertyWrapper
public struct Derived<Model: AnyObject, Value> {
    @usableFromInline let body: DerivedBody<Model, Value>
    @usableFromInline let rule: ValueEquality<Value>.Type
    /// Keeps the node once the property is first read. A plain optional, not an enum
    /// case beside `rule`: a case's tag would sit in the reference's spare bits, which
    /// LeakSanitizer cannot see through, and a live model's node would show as leaked.
    @usableFromInline var owner: DerivedNodeOwner?
    /// The node `owner` keeps, unretained: a read loads it without retaining it,
    /// which a read through `owner` cannot avoid.
    @usableFromInline var liveNode: Unmanaged<Computed<Value>>?

    /// A derived property whose node an incremental list operator makes.
    @usableFromInline
    init(listOperator makeNode: @escaping (Model) -> Computed<Value>) {
        self.body = .listOperator(makeNode)
        self.rule = ValueEquality<Value>.self
    }

    @usableFromInline
    init(_ compute: @escaping (Model) -> Value, rule: ValueEquality<Value>.Type) {
        self.body = .compute(compute)
        self.rule = rule
    }

    /// A derived property whose equality rule is found from the value's type at run
    /// time (every recompute is a change for values with no equality).
    ///
    /// ```swift
    /// struct Summary { var count: Int }          // no equality
    /// final class Shelf {
    ///     @Tracked var books = ["Dune"]
    ///     @Derived({ (shelf: Shelf) in Summary(count: shelf.books.count) })
    ///     var summary: Summary
    /// }
    /// let shelf = Shelf()
    /// let effect = Effect { print(shelf.summary.count) }   // prints "1"
    /// shelf.books = ["Emma"]                               // a change: prints "1" again
    /// effect.cancel()
    /// ```
    @inlinable
    public init(_ compute: @escaping (Model) -> Value) {
        self.init(compute, rule: ValueEquality<Value>.defaultRule)
    }

    /// A derived property whose recomputes count as changes only when `==` says so.
    ///
    /// ```swift
    /// final class Shelf {
    ///     @Tracked var books = ["Dune"]
    ///     @Derived({ (shelf: Shelf) in shelf.books.count })
    ///     var count: Int
    /// }
    /// let shelf = Shelf()
    /// let effect = Effect { print("count:", shelf.count) }   // prints "count: 1"
    /// shelf.books = ["Emma"]                                 // still 1: prints nothing
    /// effect.cancel()
    /// ```
    @inlinable
    public init(_ compute: @escaping (Model) -> Value) where Value: Equatable {
        self.init(compute, rule: EquatableEquality<Value>.self)
    }

    /// A derived property holding objects, compared by identity.
    ///
    /// ```swift
    /// final class Book {}
    /// final class Shelf {
    ///     @Tracked var books = [Book(), Book()]
    ///     @Derived({ (shelf: Shelf) in shelf.books[0] })
    ///     var first: Book
    /// }
    /// let shelf = Shelf()
    /// let effect = Effect { _ = shelf.first; print("render") }   // prints "render"
    /// shelf.books.removeLast()                                    // same first book: prints nothing
    /// effect.cancel()
    /// ```
    @inlinable
    public init(_ compute: @escaping (Model) -> Value) where Value: AnyObject {
        self.init(compute, rule: IdentityEquality<Value>.self)
    }

    /// A derived property holding `Equatable` objects, compared with `==`.
    ///
    /// ```swift
    /// final class Tag: Equatable {
    ///     let name: String
    ///     init(_ name: String) { self.name = name }
    ///     static func == (a: Tag, b: Tag) -> Bool { a.name == b.name }
    /// }
    /// final class Book {
    ///     @Tracked var genre = "sf"
    ///     @Derived({ (book: Book) in Tag(book.genre.lowercased()) })
    ///     var tag: Tag
    /// }
    /// let book = Book()
    /// let effect = Effect { print("tag:", book.tag.name) }   // prints "tag: sf"
    /// book.genre = "SF"                                      // an equal tag: prints nothing
    /// effect.cancel()
    /// ```
    @inlinable
    public init(_ compute: @escaping (Model) -> Value) where Value: AnyObject & Equatable {
        self.init(compute, rule: EquatableEquality<Value>.self)
    }

    @available(*, unavailable, message: """
        @Derived works only on properties of classes: it needs the shared instance to \
        derive from. Make the model a final class.
        """)
    /// Unavailable: `@Derived` works only on properties of classes.
    ///
    /// A class property is read through the enclosing-instance subscript below. This
    /// property exists so that `@Derived` in a struct fails to compile with a message
    /// that says why ("'wrappedValue' is unavailable: @Derived works only on properties
    /// of classes"); a closure that names the struct itself as its model fails earlier,
    /// with "generic struct 'Derived' requires that ... be a class type".
    ///
    /// ```swift
    /// final class Cart {
    ///     @Tracked var prices = [3, 4]
    ///     @Derived({ (cart: Cart) in cart.prices.reduce(0, +) })
    ///     var total: Int
    /// }
    /// print(Cart().total)   // prints "7"
    /// // struct Panel { @Derived({ (cart: Cart) in cart.prices.count }) var count: Int }
    /// // error: 'wrappedValue' is unavailable
    /// ```
    public var wrappedValue: Value {
        fatalError()
    }

    /// Creates the computed node behind the property, on its first read.
    ///
    /// Called outside any access to the model's storage, which is then modified only
    /// to store the node: a call the optimizer cannot see into during that access
    /// (the node's initializer reaches into Ripple) would make it keep a dynamic
    /// exclusivity check on every later read of the property. It takes no key path,
    /// which would be built at run time on every read.
    ///
    /// Returns `liveNode` nil for a model that conforms to ``ObservableModel``, whose
    /// reads go through the owner.
    @inlinable
    @inline(never)
    static func createNode(
        for model: Model, body: DerivedBody<Model, Value>, rule: ValueEquality<Value>.Type
    ) -> (liveNode: Unmanaged<Computed<Value>>?, owner: DerivedNodeOwner) {
        let node: Computed<Value>
        switch body {
        case .compute(let compute):
            // Unowned, not weak: a weak reference gives the model a side table, which
            // sends every retain and release of it down the runtime's slow path. The
            // closure never runs once the model is gone (see `DerivedNodeOwner`).
            let equivalence = Equivalence<Value>.rule(rule)
            node = Computed<Value>(
                compute: { [unowned(unsafe) model] in withExtendedLifetime(model) { compute($0) } },
                update: { node, runtime in
                    // One test for both: a counted node is named.
                    if !node.flags.isDisjoint(with: [.inert, .named]) {
                        // A derived property whose model is gone keeps its last value.
                        if node.flags.contains(.inert) { return false }
                        let changed = Computed.recompute(node, equivalence: equivalence, runtime)
                        Graph.noteRecompute(node)
                        return changed
                    }
                    return Computed.recompute(node, equivalence: equivalence, runtime)
                },
                capturesEnvironment: false
            )
        case .listOperator(let makeNode):
            node = makeNode(model)
        }
        Graph.didMakePropertyNode(.passUnretained(node), of: model)
        if let watcher = ObservationWatcher.make(for: model, watching: node) {
            return (nil, ObservedDerivedOwner(node, watcher: watcher))
        }
        return (.passUnretained(node), DerivedNodeOwner(node))
    }

    /// Stores the node; returns where this storage sits in `model`, which names the
    /// node in traces.
    @inlinable
    mutating func install(
        _ liveNode: Unmanaged<Computed<Value>>?, ownedBy owner: DerivedNodeOwner, in model: Model
    ) -> Int {
        self.owner = owner
        self.liveNode = liveNode
        let base = UnsafeRawPointer(Unmanaged.passUnretained(model).toOpaque())
        return withUnsafeMutablePointer(to: &self) { UnsafeRawPointer($0) - base }
    }

    /// A read of a property of a model that conforms to ``ObservableModel``.
    @inlinable
    @inline(never)
    static func readThroughOwner(_ owner: DerivedNodeOwner) -> Value {
        unsafeDowncast(owner, to: ObservedDerivedOwner<Value>.self).read()
    }

    /// The first read, right after the node was created.
    @inlinable
    @inline(never)
    static func readFirst(_ owner: DerivedNodeOwner) -> Value {
        if let observed = owner as? ObservedDerivedOwner<Value> {
            return observed.read()
        }
        let node = unsafeDowncast(owner.node, to: Computed<Value>.self)
        return Computed.valueReadThroughEngine(.passUnretained(node))
    }

    /// The property's value: what the compiler calls for each read of a `@Derived`
    /// property of a class.
    ///
    /// A read `library.availableBooksCount` becomes
    /// `Derived[_enclosingInstance: library, wrapped: \.availableBooksCount,
    /// storage: \._availableBooksCount]`. It is underscored in the language but stable in
    /// practice; you never call it yourself. The first read creates the property's
    /// computed node; every read returns its value, recomputed first if something it
    /// read changed, and records a dependency in a tracking context.
    ///
    /// ```swift
    /// let library = Library()
    /// print(library.availableBooksCount)   // prints "3": the compiler calls this subscript
    /// ```
    ///
    /// - Parameters:
    ///   - model: The instance whose property is read.
    ///   - wrappedKeyPath: The property itself.
    ///   - storageKeyPath: The `Derived` storage behind it (`_availableBooksCount`).
    /// - Returns: The derived value.
    @inlinable
    public static subscript(
        _enclosingInstance model: Model,
        wrapped wrappedKeyPath: KeyPath<Model, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Model, Derived<Model, Value>>
    ) -> Value {
        // Always inlined into the property's accessor, where the key path is a literal
        // the optimizer folds into a direct field access; through the generic key-path
        // runtime every read would retain and release the model.
        @inline(__always)
        get {
            if let node = model[keyPath: storageKeyPath].liveNode {
                // `owner` keeps the node for as long as the model lives, and the caller
                // holds the model throughout the read.
                return node._withUnsafeGuaranteedRef { $0.valueReadByOwner }
            }
            // A conforming model's reads go through its owner, which tells Observation.
            if let owner = model[keyPath: storageKeyPath].owner {
                return readThroughOwner(owner)
            }
            // The first read creates the node and evaluates it: the engine path, out of
            // line, so that the accessor holds one copy of the inline read.
            let created = createNode(
                for: model, body: model[keyPath: storageKeyPath].body, rule: model[keyPath: storageKeyPath].rule
            )
            let offset = model[keyPath: storageKeyPath].install(created.liveNode, ownedBy: created.owner, in: model)
            Graph.setOrigin(NodeOrigin(property: Model.self, storageOffset: offset), of: created.owner.node)
            return readFirst(created.owner)
        }
    }
}

/// What a derived property computes: a closure over its model, or an incremental list
/// operator over one of the model's lists.
@usableFromInline
enum DerivedBody<Model: AnyObject, Value> {
    case compute((Model) -> Value)
    /// Makes the operator's node for the model, on the property's first read.
    case listOperator((Model) -> Computed<Value>)
}

/// Keeps a derived property's node on behalf of its model, which alone holds it: its
/// deinit is the model's. Observers may keep the node alive after that; it then keeps
/// its last value and never recomputes, so its closure never sees a dead model.
@usableFromInline
class DerivedNodeOwner {
    @usableFromInline let node: ComputedNode

    @usableFromInline
    init(_ node: ComputedNode) {
        self.node = node
    }

    deinit {
        // The model is gone: the node keeps its last value and never recomputes.
        node.flags.formUnion(.inert)
    }

    /// The property's Observation watcher, if its model conforms to ``ObservableModel``.
    var observationWatcher: ObservationWatcher? { nil }
}


/// The owner of a derived property's node in a model that conforms to
/// ``ObservableModel``: reads also go to Observation, through the property's watcher.
@usableFromInline
final class ObservedDerivedOwner<Value>: DerivedNodeOwner {
    @usableFromInline let watcher: ObservationWatcher

    override var observationWatcher: ObservationWatcher? { watcher }

    @usableFromInline
    init(_ node: Computed<Value>, watcher: ObservationWatcher) {
        self.watcher = watcher
        super.init(node)
    }

    /// The value; outside Ripple's runs the read also registers with Observation and
    /// arms the watcher, once the value is current.
    @inlinable
    func read() -> Value {
        let computed = unsafeDowncast(node, to: Computed<Value>.self)
        let value = computed.value
        if !Runtime.isTracking {
            Graph.observationDidRead(.passUnretained(watcher))
        }
        return value
    }
}

extension NodeFlags {
    /// A derived property's or list operator's node whose model is gone: it keeps its
    /// last value for good, and its update changes nothing. A layer bit: set and tested
    /// by those updates only.
    @inlinable static var inert: NodeFlags { NodeFlags(rawValue: 1 << 28) }
}
