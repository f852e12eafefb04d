import Foundation
import Testing

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
            let name = file.lastPathComponent
            if name.hasPrefix("known-bug-") {
                // A reproduction of an engine bug not fixed yet: expected to fail, and
                // reported once it passes, so that it is renamed.
                withKnownIssue("\(name) reproduces an engine bug") {
                    if let failure = GraphProgram.run(bytes) { Issue.record("\(name): \(failure)") }
                }
            } else if let failure = GraphProgram.run(bytes) {
                Issue.record("\(name): \(failure)")
            }
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
