import Foundation
import Testing

/// The doc comments' examples are the only copy: `SourceExamples.generated.swift` is
/// generated from them, and this suite fails while the two differ. With
/// `RIPPLE_REGENERATE_EXAMPLES=1` it writes the file instead.
@Suite struct SourceExampleTests {
    static let regenerates = ProcessInfo.processInfo.environment["RIPPLE_REGENERATE_EXAMPLES"] == "1"

    @Test func `the generated examples are the doc comments' examples`() throws {
        let url = Documents.packageRoot.appendingPathComponent(SourceExamples.generatedFile)
        let text = try SourceExamples.generatedText(for: SourceExamples.all())
        if Self.regenerates {
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let committed = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        guard committed != text else { return }
        let old = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let new = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(old.count, new.count)
        Issue.record("""
            \(SourceExamples.generatedFile) is out of date from line \(line + 1): the doc \
            comments now read \(line < new.count ? "'\(new[line])'" : "no more"). Run \
            \(SourceExamples.regenerateCommand)
            """)
    }

    /// So that a block the reader misses, or a marker used freely, is noticed: all 173
    /// are compiled, and all but the declarations and the two `not run` are run.
    @Test func `every doc comment's Swift block is compiled, and nearly all run`() throws {
        let examples = try SourceExamples.all()
        #expect(examples.count >= 173)
        let tested = try examples.filter { example in
            try [.example, .leaks, .childProcess].contains(example.kind) && example.parts().runs
        }
        #expect(tested.count >= 165)
        #expect(examples.filter { $0.kind == .notRun }.count <= 2)
        #expect(examples.filter { $0.kind == .leaks }.count == 2)
    }

    @Test func `a block that prints must say what it prints`() throws {
        let silent = try Self.example("""
            let count = Signal(1)
            print(count.value)   // 1
            """)
        #expect {
            _ = try silent.parts()
        } throws: { error in
            "\(error)".contains("prints, but no comment says what")
        }
        let stated = try Self.example("""
            let count = Signal(1)
            print(count.value)   // prints "1"
            count.value = 1      // equal: prints nothing
            """)
        #expect(try stated.parts().claims == ["1"])
    }

    @Test func `prose after the word prints is refused`() throws {
        let example = try Self.example("""
            let count = Signal(1)
            print(count.value)   // prints the count
            """)
        #expect {
            _ = try example.parts()
        } throws: { error in
            "\(error)".contains("'prints' names no output")
        }
    }

    @Test func `declarations go to the namespace, statements to run, in order`() throws {
        let example = try Self.example("""
            import Observation

            @MainActor
            final class Book: Codable {
                @Tracked var title = "{"   // a brace in a string
            }
            struct Offline: Error {}
            let book = Book()
            @Bindable var bound = book
            func shout(_ text: String) -> String {
                "\\(text.uppercased())!"
            }
            @Observable final class Settings { var rate = 0.2 }
            typealias Shelf = [Book]
            print(shout(bound.title))   // prints "{!"
            await Task.yield()
            """)
        let parts = try example.parts()
        #expect(parts.typeNames == ["Book", "Offline", "Settings", "Shelf"])
        #expect(parts.declarations.first == "@MainActor")
        #expect(parts.declarations.count == 7)
        #expect(parts.statements.filter { !$0.isEmpty } == [
            "let book = Book()", "@Bindable var bound = book", "func shout(_ text: String) -> String {",
            "    \"\\(text.uppercased())!\"", "}", "print(shout(bound.title))   // prints \"{!\"", "await Task.yield()",
        ])
        #expect(parts.runs && parts.isAsync && !parts.throwsErrors)
    }

    @Test func `an extension needs the file-scope marker`() throws {
        let example = try Self.example("extension Int { var twice: Int { self * 2 } }")
        #expect {
            _ = try example.parts()
        } throws: { error in
            "\(error)".contains("<!-- file scope -->")
        }
        let marked = try Self.example("extension Int { var twice: Int { self * 2 } }", marker: "<!-- file scope -->")
        #expect(try marked.parts().declarations.count == 1)
    }

    @Test func `an unknown marker is refused`() {
        #expect {
            _ = try Self.example("print(1)   // prints \"1\"", marker: "<!-- not-run -->")
        } throws: { error in
            "\(error)".contains("unknown marker 'not-run'")
        }
    }

    /// The one example of a doc comment holding `code`.
    static func example(_ code: String, marker: String? = nil) throws -> SourceExample {
        let lines = (marker.map { [$0] } ?? []) + ["```swift"] + code.split(separator: "\n").map(String.init) + ["```"]
        let text = "/// Summary.\n///\n" + lines.map { "/// \($0)\n" }.joined() + "func documented() {}\n"
        return try #require(try SourceExamples.examples(in: text, file: "Scratch.swift").first)
    }
}
