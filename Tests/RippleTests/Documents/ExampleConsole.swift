import Foundation
import Synchronization
import Testing

/// Where the generated examples' `print` writes: the console of the test that runs the
/// example, bound for its task, so that examples running in parallel keep their lines
/// apart. A `print` on a thread no example runs on (an event handler called by another
/// test's write) writes nowhere.
final class ExampleConsole: Sendable {
    @TaskLocal static var current: ExampleConsole?

    private let text = Mutex("")

    func write(_ string: String) {
        text.withLock { $0 += string }
    }

    /// What was printed, line by line.
    var lines: [String] {
        var lines = text.withLock { $0 }.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Runs an example with a console of its own, and expects what it printed to be
    /// what its comments claim.
    static func check(
        _ file: String, _ ordinal: Int, prints claims: [String],
        sourceLocation: SourceLocation = #_sourceLocation, _ example: () throws -> Void
    ) rethrows {
        let console = ExampleConsole()
        try $current.withValue(console, operation: example)
        console.expect(claims, file, ordinal, sourceLocation)
    }

    /// Runs an async example with a console of its own, and expects what it printed to
    /// be what its comments claim.
    static func check(
        _ file: String, _ ordinal: Int, prints claims: [String],
        isolation: isolated (any Actor)? = #isolation,
        sourceLocation: SourceLocation = #_sourceLocation, _ example: () async throws -> Void
    ) async rethrows {
        let console = ExampleConsole()
        try await $current.withValue(console, operation: example, isolation: isolation)
        console.expect(claims, file, ordinal, sourceLocation)
    }

    private func expect(_ claims: [String], _ file: String, _ ordinal: Int, _ sourceLocation: SourceLocation) {
        let output = lines
        guard !OutputClaims.matches(output, claims) else { return }
        let location = (try? SourceExamples.examples(
            in: String(contentsOf: SourceExamples.sources.appendingPathComponent(file), encoding: .utf8), file: file
        ))?.first { $0.ordinal == ordinal }?.description ?? "Sources/Ripple/\(file), example \(ordinal)"
        Issue.record(
            "\(location) printed \(output), but its comments say \(claims)", sourceLocation: sourceLocation
        )
    }
}
