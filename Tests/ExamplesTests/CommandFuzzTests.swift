import Foundation
import RippleViews
import Testing

/// Each example's command set, fed random and hostile lines (``CommandFuzzer``) through
/// the standard input of the built program, as a user would pipe them: nothing traps,
/// every line is answered, with its output or its error, and the program goes on. Run
/// from `.ci/run`'s AddressSanitizer pass, the programs are the sanitized build, with
/// leak checks at exit.
///
/// `RIPPLE_COMMAND_FUZZ_LINES` sets the lines per example (10,000 by default) and
/// `RIPPLE_COMMAND_FUZZ_SEED` the seed; a failure prints both.
@Suite(.timeLimit(.minutes(10)))
struct CommandFuzzTests {
    static let lines = ProcessInfo.processInfo.environment["RIPPLE_COMMAND_FUZZ_LINES"].flatMap { Int($0) } ?? 10_000
    static let seed = ProcessInfo.processInfo.environment["RIPPLE_COMMAND_FUZZ_SEED"].flatMap { UInt64($0) } ?? 28

    @Test(arguments: ExampleProgram.all.map(\.name))
    func `random and hostile lines never trap, and each gets an answer`(example: String) async throws {
        let program = try #require(ExampleProgram.named(example))
        let commands = await MainActor.run { program.make().commands }
        var fuzzer = CommandFuzzer(commands: commands, seed: Self.seed)
        let lines = (0..<Self.lines).map { _ in fuzzer.line() }
        let run = try await ExampleProcess.run(
            example, ["--interactive"], input: lines.joined(separator: "\n") + "\n", mergingErrors: true, leakChecks: true
        )
        let transcript = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let context = "\(example), seed \(Self.seed), \(Self.lines) lines"
        if let signal = run.signal {
            // Output is flushed before each line is read: the line after the last one
            // echoed is the one that ended the program.
            let answered = Self.answered(lines)
            let echoed = Self.echoes(in: transcript).count
            let line = echoed < answered.count ? answered[echoed].debugDescription : "after the last line"
            Issue.record("\(context): signal \(signal) at line \(echoed + 1) to answer, \(line)")
            return
        }
        #expect(run.status == 1, "\(context): exit status \(run.status.map(String.init) ?? "?"), 1 expected for the errors")
        let problems = Self.problems(in: transcript, answering: lines)
        #expect(problems.isEmpty, "\(context):\n\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test func `the fuzzer fills every slot of every example's usages`() async {
        for example in ExampleProgram.all {
            let commands = await MainActor.run { example.make().commands }
            var fuzzer = CommandFuzzer(commands: commands, seed: 1)
            let words = Set((0..<2_000).compactMap { _ in fuzzer.line().split(separator: " ").first.map(String.init) })
            for spec in commands {
                #expect(words.contains(spec.name), "\(example): \(spec.name) never generated")
            }
        }
    }

    /// What is wrong with a transcript of `lines`: each non-blank line must be echoed,
    /// in order, and followed by its answer, all of whose lines are errors or none.
    static func problems(in transcript: [String], answering lines: [String]) -> [String] {
        guard transcript.contains(Self.sessionStart) else {
            return ["the session never started: \(transcript.prefix(8))"]
        }
        let session = transcript[...]
        let echoes = Self.echoes(in: transcript)
        let answered = Self.answered(lines)
        var problems: [String] = []
        if echoes.count != answered.count {
            problems.append("\(answered.count) lines to answer, \(echoes.count) echoed")
        }
        for (number, echo) in echoes.enumerated() {
            let answer = session[(echo + 1)...].prefix { $0 != "" }
            let isError = { (line: String) in line.hasPrefix("  error: ") || line.hasPrefix("  usage: ") }
            if answer.isEmpty {
                problems.append("line \(number + 1), \(session[echo]), got no answer")
            } else if answer.contains(where: isError), !answer.allSatisfy(isError) {
                problems.append("line \(number + 1), \(session[echo]), mixes output and errors: \(Array(answer))")
            }
        }
        return problems
    }

    static let sessionStart = "Type a command; 'help' lists them, 'quit' ends."

    /// Where the session's echoed lines are: `> ` after a blank line, past the launch.
    static func echoes(in transcript: [String]) -> [Int] {
        guard let start = transcript.firstIndex(of: sessionStart) else { return [] }
        return transcript.indices.filter { $0 > start && transcript[$0].hasPrefix("> ") && transcript[$0 - 1] == "" }
    }

    /// The lines the program answers, as it reads them: readLine drops a line end,
    /// "\r\n" included, and the loop skips blank lines.
    static func answered(_ lines: [String]) -> [String] {
        lines.map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }.filter { !isBlank($0) }
    }

    /// A line the loop skips without an answer: one that parses to no command.
    static func isBlank(_ line: String) -> Bool {
        do {
            return try Command(parsing: line) == nil
        } catch {
            return false
        }
    }
}
