internal import Synchronization
public import RippleThreadLocal

/// A container of shared stores, resolved by type, and of custom values, resolved by
/// key: what a part of a program needs from the parts around it.
///
/// ```swift
/// final class Library { @Tracked var name = "City Library" }
///
/// var values = EnvironmentValues()
/// values.insert(Library())
/// values[ThemeKey.self] = "dark"
/// withEnvironment(values) {
///     print(EnvironmentValues.current[Library.self]?.name ?? "none")   // prints "City Library"
/// }
/// ```
///
/// It is a value: inserting copies, and scopes (``withEnvironment(_:_:)``) nest,
/// inherit and override. It is `Sendable` so that it can travel to child tasks; the
/// stores it holds keep their own isolation and are for use from it (typically the
/// main actor), as in SwiftUI.
public struct EnvironmentValues: @unchecked Sendable {
    // Safety: the dictionary is copy-on-write, so a shared container is never mutated
    // in place. The stores inside are not made Sendable by traveling here: like
    // SwiftUI's environment, they are used from the isolation they belong to, which the
    // documentation above states.
    @usableFromInline var entries: [Slot: Any] = [:]

    @usableFromInline
    enum Slot: Hashable {
        case store(ObjectIdentifier)
        case key(ObjectIdentifier)
    }

    /// An empty environment.
    ///
    /// It holds no stores, and every key reads as its default.
    ///
    /// ```swift
    /// let values = EnvironmentValues()
    /// print(values[Library.self] == nil)   // prints "true": no stores
    /// print(values[ThemeKey.self])         // prints "light": the key's default
    /// ```
    public init() {}

    /// Whether nothing has been inserted or set.
    ///
    /// ```swift
    /// var values = EnvironmentValues()
    /// print(values.isEmpty)   // prints "true"
    /// values[ThemeKey.self] = "dark"
    /// print(values.isEmpty)   // prints "false"
    /// ```
    public var isEmpty: Bool { entries.isEmpty }

    /// Adds a store, found later by its type; replaces one of the same type.
    ///
    /// ```swift
    /// var values = EnvironmentValues()
    /// values.insert(Library())
    /// ```
    public mutating func insert<Store>(_ store: Store) {
        entries[.store(ObjectIdentifier(Store.self))] = store
    }

    /// The store of the given type, or nil.
    ///
    /// ```swift
    /// let library = EnvironmentValues.current[Library.self]   // Library?
    /// print(library == nil)                                   // prints "true": outside every scope
    /// ```
    public subscript<Store>(_ type: Store.Type) -> Store? {
        get { entries[.store(ObjectIdentifier(type))] as? Store }
        set { entries[.store(ObjectIdentifier(type))] = newValue }
    }

    /// The value for a key, or the key's default.
    ///
    /// Custom key paths such as `\.theme` are built on it.
    ///
    /// ```swift
    /// var values = EnvironmentValues()
    /// print(values[ThemeKey.self])   // prints "light": the default
    /// values[ThemeKey.self] = "dark"
    /// print(values[ThemeKey.self])   // prints "dark"
    /// ```
    public subscript<Key: EnvironmentKey>(_ key: Key.Type) -> Key.Value {
        get { entries[.key(ObjectIdentifier(key))] as? Key.Value ?? Key.defaultValue }
        set { entries[.key(ObjectIdentifier(key))] = newValue }
    }

    /// The store of the given type, or ``EnvironmentError/missing(typeName:)`` for code
    /// that must not crash.
    ///
    /// ```swift
    /// do {
    ///     let library = try EnvironmentValues.current.require(Library.self)
    ///     print(library.name)
    /// } catch {
    ///     print(error)   // prints "no Library in the environment: ..."
    /// }
    /// ```
    public func require<Store>(_ type: Store.Type) throws(EnvironmentError) -> Store {
        guard let store = self[type] else {
            throw .missing(typeName: String(describing: type))
        }
        return store
    }

    /// The environment of the innermost enclosing ``withEnvironment(_:_:)`` scope in
    /// this task (child tasks inherit it), or an empty one.
    ///
    /// ```swift
    /// print(EnvironmentValues.current.isEmpty)       // prints "true": outside every scope
    /// withEnvironment(\.theme, "dark") {
    ///     print(EnvironmentValues.current.theme)     // prints "dark"
    /// }
    /// ```
    public static var current: EnvironmentValues {
        AmbientEnvironment.current
    }
}

/// Where the active environment lives: a task-local, so that child tasks inherit it.
enum AmbientEnvironment {
    @TaskLocal static var current = EnvironmentValues()

    /// Scopes open anywhere, so that code outside all of them skips the task-local.
    static let openScopes = Atomic<Int>(0)
    static func open() {
        openScopes.add(1, ordering: .relaxed)
        // Until a scope has opened, no task can carry an environment, and engine work
        // skips every environment check.
        if ripple_environment_used_get() == 0 {
            ripple_flush_wrapper_set { body, context in
                AmbientEnvironment.isolatingAmbient { body(context) }
            }
            ripple_environment_used_set()
        }
    }

    static func close() {
        openScopes.subtract(1, ordering: .relaxed)
    }

    /// The environment to capture for a node created now, if there is one.
    static func captured() -> EnvironmentValues? {
        guard mayBeActive else { return nil }
        let values = current
        return values.isEmpty ? nil : values
    }

    /// Whether a scope may be active for the calling code: one is open somewhere, or the
    /// code runs in a task (which may have inherited one from a scope already closed).
    @inline(__always)
    static var mayBeActive: Bool {
        ripple_environment_used_get() != 0 && mayBeActiveSlowly()
    }

    @inline(never)
    private static func mayBeActiveSlowly() -> Bool {
        openScopes.load(ordering: .relaxed) > 0 || withUnsafeCurrentTask { $0 != nil }
    }

    /// Wraps a node's closure so that it always runs in the environment of its creation.
    static func bind<Result>(_ body: @escaping () -> Result) -> () -> Result {
        guard let values = captured() else { return body }
        return { AmbientEnvironment.$current.withValue(values, operation: body) }
    }

    /// The same for an effect's body, not generic so that no thunk wraps its calls, and
    /// taking `body` owned so that the initializer hands it over without a copy.
    static func bind(_ body: __owned @escaping () -> Void) -> () -> Void {
        guard let values = captured() else { return body }
        return { AmbientEnvironment.$current.withValue(values, operation: body) }
    }

    /// Runs engine work (a flush, a recompute) with no ambient environment, so that a
    /// node created outside every scope does not resolve the stores of whichever scope
    /// happens to trigger its re-run. Nodes that captured one restore their own.
    @inline(__always)
    static func isolatingAmbient<Result>(_ body: () -> Result) -> Result {
        guard mayBeActive, !current.isEmpty else { return body() }
        return $current.withValue(EnvironmentValues(), operation: body)
    }
}

/// Whether an environment scope was ever opened in this process: until then no node
/// needs shutting out an ambient environment. For inlinable code.
@inlinable
@inline(__always)
var environmentsInUse: Bool {
    ripple_environment_used_get() != 0
}

/// Runs `body` with no ambient environment (``AmbientEnvironment/isolatingAmbient(_:)``),
/// for inlinable code.
@usableFromInline
func isolatingAmbientEnvironment(_ body: () -> Bool) -> Bool {
    AmbientEnvironment.isolatingAmbient(body)
}
