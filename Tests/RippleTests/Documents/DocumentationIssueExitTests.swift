import Testing
@testable import Ripple

/// The strict setting's examples (Issues/RuntimeIssues.swift), each in a process of
/// its own. No `// check` marks inside the exit tests' bodies: with them, Swift
/// Testing 6.3 ran the wrong body in the child process.
@Suite struct DocumentationIssueExitTests {
    @Test func `RuntimeIssues.reporter: the strict setting traps`() async throws {
        await #expect(processExitsWith: .failure) {
            RuntimeIssues.reporter = .fatalError     // strict: misuse traps, naming the issue
            let effect = Effect { throw CancellationError() }
            effect.cancel()
        }
    }

    @Test func `RuntimeIssues.reporter: the default again`() async throws {
        await #expect(processExitsWith: .success) {
            RuntimeIssues.reporter = .fatalError
            RuntimeIssues.reporter = .standardError  // the default again
            let effect = Effect { throw CancellationError() }
            effect.cancel()
        }
    }
}
