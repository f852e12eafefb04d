/// Reads a store or a value from the active environment.
///
/// ```swift
/// final class Library { @Tracked var name = "City Library" }
///
/// struct LibraryView {
///     @Environment(Library.self) var library              // absent: fatal error naming Library
///     @Environment(Library.self) var maybe: Library?      // absent: nil
///     @Environment(\.theme) var theme                     // absent: ThemeKey.defaultValue
///
///     func render() -> String { "\(library.name) in \(theme)" }
/// }
///
/// withEnvironment(Library()) {
///     print(LibraryView().render())   // prints "City Library in light"
/// }
/// ```
///
/// The value is resolved from the active scope each time it is read. Inside an
/// ``Effect`` or a ``Computed`` that is the scope the node was created in.
@propertyWrapper
public struct Environment<Value> {
    @usableFromInline let resolve: (EnvironmentValues) -> Value

    /// A required store: reading it when absent is a fatal error that names the type and
    /// says how to insert it.
    ///
    /// ```swift
    /// struct Header {
    ///     @Environment(Library.self) var library   // no Library in scope: a fatal error
    /// }
    /// withEnvironment(Library()) {
    ///     print(Header().library.name)   // prints "City Library"
    /// }
    /// ```
    public init(_ type: Value.Type) {
        resolve = { values in
            guard let store = values[Value.self] else { Graph.missingStore(Value.self) }
            return store
        }
    }

    /// An optional store: nil when absent.
    ///
    /// ```swift
    /// struct Footer {
    ///     @Environment(Library.self) var library: Library?
    /// }
    /// print(Footer().library == nil)              // prints "true": no scope provides one
    /// withEnvironment(Library()) {
    ///     print(Footer().library?.name ?? "none") // prints "City Library"
    /// }
    /// ```
    public init<Store>(_ type: Store.Type) where Value == Store? {
        resolve = { values in values[Store.self] }
    }

    /// A custom value: the key's default when no scope sets it.
    ///
    /// ```swift
    /// struct Badge {
    ///     @Environment(\.theme) var theme   // a String, from ThemeKey
    /// }
    /// print(Badge().theme)   // prints "light": ThemeKey.defaultValue
    /// ```
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        resolve = { values in values[keyPath: keyPath] }
    }

    /// The value in the active environment.
    ///
    /// It is resolved on every read, not when the wrapper is created: the same wrapper
    /// reads differently in different scopes.
    ///
    /// ```swift
    /// let badge = Badge()                  // @Environment(\.theme) var theme
    /// print(badge.theme)                   // prints "light"
    /// withEnvironment(\.theme, "dark") {
    ///     print(badge.theme)               // prints "dark": resolved when read
    /// }
    /// ```
    public var wrappedValue: Value {
        resolve(EnvironmentValues.current)
    }
}

extension Graph {
    static func missingStore<Store>(_ type: Store.Type) -> Never {
        let name = String(describing: type)
        fatalError("""
            Ripple: no \(name) in the environment. Provide one around the code that reads \
            it: withEnvironment(\(name.prefix(1).lowercased() + name.dropFirst())) { ... }, \
            or insert it with EnvironmentValues.insert(_:) and pass the values to \
            withEnvironment(_:_:).
            """)
    }
}
