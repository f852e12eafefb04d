// The initializers of `Computed`, one per equality rule: `==` for `Equatable` values,
// identity for objects, a custom comparer, or the rule found at run time.

extension Computed {
    @inlinable
    convenience init(equivalence: Equivalence<Value>, compute: @escaping () throws -> Value) {
        self.init(compute: compute, update: { Computed.recompute($0, equivalence: equivalence, $1) })
    }

    /// Creates a computed whose equality rule is found from the value's type at run
    /// time.
    ///
    /// Values with no equality change on every recompute; in generic code,
    /// `Equatable` values, objects and optional objects still cut off.
    ///
    /// ```swift
    /// func memo<T>(_ compute: @escaping () -> T) -> Computed<T> { Computed(compute) }
    ///
    /// let count = Signal(3)
    /// let isOdd = memo { count.value % 2 == 1 }           // generic, yet Bool's == cuts off
    /// let effect = Effect { print("odd:", isOdd.value) }  // prints "odd: true"
    /// count.value = 5                                     // true again: prints nothing
    /// effect.cancel()
    /// ```
    @inlinable
    public convenience init(name: String? = nil, _ compute: @escaping () -> Value) {
        self.init(equivalence: .rule(ValueEquality<Value>.defaultRule), compute: compute)
        if let name { Graph.setName(name, of: self) }
    }

    /// Creates a computed whose recomputes count as changes only when `==` says so.
    ///
    /// ```swift
    /// let count = Signal(3)
    /// let isEven = Computed { count.value % 2 == 0 }
    /// let effect = Effect { print("even:", isEven.value) }   // prints "even: false"
    /// count.value = 5        // isEven recomputes to false again: prints nothing
    /// effect.cancel()
    /// ```
    @inlinable
    public convenience init(name: String? = nil, _ compute: @escaping () -> Value) where Value: Equatable {
        self.init(compute: compute, update: { Computed.recompute($0, equal: ==, $1) })
        if let name { Graph.setName(name, of: self) }
    }

    /// Creates a computed holding objects, compared by identity.
    ///
    /// ```swift
    /// final class Page {}
    /// let pages = Signal([Page()])
    /// let first = Computed { pages.value[0] }                  // compared by identity
    /// let effect = Effect { _ = first.value; print("render") } // prints "render"
    /// pages.value.append(Page())                               // same first page: prints nothing
    /// effect.cancel()
    /// ```
    @inlinable
    public convenience init(name: String? = nil, _ compute: @escaping () -> Value) where Value: AnyObject {
        self.init(compute: compute, update: { Computed.recompute($0, equal: ===, $1) })
        if let name { Graph.setName(name, of: self) }
    }

    /// Creates a computed holding `Equatable` objects, compared with `==`.
    ///
    /// ```swift
    /// final class Tag: Equatable {
    ///     let name: String
    ///     init(_ name: String) { self.name = name }
    ///     static func == (a: Tag, b: Tag) -> Bool { a.name == b.name }
    /// }
    /// let name = Signal("sf")
    /// let tag = Computed { Tag(name.value.lowercased()) }   // a new Tag each run; == decides
    /// let effect = Effect { print("tag:", tag.value.name) } // prints "tag: sf"
    /// name.value = "SF"                                     // an equal Tag: prints nothing
    /// effect.cancel()
    /// ```
    @inlinable
    public convenience init(name: String? = nil, _ compute: @escaping () -> Value) where Value: AnyObject & Equatable {
        self.init(compute: compute, update: { Computed.recompute($0, equal: ==, $1) })
        if let name { Graph.setName(name, of: self) }
    }

    /// Creates a computed that may throw; the error is cached like a value. The
    /// equality rule is found from the value's type at run time.
    ///
    /// ```swift
    /// struct Negative: Error {}
    /// let input = Signal(-1)
    /// let root = Computed { () throws -> Double in
    ///     guard input.value >= 0 else { throw Negative() }
    ///     return Double(input.value).squareRoot()
    /// }
    /// print((try? root.get()) == nil)   // prints "true": the error, cached
    /// input.value = 16
    /// print(try root.get())             // prints "4.0"
    /// ```
    @inlinable
    public convenience init(name: String? = nil, _ compute: @escaping () throws -> Value) {
        self.init(equivalence: .rule(ValueEquality<Value>.defaultRule), compute: compute)
        if let name { Graph.setName(name, of: self) }
    }

    /// Creates a throwing computed compared with `==`.
    ///
    /// ```swift
    /// struct NotANumber: Error {}
    /// let text = Signal("42")
    /// let number = Computed { () throws -> Int in
    ///     guard let number = Int(text.value) else { throw NotANumber() }
    ///     return number
    /// }
    /// print(try number.get())   // prints "42"
    /// text.value = "042"        // recomputes to 42 again: dependents skip
    /// ```
    @inlinable
    public convenience init(name: String? = nil, _ compute: @escaping () throws -> Value) where Value: Equatable {
        self.init(compute: compute, update: { Computed.recompute($0, equal: ==, $1) })
        if let name { Graph.setName(name, of: self) }
    }

    /// Creates a throwing computed holding objects, compared by identity.
    ///
    /// ```swift
    /// struct SignedOut: Error {}
    /// final class User {}
    /// let user = Signal<User?>(User())
    /// let current = Computed { () throws -> User in         // compared by identity
    ///     guard let signedIn = user.value else { throw SignedOut() }
    ///     return signedIn
    /// }
    /// user.value = nil
    /// print((try? current.get()) == nil)   // prints "true": SignedOut, cached
    /// ```
    @inlinable
    public convenience init(name: String? = nil, _ compute: @escaping () throws -> Value) where Value: AnyObject {
        self.init(compute: compute, update: { Computed.recompute($0, equal: ===, $1) })
        if let name { Graph.setName(name, of: self) }
    }

    /// Creates a throwing computed holding `Equatable` objects, compared with `==`.
    ///
    /// ```swift
    /// final class Tag: Equatable {
    ///     let name: String
    ///     init(_ name: String) { self.name = name }
    ///     static func == (a: Tag, b: Tag) -> Bool { a.name == b.name }
    /// }
    /// struct EmptyName: Error {}
    /// let name = Signal("sf")
    /// let tag = Computed { () throws -> Tag in          // a new Tag each run; == decides
    ///     guard !name.value.isEmpty else { throw EmptyName() }
    ///     return Tag(name.value.lowercased())
    /// }
    /// print(try tag.get().name)   // prints "sf"
    /// name.value = "SF"           // an equal Tag: dependents skip
    /// ```
    @inlinable
    public convenience init(
        name: String? = nil, _ compute: @escaping () throws -> Value
    ) where Value: AnyObject & Equatable {
        self.init(compute: compute, update: { Computed.recompute($0, equal: ==, $1) })
        if let name { Graph.setName(name, of: self) }
    }

    /// Creates a computed with a custom notion of change.
    ///
    /// ```swift
    /// let raw = Signal(1.04)
    /// let rounded = Computed(equals: { abs($0 - $1) < 0.1 }) { raw.value }
    /// print(rounded.value)   // prints "1.04": computed on this first read
    /// raw.value = 1.08
    /// print(rounded.value)   // prints "1.04": within tolerance, the old value stands
    /// ```
    ///
    /// - Parameters:
    ///   - equals: Called as `equals(old, new)` between two values (never with an
    ///     error), inside the computed's own tracking scope.
    ///   - compute: Derives the value.
    @inlinable
    public convenience init(
        name: String? = nil, equals: @escaping (Value, Value) -> Bool, _ compute: @escaping () -> Value
    ) {
        self.init(compute: compute, update: { Computed.recompute($0, equal: equals, $1) })
        if let name { Graph.setName(name, of: self) }
    }

    /// Creates a throwing computed with a custom notion of change.
    ///
    /// ```swift
    /// struct Offline: Error {}
    /// let sensor = Signal<Double?>(20.0)
    /// let reading = Computed(equals: { abs($0 - $1) < 0.5 }) { () throws -> Double in
    ///     guard let value = sensor.value else { throw Offline() }
    ///     return value
    /// }
    /// print(try reading.get())              // prints "20.0": computed on this first read
    /// sensor.value = 20.3
    /// print(try reading.get())              // prints "20.0": within tolerance, the old value stands
    /// sensor.value = nil
    /// print((try? reading.get()) == nil)    // prints "true": Offline, cached; equals never sees it
    /// ```
    ///
    /// - Parameters:
    ///   - equals: Called as `equals(old, new)` between two values (never with an
    ///     error), inside the computed's own tracking scope.
    ///   - compute: Derives the value, or throws.
    @inlinable
    public convenience init(
        name: String? = nil, equals: @escaping (Value, Value) -> Bool, _ compute: @escaping () throws -> Value
    ) {
        self.init(compute: compute, update: { Computed.recompute($0, equal: equals, $1) })
        if let name { Graph.setName(name, of: self) }
    }
}
