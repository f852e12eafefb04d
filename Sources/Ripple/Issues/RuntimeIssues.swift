internal import RippleThreadLocal

/// The one channel for ``RuntimeIssue``s: a cycle, a runaway effect, a write while a
/// computed evaluates, an error thrown by an effect.
///
/// By default each issue is one line on standard error. Route them elsewhere for the
/// whole process with ``reporter``, or for one task with ``withReporter(_:_:)``: to a
/// logger, to a failing test, or to a trap (``RuntimeIssueReporter/fatalError``, the
/// strict setting, for those who want misuse fatal in development).
///
/// ```swift
/// let count = Signal(0)
/// let issues = RuntimeIssues.collect {
///     let spinner = Effect("spinner") { count.value += 1 }   // never settles
///     spinner.cancel()
/// }
/// print(issues.map(\.kind))   // prints "[runawayEffect]"
/// print(count.value)          // prints "101": its first run, then 100 in one flush; then it stopped
/// ```
///
/// In a test, fail on any issue:
///
/// ```swift
/// RuntimeIssues.withReporter(RuntimeIssueReporter { issue in
///     print("test failed:", issue)          // Issue.record(issue.description) under Swift Testing
/// }) {
///     let ok = Computed { 1 }
///     _ = ok.value
/// }                                         // nothing is wrong: prints nothing
/// ```
///
/// Modelled after Xcode's runtime warnings and Point-Free's issue reporting: what
/// would stop the program elsewhere is reported, recovered from, and the program goes
/// on. What still traps is listed in `Docs/WhenSomethingGoesWrong.md`.
public enum RuntimeIssues {
    // Safety: read and written only through the lock.
    private static let processReporter = LockedState(RuntimeIssueReporter.standardError)

    @TaskLocal private static var taskReporter: RuntimeIssueReporter?

    /// The process-wide reporter: ``RuntimeIssueReporter/standardError`` unless set.
    /// A reporter set for a task with ``withReporter(_:_:)`` takes precedence there.
    ///
    /// <!-- child process: sets the process-wide reporter -->
    /// ```swift
    /// RuntimeIssues.reporter = .fatalError     // strict: misuse traps, naming the issue
    /// RuntimeIssues.reporter = .standardError  // the default again
    /// ```
    public static var reporter: RuntimeIssueReporter {
        get { processReporter.withLock { $0 } }
        set { processReporter.withLock { $0 = newValue } }
    }

    /// Runs `body` with the issues it causes, on this task and its child tasks,
    /// handed to `reporter` instead of the process-wide one.
    ///
    /// ```swift
    /// let strict = RuntimeIssues.withReporter(.fatalError) { 1 + 1 }
    /// print(strict)   // prints "2"
    /// ```
    public static func withReporter<Result>(
        _ reporter: RuntimeIssueReporter, _ body: () throws -> Result
    ) rethrows -> Result {
        try $taskReporter.withValue(reporter, operation: body)
    }

    /// Runs the async `body` with the issues it causes handed to `reporter`.
    public static func withReporter<Result>(
        _ reporter: RuntimeIssueReporter, isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        try await $taskReporter.withValue(reporter, operation: body, isolation: isolation)
    }

    /// Runs `body` and returns the issues it caused, in order, instead of reporting
    /// them: for tests, and for code that shows issues its own way.
    ///
    /// ```swift
    /// let input = Signal(1), echo = Signal(0)
    /// let doubled = Computed { () -> Int in echo.value = input.value; return input.value * 2 }
    /// let issues = RuntimeIssues.collect { print(doubled.value) }   // prints "2"
    /// print(issues.count)   // prints "1"
    /// ```
    public static func collect(_ body: () throws -> Void) rethrows -> [RuntimeIssue] {
        let collected = LockedState<[RuntimeIssue]>([])
        try withReporter(RuntimeIssueReporter { issue in collected.withLock { $0.append(issue) } }, body)
        return collected.withLock { $0 }
    }

    /// Hands `issue` to the task's reporter, or else to the process-wide one. Called
    /// outside every lock of the engine's; the reporter may run user code.
    static func report(_ issue: RuntimeIssue) {
        (taskReporter ?? reporter).report(issue)
    }
}

/// Where ``RuntimeIssue``s go: a closure, or one of the standard reporters.
///
/// ```swift
/// let logger = RuntimeIssueReporter { issue in
///     print("[ripple] \(issue.kind): \(issue.message)")
/// }
/// RuntimeIssues.withReporter(logger) {
///     let count = Signal(0)
///     let spinner = Effect("spinner") { count.value += 1 }
///     spinner.cancel()
/// }
/// // prints "[ripple] runawayEffect: effect 'spinner' ran 100 times in one flush ..."
/// ```
public struct RuntimeIssueReporter: Sendable {
    private let handle: @Sendable (RuntimeIssue) -> Void

    /// A reporter that hands each issue to `report`, on the thread that caused it.
    public init(_ report: @escaping @Sendable (RuntimeIssue) -> Void) {
        handle = report
    }

    /// Reports `issue`.
    public func report(_ issue: RuntimeIssue) {
        handle(issue)
    }

    /// One line on standard error per issue: the default.
    public static let standardError = RuntimeIssueReporter { issue in
        ripple_write_standard_error(issue.description)
    }

    /// Traps with the issue as the message: the strict setting, which makes every
    /// misuse fatal where it is found, for development.
    public static let fatalError = RuntimeIssueReporter { issue in
        Swift.fatalError(issue.description)
    }
}
