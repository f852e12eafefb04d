/// Follows an expression over the graph as an asynchronous sequence of its values.
///
/// <!-- not run: when the task prints is up to the scheduler -->
/// ```swift
/// @MainActor
/// func showAvailability(of library: Library) async {
///     for await count in observe({ library.availableBooksCount }) {
///         print("available:", count)   // the current count, then each new one
///     }
/// }
///
/// let library = Library()
/// let shown = Task { await showAvailability(of: library) }   // prints "available: 3"
/// // ... once it printed, a change anywhere on the main actor:
/// library.books[0].isAvailable = false                       // prints "available: 2"
/// shown.cancel()                                             // the loop ends
/// ```
///
/// The sequence yields the current value first, then the latest value after each
/// transaction (write or ``batch(_:)``) that changed what the expression read. A burst
/// of transactions between two reads of the sequence yields one element. Every
/// consumer (each `for await`) sees the whole progression on its own.
///
/// The expression runs on the isolation of the task that iterates, normally the one
/// that called `observe`, and in the environment that was active when `observe` was
/// called. The sequence ends when its task is cancelled, and then releases the
/// expression and everything it captured.
///
/// - Parameter expression: Reads the graph; what it reads is followed.
/// - Returns: A sequence of values that never throws.
public func observe<Value>(_ expression: @escaping () -> Value) -> some AsyncSequence<Value, Never> {
    ObservedValues(expression: AmbientEnvironment.bind(expression), isDuplicate: nil)
}

/// Follows an `Equatable` expression: a value equal to the last one delivered is
/// skipped.
///
/// <!-- not run: the loop waits for changes forever -->
/// ```swift
/// let count = Signal(1)
/// for await parity in observe({ count.value % 2 }) {
///     print(parity)   // prints "1", then a value only when the parity flips
/// }
/// ```
public func observe<Value: Equatable>(_ expression: @escaping () -> Value) -> some AsyncSequence<Value, Never> {
    ObservedValues(expression: AmbientEnvironment.bind(expression), isDuplicate: { $0 == $1 })
}

/// The sequence behind `observe`: each iterator runs the expression in its own
/// tracking scope, re-armed after every delivery.
struct ObservedValues<Value>: AsyncSequence {
    typealias Element = Value
    typealias Failure = Never

    let expression: () -> Value
    let isDuplicate: ((Value, Value) -> Bool)?

    func makeAsyncIterator() -> Iterator {
        Iterator(expression: expression, isDuplicate: isDuplicate)
    }

    struct Iterator: AsyncIteratorProtocol {
        let expression: () -> Value
        let isDuplicate: ((Value, Value) -> Bool)?
        private let changes = ChangeNotice()
        private var scope: TrackingScope?
        private var delivered: Value?
        private var started = false
        private var finished = false

        init(expression: @escaping () -> Value, isDuplicate: ((Value, Value) -> Bool)?) {
            self.expression = expression
            self.isDuplicate = isDuplicate
        }

        mutating func next(isolation actor: isolated (any Actor)?) async -> Value? {
            while !finished {
                if started {
                    guard await changes.wait() else { break }
                }
                guard !Task.isCancelled else { break }
                started = true
                let changes = self.changes
                let fired = self.scope
                let (value, scope) = TrackingScope.track(expression, onChange: { changes.post() })
                if let fired, fired.flags.contains(.traced) { Graph.traceDelivered(fired, following: scope) }
                self.scope = scope
                if let delivered, let isDuplicate, isDuplicate(delivered, value) { continue }
                delivered = value
                return value
            }
            finish()
            return nil
        }

        mutating func next() async -> Value? {
            await next(isolation: nil)
        }

        private mutating func finish() {
            finished = true
            scope?.cancel()
            scope = nil
            delivered = nil
        }
    }
}
