/// Why did this run? The cause of each run of an effect, a `withTracking` scope, an
/// `observe` sequence or a conforming model's Observation notification, as a chain
/// from the write to the run.
///
/// ```swift
/// final class Book: Identifiable {
///     let id: Int
///     @Tracked var isAvailable = true
///     init(id: Int) { self.id = id }
/// }
/// final class Library {
///     @Tracked var books = [Book(id: 1), Book(id: 2)]
///     @Derived({ (library: Library) in library.books.filter(\.isAvailable).count })
///     var availableBooksCount: Int
/// }
///
/// let library = Library()
/// let view = Effect("LibraryView") { print("available:", library.availableBooksCount) }   // prints "available: 2"
/// RippleTrace.trace(view)                 // each run of the view now says why, on standard error
/// library.books[1].isAvailable = false     // prints "available: 1", and on standard error:
/// // why: LibraryView: Library.availableBooksCount 2 -> 1 <- Book[2].isAvailable true -> false
/// view.cancel()
/// ```
///
/// Two ways to get the causes: printed (on standard error, each line starting with
/// `why: `), for everything with the environment variable `RIPPLE_TRACE=1` or
/// ``isEnabled``, or for one effect or one model with ``trace(_:printing:)-(Effect,_)``;
/// and as ``Event`` values, handed to ``events(_:)`` or ``stream()``, for tests and tools.
///
/// Names come by themselves: a `@Tracked` or `@Derived` property is `Type.property`,
/// with the instance told apart by its `id` when the model is `Identifiable`
/// (`Book[2].isAvailable`), by an ordinal otherwise (`Shelf#2.count`); ``Signal``,
/// ``Computed`` and ``Effect`` take a `name:`. A property is named once tracing or
/// ``RippleGraph`` has been used when its node is made, or when its model is handed to
/// ``trace(_:printing:)-(AnyObject,_)`` or ``RippleGraph``.
///
/// Cost: nothing until it is used. A graph with no traced node runs the same
/// instructions as one built without this feature; a node has no field for a name or
/// a trace (both live in side tables, keyed by the node's identity, flagged by a bit
/// of the flags every node has). A traced run records the writes and derived values on
/// its way, with their values described, which costs microseconds per step.
public enum RippleTrace {
    /// Traces every observer created from now on, and prints why each one runs, as the
    /// environment variable `RIPPLE_TRACE=1` does from the start.
    ///
    /// <!-- child process: traces every observer of the process -->
    /// ```swift
    /// RippleTrace.isEnabled = true
    /// let count = Signal(0, name: "count")
    /// let logger = Effect("logger") { _ = count.value }
    /// count.value = 1          // why: logger: count 0 -> 1
    /// logger.cancel()
    /// RippleTrace.isEnabled = false
    /// ```
    ///
    /// Process-wide; observers made before it was turned on are traced only if passed
    /// to ``trace(_:printing:)-(Effect,_)``.
    public static var isEnabled: Bool {
        get { TraceCenter.tracesEverything }
        set { TraceCenter.tracesEverything = newValue }
    }

    /// Whether events also show derived values that recomputed and stayed equal
    /// (absorbed a change), and report the observers that therefore did not run.
    ///
    /// <!-- child process: reports absorbed runs for the whole process -->
    /// ```swift
    /// RippleTrace.showsAbsorbed = true
    /// let count = Signal(3, name: "count")
    /// let isOdd = Computed(name: "isOdd") { count.value % 2 == 1 }
    /// let badge = Effect("badge") { _ = isOdd.value }
    /// RippleTrace.trace(badge)
    /// count.value = 5          // why: badge (did not run): isOdd absorbed (stayed true) <- count 3 -> 5
    /// badge.cancel()
    /// RippleTrace.showsAbsorbed = false
    /// ```
    public static var showsAbsorbed: Bool {
        get { TraceCenter.showsAbsorbed }
        set { TraceCenter.showsAbsorbed = newValue }
    }

    /// Traces one effect: each of its runs from now on produces an ``Event``, printed
    /// unless `printing` is false.
    ///
    /// ```swift
    /// let title = Signal("Dune", name: "title")
    /// let render = Effect("TitleView") { _ = title.value }
    /// RippleTrace.trace(render)
    /// title.value = "Emma"     // why: TitleView: title "Dune" -> "Emma"
    /// render.cancel()
    /// ```
    ///
    /// - Parameters:
    ///   - effect: The effect to follow, for as long as it lives.
    ///   - printing: Whether to print the events as well as hand them to ``events(_:)``.
    public static func trace(_ effect: Effect, printing: Bool = true) {
        TraceCenter.trace(effect, printing: printing)
    }

    /// Traces one model: each observer that reads one of its `@Tracked` or `@Derived`
    /// properties now (an effect, a `withTracking` scope, and for an ``ObservableModel``
    /// Observation's watch of each property) produces an ``Event`` at each of its runs,
    /// printed unless `printing` is false.
    ///
    /// ```swift
    /// final class Counter { @Tracked var value = 0 }
    /// let counter = Counter()
    /// let shown = Effect("CounterView") { _ = counter.value }
    /// RippleTrace.trace(counter)
    /// counter.value = 1        // why: CounterView: Counter.value 0 -> 1
    /// shown.cancel()
    /// ```
    ///
    /// Observers that start reading the model later are not included: trace the model
    /// again, or trace them.
    public static func trace(_ model: AnyObject, printing: Bool = true) {
        TraceCenter.trace(model: model, printing: printing)
    }

    /// Hands every event to `handler`, on the thread of the graph that ran, until the
    /// subscription is cancelled or released.
    ///
    /// ```swift
    /// let count = Signal(0, name: "count")
    /// let effect = Effect("counter") { _ = count.value }
    /// RippleTrace.trace(effect, printing: false)
    /// let subscription = RippleTrace.events { event in
    ///     print(event)         // prints "counter: count 0 -> 1"
    /// }
    /// count.value = 1
    /// subscription.cancel()
    /// effect.cancel()
    /// ```
    ///
    /// Events come from traced observers only (see ``trace(_:printing:)-(Effect,_)``
    /// and ``isEnabled``), from every graph in the process: filter by
    /// ``Event/observer`` when several are traced.
    public static func events(_ handler: @escaping @Sendable (Event) -> Void) -> Subscription {
        TraceCenter.subscribe(handler)
    }

    /// The events, as an asynchronous sequence; it ends when the iterating task is
    /// cancelled.
    ///
    /// ```swift
    /// let events = RippleTrace.stream()
    /// let count = Signal(0, name: "count")
    /// let effect = Effect("ticker") { _ = count.value }
    /// RippleTrace.trace(effect, printing: false)
    /// count.value = 1
    /// for await event in events where event.observer == "ticker" {
    ///     print(event)         // prints "ticker: count 0 -> 1"
    ///     break
    /// }
    /// effect.cancel()
    /// ```
    public static func stream() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .unbounded)
        let subscription = TraceCenter.subscribe { continuation.yield($0) }
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }

    /// Keeps an ``events(_:)`` handler installed: until ``cancel()``, or until it is
    /// released.
    public final class Subscription: Sendable {
        let id: Int

        init(id: Int) {
            self.id = id
        }

        /// Removes the handler; events that are being delivered may still reach it.
        ///
        /// ```swift
        /// let subscription = RippleTrace.events { print($0) }
        /// subscription.cancel()   // it hears nothing more: prints nothing
        /// ```
        public func cancel() {
            TraceCenter.unsubscribe(id)
        }

        deinit {
            TraceCenter.unsubscribe(id)
        }
    }
}
