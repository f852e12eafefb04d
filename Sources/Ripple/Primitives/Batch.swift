/// Groups writes so that effects run once, after all of them.
///
/// Nested batches flush once, at the outermost end. Reads inside a batch see every
/// write made so far (a ``Computed`` read inside a batch is fresh). Only the final
/// values count: a signal written back to the value its subscribers saw notifies
/// nobody.
///
/// ```swift
/// let first = Signal("Ada"), last = Signal("Lovelace")
/// let effect = Effect { print(first.value, last.value) }   // prints "Ada Lovelace"
/// batch {
///     first.value = "Grace"
///     last.value = "Hopper"
/// }                                                         // prints "Grace Hopper", once
/// effect.cancel()
/// ```
///
/// - Parameter body: The writes; its result is returned.
/// - Returns: What `body` returned.
@inlinable
public func batch<T>(_ body: () throws -> T) rethrows -> T {
    let runtime = Runtime.current
    Graph.beginBatch(runtime)
    defer { Graph.endBatch(runtime) }
    return try body()
}

/// Runs `body` without recording dependencies.
///
/// ```swift
/// let query = Signal("swift"), page = Signal(1)
/// let results = Computed {
///     "\(query.value), page \(untracked { page.value })"   // depends on query only
/// }
/// print(results.value)   // prints "swift, page 1"
/// page.value = 2
/// print(results.value)   // prints "swift, page 1": page is no dependency
/// query.value = "rust"
/// print(results.value)   // prints "rust, page 2"
/// ```
///
/// - Parameter body: Reads that must not become dependencies; its result is returned.
/// - Returns: What `body` returned.
@inlinable
public func untracked<T>(_ body: () throws -> T) rethrows -> T {
    let run = Graph.beginUntracked()
    defer { Graph.endUntracked(run) }
    return try body()
}
