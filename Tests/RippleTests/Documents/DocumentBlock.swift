import Foundation

/// A ```swift block of README.md or of a Markdown file under Docs/, as the file shows it.
///
/// How the tests treat a block depends on the HTML comment on the line right before
/// its fence (CONTRIBUTING.md lists them):
///
/// - none: a whole program. It is built as the `main.swift` of a package that depends on
///   Ripple, run, and what it prints compared with its `// prints "..."` comments.
/// - `<!-- continues -->`: the rest of the Swift block before it, built and run with it.
/// - `<!-- fragment -->`: part of a file, such as `Package.swift`; not built.
/// - `<!-- apple-only -->`: needs SwiftUI or another Apple framework; not built on Linux.
///
/// A reason may follow a colon: `<!-- fragment: part of a Package.swift -->`.
struct DocumentBlock: CustomStringConvertible {
    enum Kind: String, CaseIterable {
        case program
        case continues
        case fragment
        case appleOnly = "apple-only"
    }

    /// The file, relative to the package root: `Docs/Migrating.md`.
    let document: String
    /// The line of the opening fence, from 1.
    let line: Int
    let kind: Kind
    /// The lines between the fences, as written.
    let code: String

    var description: String { "\(document):\(line)" }
}

/// Why a document cannot be read as blocks: a test failure names it.
struct DocumentError: Error, CustomStringConvertible {
    let description: String
}

enum Documents {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// README.md and every Markdown file under Docs/, relative to the root, sorted.
    static func files() throws -> [String] {
        let docs = packageRoot.appendingPathComponent("Docs")
        let enumerator = FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil)
        let guides = (enumerator?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension == "md" }
            .map { "Docs/" + $0.path.dropFirst(docs.path.count + 1) }
        return ["README.md"] + guides.sorted()
    }

    /// Every Swift block of every document.
    static func allBlocks() throws -> [DocumentBlock] {
        try files().flatMap { try blocks(in: $0) }
    }

    /// The Swift blocks of one document. Refuses a fence left open, a Swift fence whose
    /// info is not exactly `swift`, an unknown marker, and a continuation with no program
    /// before it.
    static func blocks(in document: String) throws -> [DocumentBlock] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(document), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [DocumentBlock] = []
        var index = 0
        while index < lines.count {
            let fence = lines[index].trimmingCharacters(in: .whitespaces)
            guard fence.hasPrefix("```") else {
                index += 1
                continue
            }
            let opening = index
            let info = fence.dropFirst(3).trimmingCharacters(in: .whitespaces)
            guard let closing = lines[(opening + 1)...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "```" }) else {
                throw DocumentError(description: "\(document):\(opening + 1): a fence that never closes")
            }
            index = closing + 1
            let marker = opening > 0 ? try self.marker(lines[opening - 1], at: "\(document):\(opening)") : nil
            guard info.lowercased().contains("swift") else {
                if marker != nil {
                    throw DocumentError(description: "\(document):\(opening): a marker before a block that is not Swift")
                }
                continue
            }
            guard info == "swift" else {
                throw DocumentError(description: "\(document):\(opening + 1): write ```swift, not ```\(info)")
            }
            let kind = marker ?? .program
            if kind == .continues, let previous = blocks.last, previous.kind != .program, previous.kind != .continues {
                throw DocumentError(description: "\(document):\(opening + 1): continues a \(previous.kind.rawValue) block")
            }
            if kind == .continues, blocks.isEmpty {
                throw DocumentError(description: "\(document):\(opening + 1): continues no block")
            }
            let code = lines[(opening + 1)..<closing].joined(separator: "\n") + "\n"
            blocks.append(DocumentBlock(document: document, line: opening + 1, kind: kind, code: code))
        }
        return blocks
    }

    /// The kind an HTML comment names, nil for a line that is not a comment.
    private static func marker(_ line: String, at location: String) throws -> DocumentBlock.Kind? {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("<!--"), text.hasSuffix("-->") else { return nil }
        let inside = text.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        let word = inside.prefix { $0 != ":" }.trimmingCharacters(in: .whitespaces)
        guard let kind = DocumentBlock.Kind(rawValue: word), kind != .program else {
            let known = DocumentBlock.Kind.allCases.filter { $0 != .program }.map(\.rawValue).joined(separator: ", ")
            throw DocumentError(description: "\(location): unknown marker '\(inside)'; the markers are \(known)")
        }
        return kind
    }
}

/// A program the documents show: a program block and the blocks that continue it.
struct DocumentProgram: CustomStringConvertible {
    let blocks: [DocumentBlock]

    /// `README_7`, `Migrating_100`: the document and the last block's line.
    var name: String {
        let last = blocks[blocks.count - 1]
        let file = last.document.split(separator: "/").last.map { $0.split(separator: ".")[0] } ?? "Document"
        return "\(file)_\(last.line)"
    }

    var code: String {
        blocks.map(\.code).joined(separator: "\n")
    }

    var description: String {
        blocks.map(\.description).joined(separator: " + ")
    }

    /// What the program must print, line by line: its claims (``OutputClaims``), in
    /// order (`// prints "a", then "b"`; `// prints nothing`).
    func expectedOutput() throws -> [String] {
        var output: [String] = []
        for block in blocks {
            for (offset, line) in block.code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                do {
                    output += try OutputClaims.claims(in: String(line)) ?? []
                } catch {
                    throw DocumentError(description: "\(block.document):\(block.line + offset + 1): \(error)")
                }
            }
        }
        return output
    }

    /// All programs of the blocks: each program block alone, and each continuation with
    /// the blocks before it, back to its program.
    static func programs(of blocks: [DocumentBlock]) -> [DocumentProgram] {
        var programs: [DocumentProgram] = []
        var chain: [DocumentBlock] = []
        for block in blocks {
            switch block.kind {
            case .program:
                chain = [block]
            case .continues:
                chain.append(block)
            case .fragment, .appleOnly:
                chain = []
                continue
            }
            programs.append(DocumentProgram(blocks: chain))
        }
        return programs
    }
}
