import Foundation
import Testing

/// The example programs as a user runs them, through `runTerminalApp`: options, the
/// split of output and errors, and exit statuses.
@Suite(.timeLimit(.minutes(5)))
struct ExecutableTests {
    static func run(_ example: String, _ arguments: [String], input: String = "") async throws -> ExampleProcess.Run {
        try await ExampleProcess.run(example, arguments, input: input)
    }

    @Test(arguments: ExampleProgram.all.map(\.name))
    func `piped input gets every answer, errors on standard error and status 1`(example: String) async throws {
        let run = try await Self.run(example, ["--interactive"], input: "bogus\n\u{1B}[2J\nhelp\n")
        #expect(run.status == 1)
        #expect(run.errors == """
              error: unknown command 'bogus'; type 'help' for the list of commands
              error: the line contains a control character (U+001B); type plain text

            """)
        #expect(run.output.contains("\n> bogus\n\n> <U+001B>[2J\n\n> help\n  "))
        #expect(run.output.contains("  quit"))
    }

    @Test(arguments: ExampleProgram.all.map(\.name))
    func `piped input without an error exits with 0`(example: String) async throws {
        let run = try await Self.run(example, ["-i"], input: "help\nquit\n")
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
    }

    @Test(arguments: ExampleProgram.all.map(\.name))
    func `a repeated option is named once, with the usage, and status 64`(example: String) async throws {
        let run = try await Self.run(example, ["--interactive", "--interactive"])
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix("error: --interactive is given twice\nusage: \(example) "))
        #expect(run.output.isEmpty)
    }

    @Test(arguments: ExampleProgram.all)
    func `--host is accepted only where it is honoured`(example: ExampleProgram) async throws {
        let run = try await Self.run(example.name, ["--host=observation", "--interactive"], input: "quit\n")
        if example.acceptsHost {
            #expect(run.status == 0)
            #expect(run.errors.isEmpty)
        } else {
            #expect(run.status == 64)
            #expect(run.errors.hasPrefix("error: unknown option '--host': this example's views run on Ripple's effects only\n"))
        }
        let help = try await Self.run(example.name, ["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("--host effect|observation") == example.acceptsHost)
    }
}
