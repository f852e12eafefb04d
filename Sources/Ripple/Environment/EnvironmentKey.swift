/// A key for a custom value in ``EnvironmentValues``, with the value used when no
/// scope sets one.
///
/// <!-- file scope: an extension -->
/// ```swift
/// struct ThemeKey: EnvironmentKey {
///     static let defaultValue = "light"
/// }
/// extension EnvironmentValues {
///     var theme: String {
///         get { self[ThemeKey.self] }
///         set { self[ThemeKey.self] = newValue }
///     }
/// }
/// ```
public protocol EnvironmentKey {
    associatedtype Value
    /// The value when no enclosing scope sets one.
    static var defaultValue: Value { get }
}

/// Why a lookup in ``EnvironmentValues`` failed.
///
/// ``EnvironmentValues/require(_:)`` throws it, typed, for code that must not crash
/// where a missing store would otherwise be a fatal error.
///
/// ```swift
/// final class Library { @Tracked var name = "City Library" }
///
/// do throws(EnvironmentError) {
///     let library = try EnvironmentValues().require(Library.self)
///     print(library.name)
/// } catch {
///     print(error == .missing(typeName: "Library"))   // prints "true"
/// }
/// ```
public enum EnvironmentError: Error, Equatable, CustomStringConvertible {
    /// No store of the named type is in the environment.
    case missing(typeName: String)

    /// A sentence that names the missing type and how to provide it.
    ///
    /// ```swift
    /// print(EnvironmentError.missing(typeName: "Library"))
    /// // prints "no Library in the environment: provide one with withEnvironment(_:_:) or ..."
    /// ```
    public var description: String {
        switch self {
        case .missing(let typeName):
            "no \(typeName) in the environment: provide one with withEnvironment(_:_:) or EnvironmentValues.insert(_:)"
        }
    }
}
