import Foundation

/// A ```swift block of a doc comment in Sources/Ripple: the only copy of the example,
/// from which `SourceExamples.generated.swift` is generated.
///
/// How the tests treat a block depends on the HTML comment on the `///` line right
/// before its fence, with an optional reason after a colon (CONTRIBUTING.md lists them):
///
/// - none: an example, run as a test; what it prints must be what its comments claim
///   (``OutputClaims``).
/// - `<!-- file scope -->`: declarations that must sit at file scope (an `extension`);
///   compiled, at file scope of the generated file, where every test sees them.
/// - `<!-- not run: waits for changes forever -->`: compiled, not run.
/// - `<!-- child process: sets a process-wide setting -->`: run in a process of its
///   own (an exit test), which must exit successfully; its output is not checked.
/// - `<!-- leaks: re-arms forever -->`: run as an example, in the suite
///   `DocumentationLeakingExampleTests`, which LeakSanitizer skips.
struct SourceExample: CustomStringConvertible {
    enum Kind: String, CaseIterable {
        case example
        case fileScope = "file scope"
        case notRun = "not run"
        case childProcess = "child process"
        case leaks
    }

    /// The file, relative to Sources/Ripple: `Primitives/Signal.swift`.
    let file: String
    /// Which block of its file, from 1.
    let ordinal: Int
    /// The line of the opening fence, from 1.
    let line: Int
    let kind: Kind
    /// The lines between the fences, without the `/// ` of the comment.
    let code: [String]

    var description: String { "Sources/Ripple/\(file):\(line)" }

    /// `SourceExample_Signal_3`: the file's name and the ordinal, so that an edit
    /// elsewhere in the file leaves the name alone.
    var namespace: String {
        let name = file.split(separator: "/").last.map { $0.dropLast(".swift".count) } ?? ""
        return "SourceExample_\(name.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined())_\(ordinal)"
    }

    /// The suite its test belongs to. The tracing and graph examples (Debug/) share
    /// process-wide state, the name table and the event handlers: they run one at a
    /// time, in a suite of their own that `.ci/run` also runs under ThreadSanitizer.
    var suite: String {
        if kind == .leaks { return "DocumentationLeakingExampleTests" }
        return file.hasPrefix("Debug/") ? "DocumentationTraceExamplesTests" : "DocumentationExamplesTests"
    }
}

enum SourceExamples {
    static let sources = Documents.packageRoot.appendingPathComponent("Sources/Ripple")

    /// Every example of every Swift file under Sources/Ripple, by path, then in order.
    static func all() throws -> [SourceExample] {
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        let files = (enumerator?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension == "swift" }
            .map { String($0.standardizedFileURL.path.dropFirst(sources.standardizedFileURL.path.count + 1)) }
            .sorted()
        return try files.flatMap { file in
            try examples(in: String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8), file: file)
        }
    }

    /// The examples of one file's doc comments. Refuses a fence left open, a Swift
    /// fence whose info is not exactly `swift`, and an unknown marker.
    static func examples(in text: String, file: String) throws -> [SourceExample] {
        var examples: [SourceExample] = []
        var open: (line: Int, kind: SourceExample.Kind, code: [String])?
        var previous: String?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let location = "Sources/Ripple/\(file):\(index + 1)"
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("///") else {
                if open != nil { throw DocumentError(description: "\(location): a fence that never closes") }
                previous = nil
                continue
            }
            var text = trimmed.dropFirst(3)
            if text.first == " " { text = text.dropFirst() }
            let fence = text.trimmingCharacters(in: .whitespaces)
            if let current = open {
                if fence == "```" {
                    examples.append(SourceExample(
                        file: file, ordinal: examples.count + 1, line: current.line, kind: current.kind,
                        code: current.code
                    ))
                    open = nil
                } else {
                    open?.code.append(String(text))
                }
            } else if fence.hasPrefix("```"), fence.lowercased().contains("swift") {
                guard fence == "```swift" else {
                    throw DocumentError(description: "\(location): write ```swift, not \(fence)")
                }
                open = (index + 1, try previous.flatMap { try marker($0, at: location) } ?? .example, [])
            }
            previous = fence
        }
        if open != nil { throw DocumentError(description: "Sources/Ripple/\(file): a fence that never closes") }
        return examples
    }

    /// The kind an HTML comment names, nil for a line that is not a comment.
    private static func marker(_ line: String, at location: String) throws -> SourceExample.Kind? {
        guard line.hasPrefix("<!--"), line.hasSuffix("-->") else { return nil }
        let inside = line.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        let word = inside.prefix { $0 != ":" }.trimmingCharacters(in: .whitespaces)
        guard let kind = SourceExample.Kind(rawValue: word), kind != .example else {
            let known = SourceExample.Kind.allCases.filter { $0 != .example }.map(\.rawValue).joined(separator: ", ")
            throw DocumentError(description: "\(location): unknown marker '\(inside)'; the markers are \(known)")
        }
        return kind
    }
}
