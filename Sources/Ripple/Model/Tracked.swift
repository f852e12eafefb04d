/// Turns a stored property of a class into a source node of the graph.
///
/// ```swift
/// final class Author {
///     @Tracked var name = "Sample Author"
/// }
/// final class Book {
///     @Tracked var title = "Sample Book Title"
///     @Tracked var author = Author()
///     var lastOpened = 0   // a plain property: not tracked (like @ObservationIgnored)
/// }
///
/// let book = Book()
/// let effect = Effect { print(book.title, "by", book.author.name) }  // prints "Sample Book Title by Sample Author"
/// book.author.name = "Frank Herbert"                                 // prints "Sample Book Title by Frank Herbert"
/// book.lastOpened += 1                                               // untracked: prints nothing
/// effect.cancel()
/// ```
///
/// Reading the property inside a ``Computed``, an ``Effect``, ``withTracking(_:onChange:)``
/// or `observe` tracks it; a reader that never read it is never notified when it
/// changes. Writes notify with ``Signal``'s equality rules, chosen from the value's
/// type: `==` for `Equatable` values, identity for other class instances, always
/// otherwise. Mutations happen in place (`library.books.append(book)` copies no array
/// storage) and notify once. Touching the property from inside its own in-place
/// mutation (say, from `sort`'s comparator) stops the program with a message that
/// says so. No access to the model's storage outlasts a read, a write or the start
/// and end of a mutation, so in a release build the optimizer drops Swift's runtime
/// exclusivity checks from the property's accessors when the model is not public.
///
/// A property that no reader has tracked yet keeps its value inline and costs no
/// allocation; the first tracked read moves it into a ``Signal``.
///
/// `@Tracked` works only on stored properties of classes: on a struct it is a
/// compile-time error ("'wrappedValue' is unavailable"), since a value type has no
/// shared instance to observe. The wrapper reaches its instance through Swift's
/// enclosing-instance subscript (`_enclosingInstance`), underscored in the language but
/// stable in practice; Combine's `@Published` relies on the same mechanism.
///
/// `Codable`, `Equatable` and `Hashable` follow the wrapped value's, so a model class
/// can synthesize `Codable` and encode as bare values (`{"title":"Dune"}`).
@propertyWrapper
public struct Tracked<Value> {
    /// Each case holds the value or one reference, nothing beside it: an `Int` property
    /// takes 16 bytes of its model. The equality rule comes from the value's type when a
    /// signal is made, rather than being kept by every instance.
    @usableFromInline
    enum Storage {
        /// Read, never by a tracking context, in a model that does not conform to
        /// ``ObservableModel``.
        case unobserved(Value)
        /// The value lives in a signal: a tracking context read it.
        case observed(Signal<Value>)
        /// The model conforms to ``ObservableModel``: the value lives in the signal the
        /// watcher watches, and the watcher tells Observation of its changes.
        case bridged(ObservationWatcher)
        /// Never read: the first read decides whether the model conforms.
        case unread(Value)
        /// Transient, while the value is moved out for an in-place mutation.
        case moving
    }

    @usableFromInline var storage: Storage

    /// A tracked property. Its writes notify by the equality rule of the value's type,
    /// found once the property is first observed: `==` for `Equatable` values (an
    /// `Equatable` class included), identity for other class instances and optionals
    /// of them, and every write for other values.
    ///
    /// ```swift
    /// final class Book { @Tracked var title = "Dune" }
    /// let book = Book()
    /// let effect = Effect { print(book.title) }   // prints "Dune"
    /// book.title = "Dune"                          // equal: prints nothing
    /// effect.cancel()
    /// ```
    @inlinable
    public init(wrappedValue: Value) {
        storage = .unread(wrappedValue)
    }

    @available(*, unavailable, message: """
        @Tracked works only on stored properties of classes: a struct is copied, so there \
        is no shared instance to observe. Make the model a final class.
        """)
    /// Unavailable: `@Tracked` works only on stored properties of classes.
    ///
    /// A class property is read and written through the enclosing-instance subscript
    /// below; this property exists so that the compiler rejects `@Tracked` on a struct
    /// ("'wrappedValue' is unavailable"), which has no shared instance to observe.
    ///
    /// ```swift
    /// final class Book { @Tracked var title = "Dune" }   // a class: fine
    /// print(Book().title)                                 // prints "Dune"
    /// // struct Draft { @Tracked var title = "" }        // error: 'wrappedValue' is unavailable
    /// ```
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    /// The value, read without tracking.
    @inlinable
    var currentValue: Value {
        switch storage {
        case .unobserved(let value), .unread(let value): return value
        case .observed(let signal): return signal.storage
        case .bridged(let watcher): return Tracked.signal(watchedBy: watcher).storage
        case .moving: Graph.reentrantPropertyAccess()
        }
    }

    /// The signal behind the property, if a tracking context has read it.
    @inlinable
    var observingSignal: Signal<Value>? {
        switch storage {
        case .observed(let signal): return signal
        case .bridged(let watcher): return Tracked.signal(watchedBy: watcher)
        default: return nil
        }
    }

    /// A conforming model's signal: the node its watcher watches.
    @inlinable
    static func signal(watchedBy watcher: ObservationWatcher) -> Signal<Value> {
        unsafeDowncast(watcher.watchedNode, to: Signal<Value>.self)
    }

    /// A new signal holding a property's value, compared by its type's rule.
    @inlinable
    static func makeSignal(_ value: Value) -> Signal<Value> {
        Signal(value, equivalence: .rule(ValueEquality<Value>.defaultRule))
    }

    /// Replaces the unobserved value, or says it cannot. Matching the case after any
    /// call the write makes lets the optimizer destroy just the old value: destroying
    /// a whole `Storage` may release a signal, and would make it retain the model
    /// around the write.
    @inlinable
    @inline(__always)
    mutating func replaceUnobserved(with newValue: Value) -> Bool {
        guard case .unobserved = storage else { return false }
        storage = .unobserved(newValue)
        return true
    }

    /// The storage after the first access of the property, a write: it decides whether
    /// the model conforms to ``ObservableModel``, as a first read does. Takes the
    /// storage as it stands, outside any access to the model: the check is a call.
    @inlinable
    @inline(never)
    static func storageAfterFirstWrite<Model: AnyObject>(
        of newValue: Value, to model: Model, replacing storage: Storage
    ) -> Storage {
        guard case .unread = storage else {
            Graph.reentrantPropertyAccess()
        }
        return firstStorage(of: newValue, in: model, storageOffset: nil as Int?)
    }

    /// The storage of a property at its first access, holding `value`: bridged to
    /// Observation if the model conforms to ``ObservableModel``, unobserved otherwise.
    @inlinable
    static func firstStorage<Model: AnyObject>(
        of value: Value, in model: Model, storageOffset: @autoclosure () -> Int?
    ) -> Storage {
        guard Graph.conformsToObservableModel(model) else { return .unobserved(value) }
        let signal = makeSignal(value)
        signal.origin = NodeOrigin(property: Model.self, storageOffset: storageOffset())
        Graph.didMakePropertyNode(.passUnretained(signal), of: model)
        return .bridged(ObservationWatcher.make(watching: signal))
    }

    /// The address of the storage at `storageKeyPath` in `model`, taken in an
    /// instantaneous access. A class instance's stored property keeps its address for
    /// the instance's lifetime, and the callers hold `model` for as long as they use it.
    @inlinable
    @inline(__always)
    static func address<Model: AnyObject>(
        of storageKeyPath: ReferenceWritableKeyPath<Model, Tracked<Value>>, in model: Model
    ) -> UnsafeMutablePointer<Tracked<Value>> {
        withUnsafeMutablePointer(to: &model[keyPath: storageKeyPath]) { $0 }
    }

    /// A read the accessor does not serve inline: the first one, the first tracked
    /// one, and every read of a conforming model's property. The first read decides
    /// once whether the model conforms to ``ObservableModel``; the value moves into a
    /// signal when a tracking context reads it or Observation may. Only a signal made
    /// here or a conforming model's is read here, and recording either read runs no
    /// user code: neither can have a batched write whose saved value must be destroyed.
    ///
    /// Through the storage's address, taken by the accessor: no access to the model's
    /// storage spans the calls here (see `inPlaceAt`).
    @inlinable
    @inline(never)
    static func readSlowly<Model: AnyObject>(of model: Model, at tracked: UnsafeMutablePointer<Tracked<Value>>) -> Value {
        let storageOffset = UnsafeRawPointer(tracked) - UnsafeRawPointer(Unmanaged.passUnretained(model).toOpaque())
        if case .unread(let value) = tracked.pointee.storage {
            tracked.pointee.storage = firstStorage(of: value, in: model, storageOffset: storageOffset)
        }
        switch tracked.pointee.storage {
        case .unobserved(let value):
            guard Runtime.isTracking else { return value }
            let signal = makeSignal(value)
            signal.origin = NodeOrigin(property: Model.self, storageOffset: storageOffset)
            // Taken before the store, which ends the local's lifetime: nothing keeps
            // `signal` at +1 across the calls below.
            let node = Unmanaged<ReactiveNode>.passUnretained(signal)
            tracked.pointee.storage = .observed(consume signal)
            engineRecordRead(node)
            Graph.didMakePropertyNode(node, of: model)
            return value
        case .observed(let signal):
            checkNotMutatingInPlace(signal)
            let value = signal.storage
            if Runtime.isTracking { engineRecordRead(.passUnretained(signal)) }
            return value
        case .bridged(let watcher):
            return readBridged(watcher)
        case .unread, .moving:
            Graph.reentrantPropertyAccess()
        }
    }

    /// A read of a conforming model's property: Ripple's when a run is recording,
    /// Observation's otherwise.
    @inlinable
    static func readBridged(_ watcher: ObservationWatcher) -> Value {
        let signal = unsafeDowncast(watcher.watchedNode, to: Signal<Value>.self)
        checkNotMutatingInPlace(signal)
        let value = signal.storage
        Graph.didReadBridged(.passUnretained(watcher))
        return value
    }

    /// The property's value: what the compiler calls for each access of a `@Tracked`
    /// property of a class.
    ///
    /// A read `book.title` becomes
    /// `Tracked[_enclosingInstance: book, wrapped: \.title, storage: \._title]`; so do a
    /// write and an in-place mutation, through the setter and the `_modify` accessor.
    /// It is underscored in the language but stable in practice (Combine's `@Published`
    /// relies on it); you never call it yourself. A read in a tracking context records
    /// a dependency; a write that changes the value, or any in-place mutation, notifies
    /// once.
    ///
    /// ```swift
    /// final class Book { @Tracked var title = "Dune" }
    /// let book = Book()
    /// book.title += " Messiah"   // the _modify accessor: in place, one notification
    /// print(book.title)          // prints "Dune Messiah": the getter
    /// ```
    ///
    /// - Parameters:
    ///   - model: The instance whose property is accessed.
    ///   - wrappedKeyPath: The property itself.
    ///   - storageKeyPath: The `Tracked` storage behind it (`_title`).
    @inlinable
    public static subscript<Model: AnyObject>(
        _enclosingInstance model: Model,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Model, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Model, Tracked<Value>>
    ) -> Value {
        @inline(__always)
        get {
            if case .observed(let signal) = model[keyPath: storageKeyPath].storage {
                checkNotMutatingInPlace(signal)
                // Read first, then record: the signal needs no retain across the call.
                let value = signal.storage
                if Runtime.isTracking { engineRecordRead(.passUnretained(signal)) }
                return value
            }
            if !Runtime.isTracking, case .unobserved(let value) = model[keyPath: storageKeyPath].storage {
                return value
            }
            if case .bridged(let watcher) = model[keyPath: storageKeyPath].storage {
                return readBridged(watcher)
            }
            return readSlowly(of: model, at: address(of: storageKeyPath, in: model))
        }
        // Always inlined into the property's accessor: only there are the key paths
        // literals, which the optimizer folds into direct stored-property access.
        @inline(__always)
        set {
            if case .observed(let signal) = model[keyPath: storageKeyPath].storage {
                checkNotMutatingInPlace(signal)
                signal.value = newValue
                return
            }
            _ = Graph.willWrite()
            if model[keyPath: storageKeyPath].replaceUnobserved(with: newValue) { return }
            if case .bridged(let watcher) = model[keyPath: storageKeyPath].storage {
                let signal = signal(watchedBy: watcher)
                checkNotMutatingInPlace(signal)
                signal.value = newValue
                return
            }
            let replacement = storageAfterFirstWrite(
                of: newValue, to: model, replacing: model[keyPath: storageKeyPath].storage
            )
            model[keyPath: storageKeyPath].storage = replacement
        }
        // One yield, so that this coroutine inlines into the property's accessor, where
        // the key paths fold into direct access. The mutation itself only marks what
        // depends on the property; effects run after the yield, so they may read it.
        @inline(__always)
        _modify {
            defer { Graph.flushAfterMutation() }
            yield &Tracked[inPlaceAt: address(of: storageKeyPath, in: model)]
        }
    }

    /// The value, for an in-place mutation: inside the signal when observed (one
    /// notification, flushed by the caller), moved out of the enum otherwise (so the
    /// caller holds the only reference to its storage and nothing is copied).
    ///
    /// Reached through the storage's address, which the accessor takes in an
    /// instantaneous access: no access to the model's storage spans the yield, so none
    /// can overlap another, and the optimizer drops the runtime exclusivity checks
    /// from every access to the property in a module that sees all of them (a model
    /// that is not public, in a release build): about 80 instructions per read or
    /// write. (A key path here would be built at run time, and would keep the checks.)
    /// Reentrant access is Ripple's to catch instead: an unobserved property is
    /// `.moving` for the mutation's length, an observed one's signal is marked
    /// mutating, and every accessor checks.
    ///
    /// A coroutine's frame must fit the caller's buffer of a few words, or every call
    /// allocates it. A value of two words or less moves into a local; a larger one
    /// moves into a signal made for the length of the mutation, so that the frame holds
    /// references only. The size is known once specialized: one branch remains.
    @inlinable
    static subscript(inPlaceAt tracked: UnsafeMutablePointer<Tracked<Value>>) -> Value {
        get { tracked.pointee.currentValue }
        _modify {
            if MemoryLayout<Value>.size > 2 * MemoryLayout<Int>.size {
                let signal: Signal<Value>
                // Not a `switch` over `storage`: its copy would hold the value's storage
                // for the whole statement, and the mutation below would copy it.
                let observed = tracked.pointee.observingSignal
                let moved = observed == nil
                var wasRead = false
                if let observed {
                    signal = observed
                    beginMutationInPlace(of: signal)
                } else {
                    _ = Graph.willWrite()
                    let (value, read) = tracked.pointee.takeUnobserved()
                    // No equality rule: nothing compares through this signal.
                    signal = Signal(consume value, equivalence: .rule(ValueEquality<Value>.self))
                    wasRead = read
                }
                defer {
                    if moved {
                        // A second reference until the signal goes: nothing mutates the
                        // value in between, so nothing copies its storage.
                        tracked.pointee.putBack(signal.storage, wasRead: wasRead)
                    } else {
                        endMutationInPlace(of: signal)
                    }
                }
                yield &signal.storage
            } else if let signal = tracked.pointee.observingSignal {
                beginMutationInPlace(of: signal)
                defer { endMutationInPlace(of: signal) }
                yield &signal.storage
            } else {
                _ = Graph.willWrite()
                var (value, read) = tracked.pointee.takeUnobserved()
                defer { tracked.pointee.putBack(value, wasRead: read) }
                yield &value
            }
        }
    }

    /// Starts an in-place mutation of an observed property's value, marking its
    /// signal so that a reentrant access traps.
    @inlinable
    @inline(__always)
    static func beginMutationInPlace(of signal: Signal<Value>) {
        checkNotMutatingInPlace(signal)
        signal.flags.formUnion(.mutatingInPlace)
        _ = signal.beginMutation()
    }

    /// Ends it. The thread's runtime is looked up again rather than kept across the
    /// yield: the coroutine's frame then fits its caller's buffer (at 40 bytes it did
    /// not, and every mutation allocated it).
    @inlinable
    @inline(__always)
    static func endMutationInPlace(of signal: Signal<Value>) {
        signal.flags.subtract(.mutatingInPlace)
        signal.endMutation(Runtime.current, flush: false)
    }

    /// Traps if `signal`'s property is being mutated in place: an access from inside
    /// that mutation (a `sort` comparator reading the array it sorts).
    @inlinable
    @inline(__always)
    static func checkNotMutatingInPlace(_ signal: Signal<Value>) {
        if signal.flags.contains(.mutatingInPlace) { Graph.reentrantPropertyAccess() }
    }

    /// Moves the unobserved value out, leaving `.moving`: the caller then holds the
    /// only reference to its storage and can mutate it without copy-on-write. Says
    /// whether the property had been read, for putting the value back.
    @inlinable
    @inline(__always)
    mutating func takeUnobserved() -> (Value, read: Bool) {
        if case .unobserved(let value) = storage {
            storage = .moving
            return (value, true)
        }
        guard case .unread(let value) = storage else {
            Graph.reentrantPropertyAccess()
        }
        storage = .moving
        return (value, false)
    }

    /// Puts a value taken out for an in-place mutation back. Matching `.moving` first
    /// lets the store destroy nothing, where a whole `Storage` could hold a signal.
    @inlinable
    @inline(__always)
    mutating func putBack(_ value: Value, wasRead: Bool) {
        guard case .moving = storage else { return }
        storage = wasRead ? .unobserved(value) : .unread(value)
    }
}

extension Graph {
    /// Runs the effects an in-place mutation queued, unless a batch is open.
    @usableFromInline
    @inline(never)
    static func flushAfterMutation() {
        flushIfOutermost(Runtime.current)
    }

    @usableFromInline
    static func reentrantPropertyAccess() -> Never {
        fatalError("""
            Ripple: a @Tracked property was accessed while it was being mutated in place \
            (for example from a didSet or from code called inside `model.items.mutate { }`). \
            Finish the mutation first, then read or write the property.
            """)
    }
}
