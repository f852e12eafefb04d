import Foundation

/// An example as the generated file holds it: its type declarations in the example's
/// namespace (a macro with an extension role cannot attach to a local type), the rest
/// in `run()`, in order.
struct ExampleParts {
    /// The lines of each `struct`, `class`, `enum`, `actor`, `protocol` and `typealias`
    /// declaration, with the attributes before it.
    var declarations: [String] = []
    /// Every other line, in order: statements, local functions, comments.
    var statements: [String] = []
    /// The names the declarations declare, in order.
    var typeNames: [String] = []
    /// The output the comments claim (``OutputClaims``), in order.
    var claims: [String] = []
    /// Whether the comments claim anything, `prints nothing` included.
    var statesOutput = false
    /// Whether the code calls `print`.
    var prints = false
    /// Whether it awaits: `run()` is then `async`, on the main actor, as an app's is.
    var isAsync = false
    /// Whether it has a `try` that is not `try?` or `try!`.
    var throwsErrors = false
    /// Whether `run()` has something to do besides declaring local functions.
    var runs = false
}

extension SourceExample {
    static let typeKeywords: Set = ["struct", "class", "enum", "actor", "protocol", "typealias"]
    static let modifiers: Set = [
        "final", "public", "package", "internal", "fileprivate", "private", "indirect", "nonisolated",
    ]

    /// Splits the code into declarations and statements and reads its claims. Refuses
    /// an `extension` outside a file-scope block, statements in one, and a block that
    /// runs and prints without saying what.
    func parts() throws -> ExampleParts {
        var parts = ExampleParts()
        var scanner = CodeScanner()
        var item: [String] = []
        var pending: [String] = []   // attribute lines waiting for their declaration
        func finish() throws {
            defer { item = [] }
            guard let first = item.first else { return }
            let words = Self.leadingWords(of: (pending + item).joined(separator: " "))
            let keyword = words.first ?? ""
            if keyword == "extension", kind != .fileScope {
                throw DocumentError(
                    description: "\(self): an extension must sit at file scope: mark the block <!-- file scope -->"
                )
            }
            if Self.typeKeywords.contains(keyword) || keyword == "extension" {
                parts.declarations += pending + item
                if keyword != "extension", words.count > 1 { parts.typeNames.append(words[1]) }
            } else {
                parts.statements += pending + item
                let trimmed = first.trimmingCharacters(in: .whitespaces)
                if keyword != "func", !trimmed.isEmpty, !trimmed.hasPrefix("//") { parts.runs = true }
            }
            pending = []
        }
        for (offset, line) in code.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if scanner.isAtTopLevel {
                try finish()
                if trimmed.hasPrefix("import ") { continue }
                if trimmed.hasPrefix("@"), Self.leadingWords(of: trimmed).isEmpty {
                    pending.append(line)
                    scanner.scan(line)
                    continue
                }
            }
            item.append(line)
            let code = scanner.scan(line)
            parts.prints = parts.prints || code.range(of: #"(^|[^\w.])print\("#, options: .regularExpression) != nil
            parts.isAsync = parts.isAsync || code.range(of: #"\bawait\b"#, options: .regularExpression) != nil
            parts.throwsErrors = parts.throwsErrors
                || code.range(of: #"\btry(?![?!])\b"#, options: .regularExpression) != nil
            do {
                if let claims = try OutputClaims.claims(in: line) {
                    parts.claims += claims
                    parts.statesOutput = true
                }
            } catch {
                throw DocumentError(description: "Sources/Ripple/\(file):\(self.line + offset + 1): \(error)")
            }
        }
        try finish()
        parts.statements += pending
        try check(parts)
        return parts
    }

    private func check(_ parts: ExampleParts) throws {
        if kind == .fileScope, parts.statements.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw DocumentError(description: "\(self): a file-scope block holds declarations only")
        }
        guard kind == .example || kind == .leaks, parts.runs else { return }
        if parts.prints, !parts.statesOutput {
            throw DocumentError(description: """
                \(self): prints, but no comment says what: write // prints "..." after the line \
                that prints (or // prints nothing)
                """)
        }
        if !parts.prints, !parts.claims.isEmpty {
            throw DocumentError(description: "\(self): its comments claim output, but it never calls print")
        }
    }

    /// The words a declaration starts with after its attributes and modifiers:
    /// `final class Book: Codable {` gives `class`, `Book`. Empty for a line that is only
    /// attributes.
    static func leadingWords(of text: String) -> [String] {
        var rest = Substring(text)
        var words: [String] = []
        while words.count < 2 {
            rest = rest.drop { $0 == " " }
            guard let first = rest.first else { break }
            if first == "@" {
                rest = rest.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" }
                if rest.first == "(" { rest = skipBalanced(rest) }
                continue
            }
            let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            guard !word.isEmpty else { break }
            rest = rest.dropFirst(word.count)
            if words.isEmpty, modifiers.contains(String(word)) { continue }
            words.append(String(word))
        }
        return words
    }

    private static func skipBalanced(_ text: Substring) -> Substring {
        var depth = 0
        for index in text.indices {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" { depth -= 1 }
            if depth == 0 { return text[text.index(after: index)...] }
        }
        return ""
    }
}

/// Follows Swift code line by line: the nesting of brackets outside strings and
/// comments, and the code of each line without them.
struct CodeScanner {
    private enum Context {
        case string(hashes: Int, multiline: Bool)
        case interpolation(parentheses: Int)
    }

    /// Open brackets of the code outside strings.
    private(set) var depth = 0
    private(set) var inBlockComment = false
    private var contexts: [Context] = []

    /// Whether the next line starts at the top level: no bracket, string or comment open.
    var isAtTopLevel: Bool { depth == 0 && !inBlockComment && contexts.isEmpty }

    /// Scans a line; returns its code outside strings and comments, each string
    /// literal as `""`.
    @discardableResult
    mutating func scan(_ line: String) -> String {
        let characters = Array(line)
        var code = ""
        var index = 0
        func starts(_ text: String, at offset: Int) -> Bool {
            characters[offset...].starts(with: Array(text))
        }
        /// The length of a string literal's opening at `offset`, and its hashes.
        func opening(at offset: Int) -> (length: Int, hashes: Int, multiline: Bool)? {
            let hashes = characters[offset...].prefix { $0 == "#" }.count
            guard starts("\"", at: offset + hashes) else { return nil }
            let multiline = starts("\"\"\"", at: offset + hashes)
            return (hashes + (multiline ? 3 : 1), hashes, multiline)
        }
        while index < characters.count {
            let character = characters[index]
            if inBlockComment {
                if starts("*/", at: index) { inBlockComment = false; index += 1 }
                index += 1
                continue
            }
            switch contexts.last {
            case .string(let hashes, let multiline)?:
                let marks = String(repeating: "#", count: hashes)
                if starts("\\" + marks + "(", at: index) {
                    contexts.append(.interpolation(parentheses: 0))
                    index += hashes + 2
                } else if starts("\\" + marks, at: index) {
                    index += hashes + 2
                } else if starts((multiline ? "\"\"\"" : "\"") + marks, at: index) {
                    contexts.removeLast()
                    index += (multiline ? 3 : 1) + hashes
                } else {
                    index += 1
                }
            case .interpolation(let parentheses)?:
                if let opening = opening(at: index) {
                    contexts.append(.string(hashes: opening.hashes, multiline: opening.multiline))
                    index += opening.length
                    continue
                }
                contexts.removeLast()
                if character == ")", parentheses == 0 {
                    index += 1
                    continue
                }
                let change = character == "(" ? 1 : character == ")" ? -1 : 0
                contexts.append(.interpolation(parentheses: parentheses + change))
                index += 1
            case nil:
                if starts("//", at: index) { return code }
                if starts("/*", at: index) {
                    inBlockComment = true
                    index += 2
                    continue
                }
                if let opening = opening(at: index) {
                    contexts.append(.string(hashes: opening.hashes, multiline: opening.multiline))
                    code += "\"\""
                    index += opening.length
                    continue
                }
                if "([{".contains(character) { depth += 1 }
                if ")]}".contains(character) { depth -= 1 }
                code.append(character)
                index += 1
            }
        }
        // A one-line string left open ends with its line.
        while case .string(_, false)? = contexts.last { contexts.removeLast() }
        return code
    }
}
