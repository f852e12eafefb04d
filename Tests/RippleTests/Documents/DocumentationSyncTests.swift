import Foundation
import Testing

/// Keeps `DocumentationExamplesTests` in step with the doc comments it copies: every
/// line of every ```swift block in the doc comments of Sources/Ripple appears, as
/// written, in that suite or another of Documents/ (or in Support/, for declarations
/// that must sit at file scope). `import` lines are exempt; the suite's own additions are marked `// check`.
@Suite struct DocumentationSyncTests {
    static let packageRoot = Documents.packageRoot

    @Test func `every documented example is copied as written`() throws {
        let tests = Self.packageRoot.appendingPathComponent("Tests/RippleTests")
        var copied = Set<String>()
        for file in try Self.swiftFiles(in: tests.appendingPathComponent("Documents"))
            + (try Self.swiftFiles(in: tests.appendingPathComponent("Support"))) {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                copied.insert(line.trimmingCharacters(in: .whitespaces))
            }
        }
        var blocks = 0
        for file in try Self.swiftFiles(in: Self.packageRoot.appendingPathComponent("Sources/Ripple")) {
            for example in try Self.examples(in: file) {
                blocks += 1
                let missing = example.lines.filter { !copied.contains($0) }
                #expect(missing.isEmpty, "\(file.lastPathComponent):\(example.line) has lines no test runs: \(missing)")
            }
        }
        #expect(blocks > 90)
    }

    /// The ```swift blocks of a file's doc comments: their first line's number and
    /// their lines, trimmed, without blank and `import` lines.
    static func examples(in file: URL) throws -> [(line: Int, lines: [String])] {
        var examples: [(line: Int, lines: [String])] = []
        var current: (line: Int, lines: [String])?
        for (number, raw) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("///") else {
                current = nil
                continue
            }
            let text = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
            if text == "```swift" {
                current = (number + 2, [])
            } else if text == "```", let finished = current {
                examples.append(finished)
                current = nil
            } else if current != nil, !text.isEmpty, !text.hasPrefix("import ") {
                current?.lines.append(text)
            }
        }
        return examples
    }

    static func swiftFiles(in directory: URL) throws -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
    }
}
