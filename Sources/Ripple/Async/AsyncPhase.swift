/// Where an ``AsyncComputed`` stands: working on a result, holding one, or holding the
/// error its last run threw.
///
/// ```swift
/// func describe(_ phase: AsyncPhase<[String]>) -> String {
///     switch phase {
///     case .loading(previous: nil): "searching..."
///     case .loading(previous: let titles?): "searching... (showing \(titles.count))"
///     case .value(let titles): "\(titles.count) found"
///     case .failure(let error): "failed: \(error)"
///     }
/// }
/// print(describe(.loading(previous: ["Dune"])))   // prints "searching... (showing 1)"
/// ```
public enum AsyncPhase<Value> {
    /// A run is in progress (or waiting out its debounce); `previous` is the last
    /// value a run produced, if any, still good to show meanwhile.
    case loading(previous: Value?)
    /// The latest run's result.
    case value(Value)
    /// The error the latest run threw.
    case failure(any Error)

    /// The latest value: the result, or while loading the previous one; nil before the
    /// first result and after a failure.
    ///
    /// ```swift
    /// let phase = AsyncPhase<Int>.loading(previous: 3)
    /// print(phase.value ?? 0)   // prints "3"
    /// ```
    public var value: Value? {
        switch self {
        case .loading(let previous): previous
        case .value(let value): value
        case .failure: nil
        }
    }

    /// Whether a run is in progress.
    ///
    /// ```swift
    /// print(AsyncPhase<Int>.value(3).isLoading)   // prints "false"
    /// ```
    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// The error the latest run threw, if it failed.
    ///
    /// ```swift
    /// struct Offline: Error {}
    /// print(AsyncPhase<Int>.failure(Offline()).error is Offline)   // prints "true"
    /// ```
    public var error: (any Error)? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

extension AsyncPhase: Sendable where Value: Sendable {}
