import Foundation
import Testing

/// The example programs as a user runs them, through `runTerminalApp`: options, the
/// split of output and errors, and exit statuses.
@Suite(.timeLimit(.minutes(2)))
struct ExecutableTests {
    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs the built example with `arguments`, `input` on its standard input.
    static func run(_ example: String, _ arguments: [String], input: String = "") throws -> Run {
        let process = Process()
        process.executableURL = try executable(example)
        process.arguments = arguments
        let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            output: String(decoding: output, as: UTF8.self),
            errors: String(decoding: errors, as: UTF8.self)
        )
    }

    /// The example's executable, built next to this test binary.
    static func executable(_ example: String) throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(example)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        throw MissingExecutable(name: example)
    }

    struct MissingExecutable: Error {
        let name: String
    }

    @Test(arguments: ExampleProgram.all.map(\.name))
    func `piped input gets every answer, errors on standard error and status 1`(example: String) throws {
        let run = try Self.run(example, ["--interactive"], input: "bogus\n\u{1B}[2J\nhelp\n")
        #expect(run.status == 1)
        #expect(run.errors == """
              error: unknown command 'bogus'; type 'help' for the list of commands
              error: the line contains a control character (U+001B); type plain text

            """)
        #expect(run.output.contains("\n> bogus\n\n> <U+001B>[2J\n\n> help\n  "))
        #expect(run.output.contains("  quit"))
    }

    @Test(arguments: ExampleProgram.all.map(\.name))
    func `piped input without an error exits with 0`(example: String) throws {
        let run = try Self.run(example, ["-i"], input: "help\nquit\n")
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
    }

    @Test(arguments: ExampleProgram.all.map(\.name))
    func `a repeated option is named once, with the usage, and status 64`(example: String) throws {
        let run = try Self.run(example, ["--interactive", "--interactive"])
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix("error: --interactive is given twice\nusage: \(example) "))
        #expect(run.output.isEmpty)
    }

    @Test(arguments: ExampleProgram.all)
    func `--host is accepted only where it is honoured`(example: ExampleProgram) throws {
        let run = try Self.run(example.name, ["--host=observation", "--interactive"], input: "quit\n")
        if example.acceptsHost {
            #expect(run.status == 0)
            #expect(run.errors.isEmpty)
        } else {
            #expect(run.status == 64)
            #expect(run.errors.hasPrefix("error: unknown option '--host': this example's views run on Ripple's effects only\n"))
        }
        let help = try Self.run(example.name, ["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("--host effect|observation") == example.acceptsHost)
    }
}
