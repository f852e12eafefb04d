import Foundation
@testable import Ripple
import Testing

@Suite struct RippleGraphTests {
    @Test func `dependencies and dependents are values, in read and subscription order`() {
        let a = Signal(1, name: "a")
        let b = Signal(2, name: "b")
        let sum = Computed(name: "sum") { a.value + b.value }
        let first = Effect("first") { _ = sum.value }
        let second = Effect("second") { _ = sum.value; _ = a.value }
        #expect(RippleGraph.Node(sum).dependencies.map(\.name) == ["a", "b"])
        #expect(RippleGraph.Node(sum).dependents.map(\.name) == ["first", "second"])
        #expect(RippleGraph.Node(a).dependents.map(\.name) == ["sum", "second"])
        #expect(RippleGraph.Node(sum).kind == .computed)
        #expect(RippleGraph.Node(sum).value == "3")
        #expect(RippleGraph.Node(first).kind == .effect)
        first.cancel()
        second.cancel()
        #expect(RippleGraph.Node(sum).dependents.isEmpty)
    }

    @Test func `a list operator's node shows no value while it updates, its output after`() {
        let numbers = Signal(IncrementalArray([1, 2, 3, 4]))
        var evens: Computed<IncrementalArray<Int>>?
        var seenWhileUpdating: [String?] = []
        evens = numbers.filter { number in
            if let evens { seenWhileUpdating.append(RippleGraph.Node(evens).value) }
            return number.isMultiple(of: 2)
        }
        #expect(Array(evens!.value) == [2, 4])
        let afterFirstPass = RippleGraph.Node(evens!).value
        numbers.value.append(6)
        #expect(Array(evens!.value) == [2, 4, 6])
        // Four evaluations in the first pass, one for the appended element: the output
        // is out of the node while it changes.
        #expect(seenWhileUpdating == [nil, nil, nil, nil, nil])
        #expect(afterFirstPass != nil)
        #expect(RippleGraph.Node(evens!).value != afterFirstPass)
        weak let weakEvens = evens
        evens = nil   // the closure holds the variable that holds the operator
        #expect(weakEvens == nil)
    }

    @Test func `the DOT around a node parses back into its nodes and edges`() throws {
        let count = Signal(1, name: "count")
        let doubled = Computed(name: "doubled") { count.value * 2 }
        let unrelated = Signal(0, name: "unrelated \"quoted\"")
        let printer = Effect("printer") { _ = doubled.value }
        let other = Effect("other") { _ = unrelated.value }
        let graph = try DotGraph(parsing: RippleGraph.dot(around: doubled))
        #expect(Set(graph.labels) == ["count", "doubled", "printer"])
        #expect(graph.edges == ["count -> doubled", "doubled -> printer"])
        #expect(graph.shapes["count"] == "box")
        #expect(graph.shapes["doubled"] == "ellipse")
        #expect(graph.shapes["printer"] == "note")
        let quoted = try DotGraph(parsing: RippleGraph.dot(around: unrelated))
        #expect(Set(quoted.labels) == [#"unrelated "quoted""#, "other"])
        printer.cancel()
        other.cancel()
    }

    @Test func `the DOT around a model shows what its properties read and who reads them`() throws {
        let library = TracedLibrary()
        let view = Effect("Library DOT view") { _ = library.availableBooksCount }
        let graph = try DotGraph(parsing: RippleGraph.dot(around: library)).withoutOrdinals
        #expect(Set(graph.edges) == [
            "TracedLibrary.books -> TracedLibrary.availableBooksCount",
            "TracedBook[1].isAvailable -> TracedLibrary.availableBooksCount",
            "TracedBook[2].isAvailable -> TracedLibrary.availableBooksCount",
            "TracedLibrary.availableBooksCount -> Library DOT view",
        ])
        view.cancel()
    }
}

/// A Graphviz DOT document read back: the statements `RippleGraph` writes, node and
/// edge lines of a `digraph`, with quoted labels.
struct DotGraph {
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    private(set) var labelsByID: [String: String] = [:]
    private(set) var labels: [String] = []
    private(set) var shapes: [String: String] = [:]
    /// `from -> to`, by label, in the document's order.
    private(set) var edges: [String] = []

    init(parsing text: String) throws {
        var lines = text.split(separator: "\n").map { $0.trimmingCharacters() }
        guard lines.first == "digraph Ripple {", lines.last == "}" else { throw Malformed(description: "not a digraph") }
        lines = Array(lines.dropFirst().dropLast())
        for line in lines where line != "rankdir=LR;" {
            guard line.hasSuffix(";") else { throw Malformed(description: "no ';' in \(line)") }
            let statement = String(line.dropLast())
            if let arrow = statement.range(of: " -> ") {
                let from = String(statement[..<arrow.lowerBound]), to = String(statement[arrow.upperBound...])
                guard let fromLabel = labelsByID[from], let toLabel = labelsByID[to] else {
                    throw Malformed(description: "an edge between unknown nodes: \(line)")
                }
                edges.append("\(fromLabel) -> \(toLabel)")
            } else {
                let (id, attributes) = try Self.node(statement)
                guard let label = attributes["label"] else { throw Malformed(description: "no label: \(line)") }
                labelsByID[id] = label
                labels.append(label)
                shapes[label] = attributes["shape"]
            }
        }
    }

    /// `n0 [label="a \"b\"", shape=box]` as its id and attributes.
    private static func node(_ statement: String) throws -> (String, [String: String]) {
        guard let open = statement.firstIndex(of: "["), statement.hasSuffix("]") else {
            throw Malformed(description: "not a node: \(statement)")
        }
        let id = statement[..<open].trimmingCharacters()
        var attributes: [String: String] = [:]
        var rest = Substring(statement[statement.index(after: open)..<statement.index(before: statement.endIndex)])
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "=") else { throw Malformed(description: "no '=' in \(statement)") }
            let key = rest[..<equals].trimmingCharacters()
            rest = rest[rest.index(after: equals)...]
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                var escaped = false
                while let character = rest.first {
                    rest = rest.dropFirst()
                    if escaped { value.append(character); escaped = false }
                    else if character == "\\" { escaped = true }
                    else if character == "\"" { break }
                    else { value.append(character) }
                }
            } else {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                value = rest[..<end].trimmingCharacters()
                rest = rest[end...]
            }
            attributes[key] = value
            if rest.first == "," { rest = rest.dropFirst() }
            rest = Substring(rest.trimmingCharacters())
        }
        return (id, attributes)
    }

    var withoutOrdinals: DotGraph {
        var copy = self
        copy.labels = labels.map(Ripple_withoutOrdinals)
        copy.edges = edges.map(Ripple_withoutOrdinals)
        return copy
    }
}

private func Ripple_withoutOrdinals(_ line: String) -> String { withoutOrdinals(line) }

extension StringProtocol {
    func trimmingCharacters() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
