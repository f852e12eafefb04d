/// A source of state: a value that computeds, effects and tracking scopes follow.
///
/// Reading `value` inside a ``Computed``, an ``Effect``, ``withTracking(_:onChange:)``
/// or `observe` records a dependency; writing a value that differs from the current
/// one brings every dependent up to date.
///
/// ```swift
/// let count = Signal(0)
/// let effect = Effect { print("count:", count.value) }   // prints "count: 0"
/// count.value = 1                                         // prints "count: 1"
/// count.value = 1                                         // equal: prints nothing
/// effect.cancel()
/// ```
///
/// Whether a write counts as a change is decided once, at initialization:
/// `Equatable` values (Equatable classes included) compare with `==`, other class
/// instances by identity, and anything else always notifies; `init(_:equals:)`
/// overrides the rule. Within a ``batch(_:)`` only the final value counts: writes that
/// end where they started notify nobody.
///
/// A signal belongs to the isolation domain that created it (it is not `Sendable`).
/// To follow it from elsewhere use `observe` or ``withTracking(_:onChange:)``.
public final class Signal<Value>: SourceNode {
    @usableFromInline let equivalence: Equivalence<Value>
    @usableFromInline @exclusivity(unchecked) final var storage: Value

    @usableFromInline
    init(_ value: Value, equivalence: Equivalence<Value>) {
        self.storage = value
        self.equivalence = equivalence
        super.init(flags: .source)
    }

    /// Creates a signal whose equality rule is found from the value's type at run time.
    ///
    /// Concrete types reach the constrained initializers below; this one serves values
    /// with no equality (every write notifies) and generic code, where it still finds
    /// `Equatable` conformances, class instances and optional class instances.
    ///
    /// ```swift
    /// let tick = Signal(())
    /// tick.value = ()        // no equality: notifies every time
    ///
    /// func makeSignal<T>(_ value: T) -> Signal<T> { Signal(value) }
    /// let count = makeSignal(1)
    /// count.value = 1        // Int is Equatable: no-op
    /// ```
    @inlinable
    public convenience init(_ value: Value, name: String? = nil) {
        self.init(value, equivalence: .rule(ValueEquality<Value>.defaultRule))
        if let name { Graph.setName(name, of: self) }
    }

    /// Creates a signal that notifies only when `==` says the value changed.
    ///
    /// ```swift
    /// let name = Signal("Ada")
    /// name.value = "Ada"     // equal: no-op
    /// ```
    @inlinable
    public convenience init(_ value: Value, name: String? = nil) where Value: Equatable {
        self.init(value, equivalence: .rule(EquatableEquality<Value>.self))
        if let name { Graph.setName(name, of: self) }
    }

    /// Creates a signal holding an object; a write notifies when it stores a
    /// different instance.
    ///
    /// ```swift
    /// final class Session {}
    /// let session = Signal(Session())
    /// session.value = session.value   // same instance: no-op
    /// ```
    @inlinable
    public convenience init(_ value: Value, name: String? = nil) where Value: AnyObject {
        self.init(value, equivalence: .rule(IdentityEquality<Value>.self))
        if let name { Graph.setName(name, of: self) }
    }

    /// Creates a signal holding an `Equatable` object; `==` decides.
    ///
    /// ```swift
    /// final class Tag: Equatable {
    ///     let name: String
    ///     init(_ name: String) { self.name = name }
    ///     static func == (a: Tag, b: Tag) -> Bool { a.name == b.name }
    /// }
    /// let tag = Signal(Tag("sf"))
    /// tag.value = Tag("sf")   // a different but equal instance: no-op
    /// ```
    @inlinable
    public convenience init(_ value: Value, name: String? = nil) where Value: AnyObject & Equatable {
        self.init(value, equivalence: .rule(EquatableEquality<Value>.self))
        if let name { Graph.setName(name, of: self) }
    }

    /// Creates a signal with a custom notion of change.
    ///
    /// ```swift
    /// let reading = Signal(20.0, equals: { old, new in abs(old - new) < 0.5 })
    /// reading.value = 20.2   // within tolerance: no-op
    /// ```
    ///
    /// - Parameters:
    ///   - value: The initial value.
    ///   - name: Names the signal in traces and graph exports (``RippleTrace``,
    ///     ``RippleGraph``).
    ///   - equals: Called as `equals(old, new)`; `true` means the write changes nothing.
    @inlinable
    public convenience init(_ value: Value, name: String? = nil, equals: @escaping (Value, Value) -> Bool) {
        self.init(value, equivalence: .custom(CustomEquality(equals)))
        if let name { Graph.setName(name, of: self) }
    }

    deinit {
        if flags.contains(.logged) {
            discardLoggedWrite(Runtime.current)
        }
    }

    /// The current value. Reading it in a tracking context records a dependency;
    /// writing a different value notifies dependents.
    ///
    /// ```swift
    /// let celsius = Signal(20.0)
    /// let fahrenheit = Computed { celsius.value * 9 / 5 + 32 }
    /// celsius.value = 100
    /// print(fahrenheit.value)   // prints "212.0"
    /// ```
    ///
    /// Writing from inside a ``Computed`` applies, and is reported as a ``RuntimeIssue``.
    @inlinable
    public var value: Value {
        // Always inlined: a read site that calls the accessor instead retains the node
        // around the call (see `Graph.CursorStep`).
        @inline(__always) get {
            if let step = Graph.readInPlace(ofSource: self) {
                let value = storage
                step.apply()
                return value
            }
            return Signal.valueReadThroughEngine(.passUnretained(self))
        }
        set {
            let runtime = Graph.willWrite(self)
            if equivalence.equal(storage, newValue) { return }
            version &+= 1
            if subs == nil {
                storage = newValue
            } else if runtime.pointee.batchDepth == 0 {
                storage = newValue
                Graph.didWrite(self, runtime)
            } else {
                // In a batch the change is only logged; it propagates when the batch
                // ends, or earlier if something reads the graph before then.
                logWrite(of: newValue, runtime)
                storage = newValue
            }
        }
    }

    /// The read that needs the engine. It takes the node unretained, so that a caller
    /// holding it at +0 (an element of an array) need not retain it around the call:
    /// recording a read runs no user code that could release it, but for the saved
    /// value of a batched write, and the engine holds the node around that itself.
    @inlinable
    @inline(never)
    static func valueReadThroughEngine(_ node: Unmanaged<Signal>) -> Value {
        engineRecordNewRead(Unmanaged<ReactiveNode>.fromOpaque(node.toOpaque()))
        return node._withUnsafeGuaranteedRef { $0.storage }
    }

    /// `value`'s read for a reader that needs a few parts of a large value: `body`
    /// sees the value where it is stored, with no copy. `body` must not write the
    /// signal or run code that could.
    @inlinable
    @inline(__always)
    func withValueInPlace<R>(_ body: (UnsafePointer<Value>) -> R) -> R {
        if let step = Graph.readInPlace(ofSource: self) {
            let result = withUnsafeMutablePointer(to: &storage) { body($0) }
            step.apply()
            return result
        }
        engineRecordNewRead(Unmanaged<ReactiveNode>.fromOpaque(Unmanaged.passUnretained(self).toOpaque()))
        return withUnsafeMutablePointer(to: &storage) { body($0) }
    }

    /// Reads the value without recording a dependency.
    ///
    /// ```swift
    /// let total = Signal(10)
    /// let effect = Effect { print(total.peek()) }   // prints "10"; runs once, never again
    /// total.value = 11                               // prints nothing
    /// effect.cancel()
    /// ```
    @inlinable
    public func peek() -> Value {
        storage
    }

    /// Mutates the value in place, without copying a collection's storage, and
    /// notifies once, whether or not the value changed.
    ///
    /// ```swift
    /// let items = Signal([1, 2])
    /// items.update { $0.append(3) }   // one notification, no array copy
    /// ```
    ///
    /// - Parameter body: Receives the value `inout`; its result is returned.
    /// - Complexity: That of `body`.
    @inlinable
    public func update<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        let runtime = beginMutation()
        defer { endMutation(runtime) }
        return try body(&storage)
    }

    /// Starts an in-place change of `storage`; ``endMutation(_:flush:)`` notifies.
    @inlinable
    func beginMutation() -> RuntimeRef {
        let runtime = Graph.willWrite(self)
        if subs != nil, runtime.pointee.batchDepth > 0 {
            logForcedChange(runtime)
        }
        return runtime
    }

    /// Ends an in-place change: notifies (in a batch, the log already holds it), and
    /// unless `flush` is false (the caller flushes once its own access has ended) runs
    /// the effects.
    @inlinable
    func endMutation(_ runtime: RuntimeRef, flush: Bool = true) {
        version &+= 1
        guard subs != nil, runtime.pointee.batchDepth == 0 else { return }
        if flush {
            Graph.didWrite(self, runtime)
        } else {
            Graph.propagate(from: self, .dirty, runtime)
        }
    }

    /// Logs a batched write of `newValue`, which differs from the current value. The
    /// first write of the batch saves the value subscribers saw; a later one compares
    /// with it, so that writing it back counts as no change.
    @inlinable
    func logWrite(of newValue: Value, _ runtime: RuntimeRef) {
        if flags.contains(.logged) {
            let entry = logEntry
            if entry.pointee.hasSaved {
                let saved = entry.pointee.storage.assumingMemoryBound(to: Value.self)
                entry.pointee.changed = !equivalence.equal(saved.pointee, newValue)
            }
            return
        }
        let entry = addLogEntry(
            runtime, size: MemoryLayout<Value>.size, alignment: MemoryLayout<Value>.alignment,
            trivial: _isPOD(Value.self)
        )
        entry.pointee.storage.initializeMemory(as: Value.self, to: storage)
    }

    /// A new entry in the batch log, changed, with room for a saved value of `size`
    /// bytes; marks the signal logged. A value that fits an entry's inline room is
    /// logged here, inline; others, and a full chunk of entries, take a call.
    @inlinable
    @inline(__always)
    func addLogEntry(
        _ runtime: RuntimeRef, size: Int, alignment: Int, trivial: Bool
    ) -> UnsafeMutablePointer<BatchLog.Entry> {
        let entry: UnsafeMutablePointer<BatchLog.Entry>
        if BatchLog.fitsInline(size: size, alignment: alignment),
           let inline = runtime.pointee.log.appendInline(self, trivial: trivial) {
            entry = inline
        } else {
            entry = runtime.pointee.log.appendSlowly(self, size: size, alignment: alignment, trivial: trivial)
        }
        enterLog(entry)
        return entry
    }

    /// Logs an in-place change, which always notifies: the saved value is not needed,
    /// and dropping it keeps the storage uniquely referenced and the mutation copy-free.
    @inlinable
    func logForcedChange(_ runtime: RuntimeRef) {
        let entry: UnsafeMutablePointer<BatchLog.Entry>
        if flags.contains(.logged) {
            entry = logEntry
            if entry.pointee.hasSaved {
                if entry.pointee.needsDestroy {
                    entry.pointee.storage.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
                }
                entry.pointee.hasSaved = false
            }
        } else {
            entry = addLogEntry(runtime, size: 0, alignment: 1, trivial: true)
            entry.pointee.hasSaved = false
        }
        entry.pointee.changed = true
    }

    /// Destroys a saved value that is not trivial; the log has resolved the entry.
    @usableFromInline
    override func destroySavedValue(_ storage: UnsafeMutableRawPointer) {
        storage.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
    }

    override func describeValue() -> String? {
        TraceValue.describe(storage)
    }

    override func traceListSnapshot() -> Any? {
        (storage as? any TracedList)?.traceSnapshot()
    }

    override func tracedListChanges(since snapshot: Any) -> [ListTrace.ElementChange]? {
        (storage as? any TracedList)?.tracedChanges(since: snapshot)
    }
}
