/// A memoized value derived from signals and other computeds.
///
/// A computed is lazy: nothing runs until its first read. After that a read returns
/// the cached value unless a dependency changed since; then it recomputes once.
/// Dependencies are tracked afresh on every run, so a branch no longer taken stops
/// being one. A recompute that yields a value equal to the cached one changes nothing
/// downstream (equality cut-off), with the same rules as ``Signal``.
///
/// ```swift
/// let items = Signal([3, 1, 2])
/// let sorted = Computed { items.value.sorted() }
/// print(sorted.value)   // prints "[1, 2, 3]": computed now
/// print(sorted.value)   // prints "[1, 2, 3]": cached
/// items.value = [2, 1]
/// print(sorted.value)   // prints "[1, 2]": recomputed once
/// ```
///
/// Errors are cached like values: `try get()` rethrows the same error until a
/// dependency changes. Reading ``value`` while the computed holds an error is a fatal
/// error that names it.
///
/// Misuse is reported as a ``RuntimeIssue`` and recovered from:
/// - A computed that reads itself, directly or through others, makes every computed of
///   the cycle hold a ``CycleError``, which `get()` throws; once the loop opens, they
///   recover on their next read. (Through ``value`` or ``peek()``, which cannot throw,
///   such a read is a fatal error that says "cycle".)
/// - Writing a ``Signal`` (or a `@Tracked` property) while a computed evaluates
///   applies the write: later reads see it, what depends on it updates as after any
///   write once the evaluation is over, and a computed that wrote what it had read
///   evaluates again on its next read. It is a smell, reported once per computed: a
///   derived value that changes state depends on who reads it first, and how often.
///
/// The first evaluation of a cold chain nests through the closures (each link's
/// closure reads the previous link), so it needs stack for about a thousand links;
/// updating and re-reading a warm chain of any depth does not recurse.
///
/// A computed recomputes in the environment (``EnvironmentValues``) that was active when
/// it was created, wherever the read that triggers it happens.
///
/// A computed belongs to the isolation domain that created it. It keeps its
/// dependencies alive while linked to them, and is kept alive by nothing but its
/// owners: once unobserved, it detaches from its sources.
public final class Computed<Value>: ComputedNode {
    @usableFromInline let compute: () throws -> Value
    /// Valid once the node has run; until then (the node is dirty) a placeholder error.
    /// A list operator's node leaves it uninitialized while the operator updates (the
    /// output is moved out, `ListOperator.updateNow`): only engine reads, which a running
    /// node sends to the cycle path, and `describeValue`, which checks, come near it.
    /// Not an optional: freeing a computed then looks up one generic type at run time
    /// (this one) rather than two (it and its optional), each a hashed, locked search.
    @usableFromInline @exclusivity(unchecked) final var cached: Result<Value, any Error>
    /// Where it came from, for traces: seven bytes aligned to one, after the cached
    /// value, where a `Computed<Int>` has room before its next 16-byte allocator step.
    @usableFromInline @exclusivity(unchecked) final var packedOrigin = PackedNodeOrigin()
    private let releaseDrain = ReleaseDrain()

    /// - Parameters:
    ///   - update: recomputes the node passed to it, which is always this one; formed in
    ///     the inlinable initializers so that it runs specialized.
    ///   - capturesEnvironment: false for a model's derived property, which belongs to
    ///     its model rather than to the scope that first read it (and capturing a scope
    ///     that holds the model would keep the model alive through its own node).
    ///
    /// Inlinable, so that it is specialized where the value type is known: a generic
    /// initializer looks up the metadata of the cache's type at run time to store its
    /// empty state, a hashed, locked search that cost more than the rest of the
    /// initializer together.
    @inlinable
    init(
        compute: @escaping () throws -> Value,
        update: @escaping (DependentNode, RuntimeRef) -> Bool,
        capturesEnvironment: Bool = true
    ) {
        cached = .failure(notYetComputed)
        if capturesEnvironment, let bound = Computed.bindingEnvironment(compute) {
            self.compute = bound
            super.init(flags: [.computed, .dirty], update: update)
        } else {
            self.compute = compute
            super.init(flags: [.computed, .dirty, .isolatesEnvironment], update: update)
        }
    }

    /// `compute`, made to run in the active environment, or nil when there is none.
    @usableFromInline
    static func bindingEnvironment(_ compute: @escaping () throws -> Value) -> (() throws -> Value)? {
        guard let environment = AmbientEnvironment.captured() else { return nil }
        return { try AmbientEnvironment.$current.withValue(environment, operation: compute) }
    }

    deinit {
        // The captures outlive this teardown; the release drain lets them go one at a
        // time (`ReleaseDrain`). Bit-cast, never called: neither boxed nor thunked.
        Runtime.current.pointee.retire(unsafeBitCast(compute, to: StoredClosure.self))
    }

    /// The current value, recomputed first if a dependency changed. Reading it in a
    /// tracking context records a dependency.
    ///
    /// ```swift
    /// let price = Signal(10.0)
    /// let withTax = Computed { price.value * 1.2 }
    /// print(withTax.value)   // prints "12.0"
    /// ```
    ///
    /// A fatal error if the computed holds an error; use ``get()`` to handle it.
    @inlinable
    public var value: Value {
        // Always inlined: a read site that calls the accessor instead retains the node
        // around the call.
        @inline(__always) get { read(pinning: true) }
    }

    /// `value`, read by the model that owns this node (a `@Derived` property's): the
    /// reader holds the model, which holds the node, so the engine need not pin it.
    @inlinable
    var valueReadByOwner: Value {
        @inline(__always) get { read(pinning: false) }
    }

    /// `value`'s read. The value is read before the cursor moves (`step.apply()`), and
    /// the engine path has its own exit: see `Graph.CursorStep`.
    @inlinable
    @inline(__always)
    func read(pinning: Bool) -> Value {
        if let step = Graph.readInPlace(ofComputed: self), case .success(let value) = cached {
            step.apply()
            return value
        }
        if pinning { return Computed.valueReadThroughEngine(.passUnretained(self)) }
        return Computed.valueReadByOwnerThroughEngine(.passUnretained(self))
    }

    /// `value`'s read (the node brought up to date, the read recorded) for a reader that
    /// needs the value only when it changed: the version, not a copy of the value. Nil
    /// when the node holds an error, which only `value` reports.
    @inlinable
    func readVersion() -> UInt32? {
        if let step = Graph.readInPlace(ofComputed: self), case .success = cached {
            step.apply()
            return version
        }
        let pinned = enginePrepareRead(self)
        defer { if pinned { Unmanaged.passUnretained(self).release() } }
        if case .success = cached { return version }
        return nil
    }

    /// The read that needs the engine. It takes the node unretained, so that a caller
    /// holding it at +0 (an element of an array) need not retain it around the call;
    /// the engine keeps it alive instead (see `enginePrepareRead`).
    @inlinable
    @inline(never)
    static func valueReadThroughEngine(_ node: Unmanaged<Computed>) -> Value {
        let pinned = node._withUnsafeGuaranteedRef { enginePrepareRead($0) }
        let value = node._withUnsafeGuaranteedRef { $0.unwrap() }
        if pinned { node.release() }
        return value
    }

    /// ``valueReadThroughEngine(_:)`` by the model that owns the node, which keeps it
    /// alive: nothing to pin.
    @inlinable
    @inline(never)
    static func valueReadByOwnerThroughEngine(_ node: Unmanaged<Computed>) -> Value {
        node._withUnsafeGuaranteedRef { enginePrepareOwnedRead($0) }
        return node._withUnsafeGuaranteedRef { $0.unwrap() }
    }

    /// The current value, or the cached error rethrown.
    ///
    /// ```swift
    /// struct Empty: Error {}
    /// let names = Signal([String]())
    /// let first = Computed { () throws -> String in
    ///     guard let name = names.value.first else { throw Empty() }
    ///     return name
    /// }
    /// names.value = ["Ada"]
    /// print(try first.get())   // prints "Ada"
    /// ```
    @inlinable
    public func get() throws -> Value {
        if let step = Graph.readInPlace(ofComputed: self) {
            let cached = cached
            step.apply()
            return try cached.get()
        }
        let pinned = try enginePrepareThrowingRead(self)
        defer { if pinned { Unmanaged.passUnretained(self).release() } }
        return try cached.get()
    }

    /// The current value, recomputed if needed, without recording a dependency.
    ///
    /// ```swift
    /// let source = Signal(1)
    /// let doubled = Computed { source.value * 2 }
    /// let effect = Effect { print(doubled.peek()) }   // prints "2"; never runs again
    /// source.value = 2                                // prints nothing
    /// effect.cancel()
    /// ```
    @inlinable
    public func peek() -> Value {
        enginePreparePeek(self)
        return unwrap()
    }

    @usableFromInline
    override var origin: NodeOrigin {
        get { packedOrigin.origin }
        set { packedOrigin = PackedNodeOrigin(newValue) }
    }

    override func describeValue() -> String? {
        // A list operator's node has moved its output out while it updates.
        if flags.contains(.running), origin.isListOperatorNode { return nil }
        switch cached {
        case .success(let value): return TraceValue.describe(value)
        case .failure(let error):
            return error is NotYetComputed ? nil : "error: \(TraceValue.describe(error))"
        }
    }

    @inlinable
    func unwrap() -> Value {
        switch cached {
        case .success(let value): return value
        case .failure(let error): Graph.computedHoldsError(error)
        }
    }

    /// The update of a computed of this type, specialized where it is formed. Inlined
    /// into the update closure, as is the run below: one call per recompute, not three.
    /// A computed created outside every environment scope runs with none, whichever
    /// scope triggers it.
    @inlinable
    @inline(__always)
    static func recompute(_ node: DependentNode, equal: (Value, Value) -> Bool, _ runtime: RuntimeRef) -> Bool {
        let computed = unsafeDowncast(node, to: Computed<Value>.self)
        // The process-wide flag first: one load, and false unless environments are used.
        if environmentsInUse, computed.flags.contains(.isolatesEnvironment) {
            return isolatingAmbientEnvironment { computed.recompute(equal: equal, runtime) }
        }
        return computed.recompute(equal: equal, runtime)
    }

    /// ``recompute(_:equal:_:)`` with a rule found at run time. A closure literal, whose
    /// context stays on the stack (a method reference is boxed at every recompute).
    @inlinable
    @inline(__always)
    static func recompute(_ node: DependentNode, equivalence: Equivalence<Value>, _ runtime: RuntimeRef) -> Bool {
        recompute(node, equal: { equivalence.equal($0, $1) }, runtime)
    }

    /// Runs `compute` in this node's tracking scope and caches the result; returns
    /// whether it differs from the cached one. The comparer runs inside the scope too.
    @inlinable
    @inline(__always)
    final func recompute(equal: (Value, Value) -> Bool, _ runtime: RuntimeRef) -> Bool {
        let outer = Graph.beginComputing(self, runtime)
        // The value and the error take separate paths, so that an equal value (the
        // common case) leaves the cache untouched and no `Result` is copied or destroyed.
        let new: Value
        do {
            new = try compute()
        } catch {
            Graph.endComputing(self, outer, runtime)
            Graph.computedThrew(self, error)
            cached = .failure(error)
            version &+= 1
            return true
        }
        let changed: Bool
        let replacesValue: Bool
        if case .success(let old) = cached {
            changed = !equal(old, new)
            replacesValue = true
        } else {
            changed = true
            replacesValue = false
        }
        Graph.endComputing(self, outer, runtime)
        if changed {
            if replacesValue && _isPOD(Value.self) {
                // Nothing in the old value needs destroying: overwrite it in place.
                withUnsafeMutablePointer(to: &cached) { $0.initialize(to: .success(new)) }
            } else {
                cached = .success(new)
            }
            version &+= 1
        }
        return changed
    }
}

extension Graph {
    @usableFromInline
    static func computedHoldsError(_ error: any Error) -> Never {
        fatalError("""
            Ripple: read Computed.value, but the computed holds an error: \(error). Read it \
            with `try computed.get()` to handle the error.
            """)
    }
}

/// What a computed's cache holds before its first run. No read sees it: a computed
/// that has not run is dirty, so a read runs it first.
@usableFromInline
let notYetComputed: any Error = NotYetComputed()

private struct NotYetComputed: Error, CustomStringConvertible {
    var description: String { "the computed has not run yet (a Ripple bug if you see this)" }
}

extension NodeFlags {
    /// A computed whose recompute must shut out the environment of whoever triggers
    /// it: it captured none of its own. A layer bit, set where the computed is made.
    @inlinable static var isolatesEnvironment: NodeFlags { NodeFlags(rawValue: 1 << 31) }
}
