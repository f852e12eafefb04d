import Foundation
import RippleViews
import Testing

/// Each example's command set, fed random and hostile lines (``CommandFuzzer``): no line
/// traps, and every line gets an answer, its output or its error, and the program goes
/// on. Each example runs in a process of its own, so that a trap fails its test with the
/// line that caused it instead of ending the whole run.
///
/// `RIPPLE_COMMAND_FUZZ_LINES` sets the lines per example (10,000 by default) and
/// `RIPPLE_COMMAND_FUZZ_SEED` the seed; a failure prints both.
@Suite(.timeLimit(.minutes(10)))
struct CommandFuzzTests {
    static let lines = ProcessInfo.processInfo.environment["RIPPLE_COMMAND_FUZZ_LINES"].flatMap { Int($0) } ?? 10_000
    static let seed = ProcessInfo.processInfo.environment["RIPPLE_COMMAND_FUZZ_SEED"].flatMap { UInt64($0) } ?? 28

    @Test(arguments: ExampleProgram.all.map(\.name))
    func `random and hostile lines never trap, and each gets an answer`(example: String) async throws {
        let (lines, seed) = (Self.lines, Self.seed)
        // The child notes each line here before running it: a trap leaves no report.
        let lastLine = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-fuzz-\(UUID().uuidString)").path
        #expect(FileManager.default.createFile(atPath: lastLine, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: lastLine) }
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) { [example = example as String, lines = lines as Int, seed = seed as UInt64, lastLine = lastLine as String] in
            let note = FileHandle(forWritingAtPath: lastLine)
            let problems = await CommandFuzzTests.fuzz(example, lines: lines, seed: seed) { number, line in
                let text = Data("line \(number): \(line.debugDescription)".utf8)
                try? note?.seek(toOffset: 0)
                note?.write(text)
                try? note?.truncate(atOffset: UInt64(text.count))
            }
            if !problems.isEmpty {
                FileHandle.standardError.write(Data(problems.joined(separator: "\n").utf8))
                exit(1)
            }
        }
        guard let result else {
            let line = (try? String(contentsOfFile: lastLine, encoding: .utf8)) ?? "before the first line"
            Issue.record("\(example) stopped at \(line) (seed \(seed))")
            return
        }
        let report = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(report.isEmpty, "\(example), seed \(seed), \(lines) lines:\n\(report)")
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

    /// Runs `lines` lines through the example; returns what went wrong, if anything.
    @MainActor
    static func fuzz(
        _ name: String, lines: Int, seed: UInt64, willRun: (Int, String) -> Void = { _, _ in }
    ) async -> [String] {
        guard let example = ExampleProgram.named(name) else { return ["no example named \(name)"] }
        let app = example.make()
        var transcript: [String] = []
        let loop = CommandLoop(app, emit: { transcript.append($0) })
        await loop.start()
        var fuzzer = CommandFuzzer(commands: app.commands, seed: seed)
        var problems: [String] = []
        for number in 1...lines {
            let line = fuzzer.line()
            willRun(number, line)
            let before = transcript.count
            let errorsBefore = loop.errorCount
            guard await loop.execute(line, echo: true) else {
                problems.append("line \(number) ended the program: \(line.debugDescription)")
                break
            }
            let answer = Array(transcript[before...])
            let failed = loop.errorCount > errorsBefore
            let isErrorLine = { (text: String) in text.hasPrefix("  error: ") || text.hasPrefix("  usage: ") }
            if line.allSatisfy(\.isWhitespace) {
                if !answer.isEmpty { problems.append("line \(number) is blank but printed \(answer)") }
            } else if answer.count < 3 || answer[0] != "" || !answer[1].hasPrefix("> ") {
                problems.append("line \(number) got no answer: \(line.debugDescription) printed \(answer)")
            } else if failed != answer.dropFirst(2).allSatisfy(isErrorLine) {
                problems.append("line \(number) mixes output and errors: \(line.debugDescription) printed \(answer)")
            }
            if problems.count >= 10 { break }
        }
        await loop.finish()
        return problems
    }
}
