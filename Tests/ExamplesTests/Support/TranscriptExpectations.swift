import RippleViews
import Testing

/// Compares a transcript with the expected text line by line, so that a failure names
/// the first line that differs rather than printing two long strings.
func expectTranscript(
    _ actual: [String],
    _ expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for (index, (got, want)) in zip(actual, expectedLines).enumerated() where got != want {
        Issue.record(
            "line \(index + 1) differs:\n  got:      \(got)\n  expected: \(want)",
            sourceLocation: sourceLocation
        )
        return
    }
    #expect(
        actual.count == expectedLines.count,
        "the transcript has \(actual.count) lines, expected \(expectedLines.count)",
        sourceLocation: sourceLocation
    )
}

/// Which views rendered, and how often, while `body` ran.
@MainActor
func renders(in host: ViewHost, _ body: () async throws -> Void) async rethrows -> [String: Int] {
    let before = host.renderCounts
    try await body()
    var delta: [String: Int] = [:]
    for (label, count) in host.renderCounts where count != before[label, default: 0] {
        delta[label] = count - before[label, default: 0]
    }
    return delta
}

/// Runs a command line as the loop would, with arguments parsed the same way.
@MainActor
func run(_ app: some TerminalApp, _ line: String) async throws -> [String] {
    let command = try #require(try Command(parsing: line))
    return try await app.run(command)
}

/// What the program answers to each line, fed one after another to one app: the error
/// lines it wrote for that line, none for a line that worked.
@MainActor
func errors(answering lines: [String], in app: some TerminalApp) async -> [[String]] {
    var current: [String] = []
    let loop = CommandLoop(app, emit: { _ in }, emitError: { current.append($0) })
    await loop.start()
    var answers: [[String]] = []
    for line in lines {
        current = []
        _ = await loop.execute(line, echo: false)
        answers.append(current)
    }
    await loop.finish()
    return answers
}
