import Foundation
import Testing

/// Every Swift block of README.md and Docs/ is what it says it is (see
/// ``DocumentBlock``). A plain `swift test` reads and classifies every block and reads
/// every output claim, so a new block cannot slip by unnoticed; with
/// `RIPPLE_DOCUMENT_PROGRAMS=1`, as `.ci/run` sets it, each program is also built in a
/// package of its own that depends on Ripple by path, run, and its output compared with
/// its `// prints` comments.
@Suite struct DocumentProgramTests {
    static let buildsPrograms = ProcessInfo.processInfo.environment["RIPPLE_DOCUMENT_PROGRAMS"] == "1"

    @Test func `every Swift block of the documents is read and classified`() throws {
        let blocks = try Documents.allBlocks()
        let documents = Set(blocks.map(\.document))
        #expect(documents.isSuperset(of: [
            "README.md", "Docs/Migrating.md", "Docs/Lists.md", "Docs/Async.md", "Docs/SwiftUI.md",
            "Docs/Debugging.md", "Docs/WhenSomethingGoesWrong.md",
        ]))
        // Each document's blocks, by kind, so that a block that vanishes is noticed.
        let readme = blocks.filter { $0.document == "README.md" }
        #expect(readme.filter { $0.kind == .program }.count >= 2)
        #expect(readme.contains { $0.kind == .fragment })
        #expect(blocks.contains { $0.document == "Docs/SwiftUI.md" && $0.kind == .appleOnly })
        for guide in ["Docs/Lists.md", "Docs/Async.md", "Docs/Debugging.md", "Docs/WhenSomethingGoesWrong.md"] {
            #expect(blocks.contains { $0.document == guide && $0.kind == .program }, "\(guide) has no program")
        }
        for block in blocks where block.kind != .fragment {
            #expect(!block.code.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(block) is empty")
        }
    }

    @Test func `every program's output claims can be read`() throws {
        let programs = DocumentProgram.programs(of: try Documents.allBlocks())
        #expect(!programs.isEmpty)
        for program in programs {
            _ = try program.expectedOutput()
        }
        let tour = try #require(programs.first { $0.code.contains("// Signals and computeds") })
        #expect(try tour.expectedOutput() == [
            "doubled: 0", "doubled: 2", "doubled: 6", "Dune", "3", "available: 3", "available: 2",
        ])
    }

    @Test func `a Swift block needs a known marker and a proper fence`() throws {
        let cases: [(String, String)] = [
            ("<!-- fragmnet -->\n```swift\nlet a = 1\n```\n", "unknown marker 'fragmnet'"),
            ("```Swift\nlet a = 1\n```\n", "write ```swift, not ```Swift"),
            ("```swift\nlet a = 1\n", "a fence that never closes"),
            ("<!-- fragment -->\n```swift\nlet a = 1\n```\n<!-- continues -->\n```swift\nprint(a)\n```\n", "continues a fragment block"),
            ("<!-- continues -->\n```swift\nprint(1)\n```\n", "continues no block"),
            ("<!-- fragment -->\n```sh\nswift test\n```\n", "a marker before a block that is not Swift"),
        ]
        for (text, message) in cases {
            let document = try Self.scratchDocument(text)
            defer { try? FileManager.default.removeItem(at: Documents.packageRoot.appendingPathComponent(document)) }
            #expect {
                _ = try Documents.blocks(in: document)
            } throws: { error in
                "\(error)".contains(message)
            }
        }
    }

    @Test func `a program's claims are its prints comments, in order`() throws {
        let document = try Self.scratchDocument("""
            ```swift
            print("a")           // prints "a"
            let url = "https://example.com"   // the URL's slashes are no comment
            print("b"); print("c \\"d\\"")    // prints "b", then "c \\"d\\""
            _ = 1                // prints nothing
            ```
            <!-- continues: the rest -->
            ```swift
            print(url)           // prints "https://example.com"
            ```
            """)
        defer { try? FileManager.default.removeItem(at: Documents.packageRoot.appendingPathComponent(document)) }
        let programs = DocumentProgram.programs(of: try Documents.blocks(in: document))
        #expect(programs.count == 2)
        #expect(try programs[0].expectedOutput() == ["a", "b", #"c "d""#])
        #expect(try programs[1].expectedOutput() == ["a", "b", #"c "d""#, "https://example.com"])
        #expect(programs[1].code.hasSuffix("print(url)           // prints \"https://example.com\"\n"))
    }

    @Test func `a claim that ends in an ellipsis is the start of the output from there`() {
        #expect(OutputClaims.matches(["a", "b"], ["a", "b"]))
        #expect(!OutputClaims.matches(["a", "b"], ["a"]))
        #expect(!OutputClaims.matches(["a"], ["a", "b"]))
        #expect(OutputClaims.matches(["digraph Ripple {", "  n0", "}", "done"], ["digraph ...", "done"]))
        #expect(OutputClaims.matches(["digraph Ripple {"], ["digraph Ripple { ..."]))
        #expect(OutputClaims.matches(["x", "x", "x"], ["x ...", "x"]))
        #expect(!OutputClaims.matches(["graph {", "}"], ["digraph ..."]))
        #expect(!OutputClaims.matches(["digraph {", "}"], ["digraph ...", "done"]))
        #expect(!OutputClaims.matches(["searching..."], ["searching"]))
    }

    @Test(.enabled(if: buildsPrograms, "set RIPPLE_DOCUMENT_PROGRAMS=1 to build and run them"), .timeLimit(.minutes(30)))
    func `every program builds as written and prints what its comments say`() throws {
        let programs = DocumentProgram.programs(of: try Documents.allBlocks())
        let package = DocumentPackage(programs: programs)
        try package.write()
        try package.build()
        for program in programs {
            let output = try package.run(program), claims = try program.expectedOutput()
            #expect(OutputClaims.matches(output, claims), "\(program) printed \(output), its comments say \(claims)")
        }
    }

    /// Writes `text` as a Markdown file under .build, returns its path from the root.
    static func scratchDocument(_ text: String) throws -> String {
        let path = ".build/document-tests/\(UUID().uuidString).md"
        let url = Documents.packageRoot.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return path
    }
}
