/// Runs `body` with `store` in the environment, found by its type.
///
/// ```swift
/// final class Library { @Tracked var name = "City Library" }
///
/// withEnvironment(Library()) {
///     print(EnvironmentValues.current[Library.self]?.name ?? "none")   // prints "City Library"
/// }
/// ```
///
/// Nested scopes inherit the enclosing environment and override what they set; the
/// enclosing one is restored when `body` returns.
public func withEnvironment<Store, Result>(
    _ store: Store, _ body: () throws -> Result
) rethrows -> Result {
    var values = EnvironmentValues.current
    values.insert(store)
    return try withEnvironment(values, body)
}

/// Runs `body` with a custom value set.
///
/// ```swift
/// withEnvironment(\.theme, "dark") {
///     print(EnvironmentValues.current.theme)   // prints "dark"
/// }
/// ```
public func withEnvironment<Value, Result>(
    _ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value, _ body: () throws -> Result
) rethrows -> Result {
    var values = EnvironmentValues.current
    values[keyPath: keyPath] = value
    return try withEnvironment(values, body)
}

/// Runs `body` with `values` as the whole environment.
///
/// ```swift
/// var values = EnvironmentValues()
/// values.insert(Library())
/// withEnvironment(values) { /* ... */ }
/// ```
public func withEnvironment<Result>(
    _ values: EnvironmentValues, _ body: () throws -> Result
) rethrows -> Result {
    AmbientEnvironment.open()
    defer { AmbientEnvironment.close() }
    return try AmbientEnvironment.$current.withValue(values, operation: body)
}

/// Runs asynchronous `body` with `store` in the environment; child tasks inherit it.
///
/// ```swift
/// func currentLibraryName() async -> String {
///     EnvironmentValues.current[Library.self]?.name ?? "none"
/// }
///
/// await withEnvironment(Library()) {
///     async let name = currentLibraryName()   // a child task: sees the Library too
///     print(await name)                        // prints "City Library"
/// }
/// ```
public func withEnvironment<Store, Result>(
    _ store: Store,
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
) async rethrows -> Result {
    var values = EnvironmentValues.current
    values.insert(store)
    return try await withEnvironment(values, isolation: isolation, body)
}

/// Runs asynchronous `body` with a custom value set; child tasks inherit it.
///
/// ```swift
/// await withEnvironment(\.theme, "dark") {
///     async let theme = EnvironmentValues.current.theme   // a child task: inherits it
///     print(await theme)                                   // prints "dark"
/// }
/// ```
public func withEnvironment<Value, Result>(
    _ keyPath: WritableKeyPath<EnvironmentValues, Value>,
    _ value: Value,
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
) async rethrows -> Result {
    var values = EnvironmentValues.current
    values[keyPath: keyPath] = value
    return try await withEnvironment(values, isolation: isolation, body)
}

/// Runs asynchronous `body` with `values` as the whole environment; child tasks
/// inherit it.
///
/// ```swift
/// var values = EnvironmentValues()
/// values.insert(Library())
/// await withEnvironment(values) {
///     async let name = EnvironmentValues.current[Library.self]?.name ?? "none"
///     print(await name)   // prints "City Library": a child task sees the whole environment
/// }
/// ```
public func withEnvironment<Result>(
    _ values: EnvironmentValues,
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
) async rethrows -> Result {
    AmbientEnvironment.open()
    defer { AmbientEnvironment.close() }
    return try await AmbientEnvironment.$current.withValue(values, operation: body, isolation: isolation)
}
