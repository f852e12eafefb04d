import Foundation
import Testing

/// Why each view rendered (`--explain`), the graph as a picture (`--graph`) and the
/// trace switch (`RIPPLE_TRACE=1`), run as a user runs them: in a fresh process, where
/// the models are the first of their types to be named.
@Suite(.timeLimit(.minutes(5)))
struct ExplainTests {
    @Test func `BookReader --explain says under each view why it rendered`() async throws {
        let run = try await ExampleProcess.run("BookReader", ["--explain"])
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        expectTranscript(run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), Self.bookReader)
    }

    @Test func `TodoList --explain says under each view why it rendered`() async throws {
        let run = try await ExampleProcess.run("TodoList", ["--explain"])
        #expect(run.status == 0)
        expectTranscript(run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), Self.todoList)
    }

    @Test func `BookReader --graph prints the DOT of the library's graph`() async throws {
        let run = try await ExampleProcess.run("BookReader", ["--graph"])
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.first == "digraph Ripple {")
        #expect(lines.last == "}")
        // Parsed back: node ids to labels, then the edges by label.
        var labels: [String: String] = [:]
        var edges: Set<String> = []
        for line in lines.dropFirst().dropLast() where line != "rankdir=LR;" {
            if let arrow = line.range(of: " -> ") {
                let from = String(line[..<arrow.lowerBound])
                let to = String(line[arrow.upperBound...].dropLast())
                edges.insert("\(try #require(labels[from])) -> \(try #require(labels[to]))")
            } else {
                let id = String(line.prefix { $0 != " " })
                let label = try #require(line.split(separator: "\"").dropFirst().first)
                labels[id] = String(label)
            }
        }
        #expect(edges == [
            "Library.books -> Library.availableBooksCount",
            "Book[1].isAvailable -> Library.availableBooksCount",
            "Book[2].isAvailable -> Library.availableBooksCount",
            "Book[3].isAvailable -> Library.availableBooksCount",
            "Library.availableBooksCount -> LibraryView",
            "Library.books -> LibraryView",
        ])
    }

    @Test func `RIPPLE_TRACE=1 prints why every observer runs, on standard error`() async throws {
        let run = try await ExampleProcess.run("BookReader", ["--interactive"], input: "checkout 2\n", environment: ["RIPPLE_TRACE": "1"])
        #expect(run.status == 0)
        #expect(run.errors.contains("why: LibraryView: first run\n"))
        #expect(run.errors.contains("why: LibraryView: Library.availableBooksCount 3 -> 2 <- Book[2].isAvailable true -> false\n"))
        #expect(run.errors.contains("why: LibraryItemView #2: Book[2].isAvailable true -> false\n"))
        #expect(!run.output.contains("why:"))
    }

    static let bookReader = """
        """

    static let todoList = """
        """
}
