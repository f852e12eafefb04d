/// How a node decides that a new value equals the old one, in one word of storage.
///
/// The built-in rules are metatypes of `ValueEquality` subclasses, so choosing one
/// allocates nothing; a custom comparer is boxed once.
@usableFromInline
enum Equivalence<Value> {
    // `custom` comes first on purpose: the first case's tag is all zero bits, so its
    // reference stays a plain pointer. A later case's tag sets the reference's spare
    // bits, and LeakSanitizer would report the comparer of a live node as leaked.
    case custom(CustomEquality<Value>)
    case rule(ValueEquality<Value>.Type)

    @inlinable
    func equal(_ old: Value, _ new: Value) -> Bool {
        switch self {
        case .rule(let rule): rule.equal(old, new)
        case .custom(let custom): custom.equals(old, new)
        }
    }
}

/// The rule for values with no notion of equality: every write is a change.
@usableFromInline
class ValueEquality<Value> {
    @usableFromInline
    class func equal(_ old: Value, _ new: Value) -> Bool { false }
}

@usableFromInline
final class EquatableEquality<Value: Equatable>: ValueEquality<Value> {
    @usableFromInline
    override class func equal(_ old: Value, _ new: Value) -> Bool { old == new }
}

@usableFromInline
final class IdentityEquality<Value: AnyObject>: ValueEquality<Value> {
    @usableFromInline
    override class func equal(_ old: Value, _ new: Value) -> Bool { old === new }
}

@usableFromInline
final class CustomEquality<Value> {
    @usableFromInline let equals: (Value, Value) -> Bool

    @usableFromInline
    init(_ equals: @escaping (Value, Value) -> Bool) {
        self.equals = equals
    }
}

extension ValueEquality {
    /// The rule for `Value` found at run time, for code that cannot pick an overload
    /// statically (decoding). Costs a dynamic cast; the initializers avoid it.
    @usableFromInline
    static var defaultRule: ValueEquality<Value>.Type {
        if let equatable = Value.self as? any Equatable.Type {
            return equatableRule(equatable)
        }
        if Value.self is AnyObject.Type {
            return AnyIdentityEquality<Value>.self
        }
        if Value.self is any OptionalObject.Type {
            return OptionalIdentityEquality<Value>.self
        }
        return ValueEquality<Value>.self
    }

    private static func equatableRule<Equatable: Swift.Equatable>(_: Equatable.Type) -> ValueEquality<Value>.Type {
        // `Equatable` is `Value` at run time, so the metatype converts.
        EquatableEquality<Equatable>.self as! ValueEquality<Value>.Type
    }
}

/// Identity for a `Value` known only at run time to be a class.
final class AnyIdentityEquality<Value>: ValueEquality<Value> {
    override class func equal(_ old: Value, _ new: Value) -> Bool {
        unsafeBitCast(old, to: AnyObject.self) === unsafeBitCast(new, to: AnyObject.self)
    }
}

/// Optionals of class instances: identity, and nil equals nil.
protocol OptionalObject {
    var objectIdentifier: ObjectIdentifier? { get }
}

extension Optional: OptionalObject where Wrapped: AnyObject {
    var objectIdentifier: ObjectIdentifier? { map(ObjectIdentifier.init) }
}

final class OptionalIdentityEquality<Value>: ValueEquality<Value> {
    override class func equal(_ old: Value, _ new: Value) -> Bool {
        (old as? any OptionalObject)?.objectIdentifier == (new as? any OptionalObject)?.objectIdentifier
    }
}
