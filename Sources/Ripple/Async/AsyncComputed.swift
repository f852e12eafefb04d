/// A derived value that takes an `async` call to produce: a search's results, a cover
/// image, a price from a remote catalog.
///
/// It splits the work in two. `input` is a synchronous closure that reads tracked
/// state and returns what the work needs (a query string, an id): what it reads is what
/// the value depends on. `operation` is the `async` work on that input. When the input
/// changes, the task in progress is cancelled and a new one starts; a result from a
/// superseded task is never published, even if its work ignores cancellation and
/// finishes later. An input equal to the previous one starts nothing.
///
/// ```swift
/// let query = Signal("dune")
/// let titles = ["Dune", "Dune Messiah", "Emma"]
/// let results = AsyncComputed(input: { query.value }) { text in
///     titles.filter { $0.lowercased().contains(text) }   // a remote call, in a real app
/// }
/// for await phase in observe({ results.state }) {
///     if case .value(let found) = phase {
///         print(found)   // prints "[\"Dune\", \"Dune Messiah\"]"
///         break
///     }
/// }
/// ```
///
/// Its ``state`` is an ``AsyncPhase``, tracked like any value: `.loading(previous:)`
/// while a task runs (with the last value still there to show), `.value` once it
/// finishes, `.failure` if it throws. ``value`` reads just the latest value, with
/// equality cut-off: a new result equal to the last one (by `==` for `Equatable`
/// values, or `equals:`) re-runs nothing that reads only `value`.
///
/// `debounce` waits that long after each change of the input before starting the
/// work, so that a burst of changes (typing) starts one task; the first run starts at
/// once. Time is measured by `clock`, which tests replace with one they advance by
/// hand.
///
/// Isolation: create it on an actor, usually the main actor of a `@MainActor` model;
/// its tasks run there (they take the caller's isolation, `#isolation`), and so do
/// the writes that publish results. Its tasks hold it weakly: releasing it (or the
/// model holding it) cancels the task in progress, and a result that arrives later is
/// dropped. In an ``ObservableModel``, expose the state to Observation (SwiftUI)
/// through a `@Derived` property that reads it.
public final class AsyncComputed<Value> {
    private let phase: Signal<AsyncPhase<Value>>
    private let latest: Signal<Value?>
    /// Follows the input and starts a task at each change.
    private var follower: Effect?
    private var task: Task<Void, Never>?
    /// Counts the tasks started; only the newest may publish.
    private var generation: UInt64 = 0
    private var hasStarted = false

    /// Creates the value and starts its first task at once.
    ///
    /// ```swift
    /// @MainActor
    /// func price(of item: Signal<String>, clock: some Clock<Duration>) -> AsyncComputed<Double> {
    ///     AsyncComputed(debounce: .milliseconds(300), clock: clock, input: { item.value }) { name in
    ///         name == "Dune" ? 9.99 : 14.99   // a remote catalog, in a real app
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - debounce: How long the input must stay unchanged before a task starts;
    ///     nil (the default) starts one at every change.
    ///   - clock: Measures the debounce; `ContinuousClock()` by default.
    ///   - equals: Decides whether a new result equals the last one; by default `==`
    ///     for `Equatable` values, identity for objects, and never for the rest.
    ///   - isolation: Where tasks run and results are published: the caller's actor.
    ///   - input: Reads tracked state; what it reads is what the value depends on.
    ///   - operation: The work, run in a task for each input.
    public init<Input: Sendable>(
        debounce: Duration? = nil,
        clock: any Clock<Duration> = ContinuousClock(),
        equals: ((Value, Value) -> Bool)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        input: @escaping () -> Input,
        _ operation: @escaping (Input) async throws -> Value
    ) {
        guard isolation != nil else {
            fatalError("""
                Ripple: AsyncComputed was created outside any actor. Create it on the actor \
                that owns the state it reads (a @MainActor model, or an actor), where its \
                tasks publish their results.
                """)
        }
        let equal = equals ?? Self.defaultEquality()
        phase = Signal(.loading(previous: nil), equals: { old, new in Self.samePhase(old, new, equal) })
        latest = Signal(nil, equals: { old, new in Self.sameValue(old, new, equal) })
        follow(Computed(input), debounce: debounce, clock: clock, operation, isolation: isolation)
    }

    /// Starts following the input: the first task at once, one per change after that.
    private func follow<Input: Sendable>(
        _ source: Computed<Input>, debounce: Duration?, clock: any Clock<Duration>,
        _ operation: @escaping (Input) async throws -> Value,
        isolation: isolated (any Actor)?
    ) {
        let body: () -> Void = { [unowned self] in
            let input = source.value
            let wait = self.hasStarted ? debounce : nil
            self.hasStarted = true
            untracked { self.start(input, debounce: wait, clock: clock, operation, isolation: isolation) }
        }
        follower = Graph.withoutOwner { Effect("AsyncComputed input", body) }
    }

    deinit {
        task?.cancel()
    }

    private static func defaultEquality() -> (Value, Value) -> Bool {
        let rule = ValueEquality<Value>.defaultRule
        return { old, new in rule.equal(old, new) }
    }

    private static func sameValue(_ old: Value?, _ new: Value?, _ equal: (Value, Value) -> Bool) -> Bool {
        if let old, let new { return equal(old, new) }
        return old == nil && new == nil
    }

    /// Two loading phases with equal previous values, or two equal values; a failure is
    /// always news.
    private static func samePhase(
        _ old: AsyncPhase<Value>, _ new: AsyncPhase<Value>, _ equal: (Value, Value) -> Bool
    ) -> Bool {
        switch (old, new) {
        case (.loading(let old), .loading(let new)):
            return sameValue(old, new, equal)
        case (.value(let old), .value(let new)):
            return equal(old, new)
        default:
            return false
        }
    }

    /// The phase: loading (with the previous value), a value, or a failure.
    ///
    /// ```swift
    /// @MainActor
    /// func show(_ results: AsyncComputed<[String]>) -> Effect {
    ///     Effect {
    ///         switch results.state {
    ///         case .loading: print("loading")
    ///         case .value(let titles): print(titles)
    ///         case .failure(let error): print("error:", error)
    ///         }
    ///     }
    /// }
    /// ```
    public var state: AsyncPhase<Value> {
        phase.value
    }

    /// The latest value (while loading, the previous one); nil before the first result
    /// and after a failure. A reader of `value` re-runs only when it changes.
    ///
    /// ```swift
    /// @MainActor
    /// func countResults(_ results: AsyncComputed<[String]>) -> Computed<Int> {
    ///     Computed { results.value?.count ?? 0 }
    /// }
    /// ```
    public var value: Value? {
        latest.value
    }

    /// Whether a task is in progress or waiting out its debounce.
    ///
    /// ```swift
    /// @MainActor
    /// func spinner(for results: AsyncComputed<[String]>) -> Effect {
    ///     Effect { print(results.isLoading ? "spinning" : "idle") }
    /// }
    /// ```
    public var isLoading: Bool {
        phase.value.isLoading
    }

    /// Cancels the task in progress, and starts a new one with the input of the latest.
    private func start<Input: Sendable>(
        _ input: Input, debounce: Duration?, clock: any Clock<Duration>,
        _ operation: @escaping (Input) async throws -> Value,
        isolation: isolated (any Actor)?
    ) {
        generation &+= 1
        let current = generation
        task?.cancel()
        phase.value = .loading(previous: latest.peek())
        task = Task { [weak self] in
            _ = isolation
            if let debounce {
                do {
                    try await clock.sleep(for: debounce)
                } catch {
                    return
                }
            }
            // Superseded meanwhile: its successor has started its own task.
            guard self?.generation == current else { return }
            let result: Result<Value, any Error>
            do {
                result = .success(try await operation(input))
            } catch {
                result = .failure(error)
            }
            self?.publish(result, generation: current)
        }
    }

    private func publish(_ result: Result<Value, any Error>, generation: UInt64) {
        guard generation == self.generation else { return }
        task = nil
        batch {
            switch result {
            case .success(let value):
                latest.value = value
                phase.value = .value(value)
            case .failure(let error):
                latest.value = nil
                phase.value = .failure(error)
            }
        }
    }
}

extension Graph {
    /// Runs `body` as if at top level: an effect it creates belongs to no parent, and
    /// its reads are not recorded by the run in progress.
    static func withoutOwner<T>(_ body: () -> T) -> T {
        let runtime = Runtime.current
        let outer = beginRun(RunContext(), runtime)
        defer { endRun(outer, Runtime.current) }
        return body()
    }
}
