import Foundation
import Testing
@testable import Ripple

/// The fuzz target's programs, run by the test suite: the checked-in corpus
/// (`Fuzz/corpus`, see `Fuzz/README.md`) and a batch of random ones, each checked
/// against the naive evaluator (see ``GraphProgram``).
@Suite struct GraphProgramTests {
    /// The repository's `Fuzz/corpus` folder, found from this file's path.
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // Fuzzing
        .deletingLastPathComponent()   // RippleTests
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()
        .appending(path: "Fuzz/corpus")

    static func corpusFiles() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.sorted().map { corpus.appending(path: $0) }
    }

    @Test func `every program in the seed corpus agrees with the naive evaluator`() throws {
        let files = Self.corpusFiles()
        #expect(files.count >= 20, "the seed corpus at \(Self.corpus.path) is missing")
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            let issues = RuntimeIssues.collect {
                Self.check(file.lastPathComponent) { GraphProgram.run(bytes) }
            }
            if bytes.first != Interpreter.misuseMode {
                #expect(issues.isEmpty, "\(file.lastPathComponent) reported \(issues)")
            }
        }
    }

    /// Records the failure `run` returns, if any; for a `known-bug-` input, the
    /// reproduction of an engine bug not fixed yet, expects one, and records an issue
    /// once it passes, so that it is renamed.
    static func check(_ name: String, run: () -> String?) {
        if name.hasPrefix("known-bug-") {
            withKnownIssue("\(name) reproduces an engine bug") {
                if let failure = run() { Issue.record("\(name): \(failure)") }
            }
        } else if let failure = run() {
            Issue.record("\(name): \(failure)")
        }
    }

    // The corpus holds no known bug today, so these run both branches of `check`.

    @Test func `a known bug that still fails records nothing`() {
        Self.check("known-bug-example") { "a wrong value" }
    }

    @Test func `a known bug that passes is reported, to be renamed`() {
        withKnownIssue("the inner expectation of a known issue was not met") {
            Self.check("known-bug-example") { nil }
        }
    }

    @Test func `any other input that fails is reported`() {
        withKnownIssue("the program's failure") {
            Self.check("seed-example") { "a wrong value" }
        }
        Self.check("seed-example") { nil }
    }

    @Test(arguments: 0..<4)
    func `random programs that misuse the graph agree with the naive evaluator`(shard: Int) {
        for index in 0..<250 {
            let seed = UInt64(10_000 + shard * 250 + index)
            var random = SeededRandom(seed: seed)
            let length = Int.random(in: 16...600, using: &random)
            let bytes = [Interpreter.misuseMode] + (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            let issues = RuntimeIssues.collect {
                if let failure = GraphProgram.run(bytes) {
                    Issue.record("misuse seed \(seed) (\(length) bytes): \(failure)")
                }
            }
            // Writes inside computeds and cycles are reported; nothing else may be.
            let kinds = Set(issues.map(\.kind))
            #expect(kinds.isSubset(of: [.writeDuringEvaluation, .cycle]), "misuse seed \(seed): \(issues)")
        }
    }

    @Test(arguments: 0..<4)
    func `random programs agree with the naive evaluator`(shard: Int) {
        for index in 0..<250 {
            let seed = UInt64(shard * 250 + index + 1)
            var random = SeededRandom(seed: seed)
            let length = Int.random(in: 16...600, using: &random)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            if let failure = GraphProgram.run(bytes) {
                Issue.record("seed \(seed) (\(length) bytes): \(failure)")
                return
            }
        }
    }
}
