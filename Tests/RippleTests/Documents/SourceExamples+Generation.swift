import Foundation

/// Writes `SourceExamples.generated.swift`: each example in a namespace of its own,
/// then one test for each, in the suites `.ci/run` names.
extension SourceExamples {
    static let generatedFile = "Tests/RippleTests/Documents/SourceExamples.generated.swift"
    static let regenerateCommand = "RIPPLE_REGENERATE_EXAMPLES=1 swift test --filter SourceExampleTests"

    /// The text of the generated file. Throws for an example the tests cannot run as
    /// written (a printing example that does not say what it prints, say).
    static func generatedText(for examples: [SourceExample]) throws -> String {
        let namespaces = Set(examples.map(\.namespace))
        guard namespaces.count == examples.count else {
            throw DocumentError(description: "two source files share a name: their examples' namespaces collide")
        }
        var text = header
        var earlierTypes: [String: String] = [:]   // a type an earlier example of the file declares: its namespace
        var tests: [(suite: String, lines: [String])] = []
        var file = ""
        for example in examples {
            if example.file != file {
                file = example.file
                earlierTypes = [:]
                text += "\n// MARK: - \(file)\n"
            }
            let parts = try example.parts()
            text += "\n" + namespace(example, parts, earlierTypes: earlierTypes)
            if example.kind != .fileScope {
                for name in parts.typeNames { earlierTypes[name] = example.namespace }
            }
            if let test = test(example, parts) { tests.append((example.suite, test)) }
        }
        for (suite, attributes, about) in suites {
            text += "\n// MARK: - \(suite)\n\n" + about.map { "/// \($0)\n" }.joined()
            text += "@Suite(\(attributes))\nstruct \(suite) {\n"
            text += tests.filter { $0.suite == suite }.map { $0.lines.map { indent($0, 1) }.joined() }
                .joined(separator: "\n")
            text += "}\n"
        }
        return text
    }

    private static let header = """
        // Generated from the ```swift blocks of the doc comments in Sources/Ripple by
        // SourceExamples (Documents/SourceExample*.swift): do not edit. Edit the doc
        // comment, then regenerate this file with
        //
        //     \(regenerateCommand)
        //
        // SourceExampleTests fails while this file and the doc comments differ. Being
        // generated, the file is exempt from the 400-line guideline.

        import Foundation
        import Observation
        @testable import Ripple
        import Testing

        /// Every `print` of the examples: a line on the console of the test that runs it.
        private func print(_ items: Any..., separator: String = " ", terminator: String = "\\n") {
            ExampleConsole.current?.write(items.map { "\\($0)" }.joined(separator: separator) + terminator)
        }

        """

    private static let suites: [(String, String, [String])] = [
        ("DocumentationExamplesTests", ".timeLimit(.minutes(5))", [
            "The examples of the doc comments, each run with what it prints compared with its comments.",
        ]),
        ("DocumentationTraceExamplesTests", ".serialized, .timeLimit(.minutes(5))", [
            "The examples of Debug/: tracing and the graph's names are process-wide, so they run one",
            "at a time, and `.ci/run` runs them under ThreadSanitizer too.",
        ]),
        ("DocumentationLeakingExampleTests", ".timeLimit(.minutes(5))", [
            "The examples marked `<!-- leaks -->`, which `.ci/run` runs with LeakSanitizer off:",
            "withTracking's `follow()` re-arms forever and keeps what it follows alive, as",
            "`withObservationTracking` does; CycleError's two computeds capture each other.",
        ]),
    ]

    private static func namespace(
        _ example: SourceExample, _ parts: ExampleParts, earlierTypes: [String: String]
    ) -> String {
        let title = "/// \(example.file), example \(example.ordinal)"
        if example.kind == .fileScope {
            return "\(title), at file scope.\n" + trimmed(parts.declarations).map { $0 + "\n" }.joined()
        }
        // A type an earlier example of the file declares, which this one uses as its own.
        var scanner = CodeScanner()
        let code = example.code.map { scanner.scan($0) }.joined(separator: "\n")
        var body: [String] = earlierTypes.keys.sorted().filter { name in
            !parts.typeNames.contains(name) && code.range(of: "\\b\(name)\\b", options: .regularExpression) != nil
        }.map { "typealias \($0) = \(earlierTypes[$0]!).\($0)" }
        if !parts.declarations.isEmpty {
            body += (body.isEmpty ? [] : [""]) + trimmed(parts.declarations)
        }
        let statements = trimmed(parts.statements)
        if !statements.isEmpty {
            let isolation = parts.isAsync ? "@MainActor " : ""
            let effects = (parts.isAsync ? " async" : "") + (parts.throwsErrors ? " throws" : "")
            body += (body.isEmpty ? [] : [""]) + ["\(isolation)static func run()\(effects) {"]
            body += statements.map { $0.isEmpty ? "" : "    " + $0 } + ["}"]
        }
        let note = example.kind == .notRun ? ": compiled, not run" : parts.runs ? "" : ": declarations, compiled"
        return "\(title)\(note).\nenum \(example.namespace) {\n" + body.map { indent($0, 1) }.joined() + "}\n"
    }

    /// The test of an example that runs, as lines of its suite.
    private static func test(_ example: SourceExample, _ parts: ExampleParts) -> [String]? {
        guard [.example, .leaks, .childProcess].contains(example.kind), parts.runs else { return nil }
        let call = (parts.throwsErrors ? "try " : "") + (parts.isAsync ? "await " : "") + "\(example.namespace).run()"
        let name = "@Test(\(literal("\(example.file), example \(example.ordinal)")))"
        let function = "func \(example.namespace.replacingOccurrences(of: "SourceExample_", with: "example_"))"
        if example.kind == .childProcess {
            return [
                name, "\(function)() async {",
                "    await #expect(processExitsWith: .success) { \(call) }", "}",
            ]
        }
        let claims = "[" + parts.claims.map(literal).joined(separator: ", ") + "]"
        let effects = (parts.isAsync ? " async" : "") + (parts.throwsErrors ? " throws" : "")
        let check = (parts.throwsErrors ? "try " : "") + (parts.isAsync ? "await " : "")
            + "ExampleConsole.check(\(literal(example.file)), \(example.ordinal), prints: \(claims)) {"
        return [
            parts.isAsync ? "\(name) @MainActor" : name, "\(function)()\(effects) {",
            "    \(check)", "        \(call)", "    }", "}",
        ]
    }

    /// The lines without the blank ones at either end, and one blank line for several.
    private static func trimmed(_ lines: [String]) -> [String] {
        var result: [String] = []
        for line in lines {
            let blank = line.trimmingCharacters(in: .whitespaces).isEmpty
            if blank, result.last?.isEmpty ?? true { continue }
            result.append(blank ? "" : line)
        }
        if result.last == "" { result.removeLast() }
        return result
    }

    private static func indent(_ line: String, _ levels: Int) -> String {
        line.isEmpty ? "\n" : String(repeating: "    ", count: levels) + line + "\n"
    }

    /// A Swift string literal of `text`.
    static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
