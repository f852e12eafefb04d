/// A misuse of the graph that Ripple caught, reported, and recovered from: the program
/// goes on, as SwiftUI goes on after a runtime warning.
///
/// ```swift
/// let source = Signal(1), mirror = Signal(0)
/// let doubled = Computed { () -> Int in
///     mirror.value = source.value    // a write while a Computed evaluates
///     return source.value * 2
/// }
/// let issues = RuntimeIssues.collect { _ = doubled.value }
/// print(issues.map(\.kind))   // prints "[writeDuringEvaluation]"
/// print(mirror.value)         // prints "1": the write applied
/// ```
///
/// Issues go through one channel, ``RuntimeIssues``: by default one line on standard
/// error, which names the nodes (by their ``RippleTrace`` names) and the cause.
public struct RuntimeIssue: Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// A ``Signal`` or a `@Tracked` property was written while a ``Computed`` or a
        /// `@Derived` property evaluated. The write applied.
        case writeDuringEvaluation
        /// A computed read itself, directly or through others. Each computed of the cycle
        /// holds a ``CycleError``.
        case cycle
        /// An effect ran 100 times in one flush without settling; it was stopped for that
        /// flush.
        case runawayEffect
        /// An effect's body threw. The run ended there.
        case effectError
        /// An incremental list operator was made while a computed or an effect ran: it
        /// works, but starts over with a full pass on every run.
        case operatorMadeDuringRun
        /// An effect was released while a computed it depends on evaluated. It stopped.
        case effectReleasedDuringEvaluation

        public var description: String { rawValue }
    }

    /// What went wrong.
    public let kind: Kind
    /// The problem and its fix, in one line.
    public let message: String
    /// The nodes involved, by their trace names (`Library.availableBooksCount`,
    /// `Computed<Int>`, `effect 'LibraryView'`), in the order the message gives them.
    public let nodes: [String]
    /// The error, for a thrown effect error and a cycle.
    public let error: (any Error)?

    /// Creates an issue; Ripple makes them, a custom reporter may too, in tests.
    public init(kind: Kind, message: String, nodes: [String] = [], error: (any Error)? = nil) {
        self.kind = kind
        self.message = message
        self.nodes = nodes
        self.error = error
    }

    /// The line the default reporter prints: `Ripple runtime issue (cycle): ...`.
    public var description: String {
        "Ripple runtime issue (\(kind)): \(message)"
    }
}
