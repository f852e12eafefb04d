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
        case .rule(let rule):
            if let equal = Equivalence.standardEqual(old, new) { return equal }
            return rule.equal(old, new)
        case .custom(let custom):
            return custom.equals(old, new)
        }
    }

    /// `==` called directly for the standard library's most common value types, whose
    /// built-in rule is always `==`; nil for other types. Specialized for a concrete
    /// type this folds into the one comparison, where the rule's class method costs two
    /// indirect calls.
    @inlinable
    @inline(__always)
    static func standardEqual(_ old: Value, _ new: Value) -> Bool? {
        if Value.self == Int.self { return unsafeBitCast(old, to: Int.self) == unsafeBitCast(new, to: Int.self) }
        if Value.self == Double.self {
            return unsafeBitCast(old, to: Double.self) == unsafeBitCast(new, to: Double.self)
        }
        if Value.self == Bool.self { return unsafeBitCast(old, to: Bool.self) == unsafeBitCast(new, to: Bool.self) }
        if Value.self == String.self {
            return unsafeBitCast(old, to: String.self) == unsafeBitCast(new, to: String.self)
        }
        if Value.self == Float.self {
            return unsafeBitCast(old, to: Float.self) == unsafeBitCast(new, to: Float.self)
        }
        if Value.self == UInt.self { return unsafeBitCast(old, to: UInt.self) == unsafeBitCast(new, to: UInt.self) }
        return nil
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
    /// The rule of `Value`'s type: the standard library's common types by name, which
    /// folds away where `Value` is known, others by dynamic casts at run time.
    @inlinable
    static var defaultRule: ValueEquality<Value>.Type {
        if Value.self == Int.self { return EquatableEquality<Int>.self as! ValueEquality<Value>.Type }
        if Value.self == Bool.self { return EquatableEquality<Bool>.self as! ValueEquality<Value>.Type }
        if Value.self == Double.self { return EquatableEquality<Double>.self as! ValueEquality<Value>.Type }
        if Value.self == String.self { return EquatableEquality<String>.self as! ValueEquality<Value>.Type }
        return ruleFoundByCasts
    }

    /// The rule for a type other than those, from its conformances.
    @usableFromInline
    static var ruleFoundByCasts: ValueEquality<Value>.Type {
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
