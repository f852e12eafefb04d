import Foundation

/// What a Swift block says it prints, in its comments: the one convention of the
/// Markdown documents (README.md, Docs/) and of the doc comments in Sources/Ripple.
///
/// Every quoted string after the word `prints` in a comment, in order, is the whole
/// output, one string a line: `// prints "Total: 42.0"`, `// prints "a", then "b"`,
/// `// prints nothing`. A string that ends in ` ...` claims a line that starts with the
/// text before it, and the lines after it up to the next claim:
/// `// prints "digraph Ripple { ..."` for a Graphviz graph, whose lines are many.
enum OutputClaims {
    /// Marks a claim as the start of the output from there.
    static let ellipsis = " ..."

    /// The claims of one line of code: nil when it has no comment that says `prints`,
    /// empty for `prints nothing`. Throws when `prints` names no output.
    static func claims(in line: String) throws(DocumentError) -> [String]? {
        guard let comment = comment(in: line),
              let range = comment.range(of: #"\bprints\b"#, options: .regularExpression)
        else { return nil }
        let claim = comment[range.upperBound...]
        let strings = quotedStrings(in: claim)
        if strings.isEmpty, !claim.trimmingCharacters(in: .whitespaces).hasPrefix("nothing") {
            throw DocumentError(description: "'prints' names no output: write prints \"...\" or prints nothing")
        }
        return strings
    }

    /// Whether `output`, line by line, is what `claims` says: each claim the whole line,
    /// or, ending in ` ...`, the line's start and any lines after it.
    static func matches(_ output: [String], _ claims: [String]) -> Bool {
        matches(output[...], claims[...])
    }

    private static func matches(_ output: ArraySlice<String>, _ claims: ArraySlice<String>) -> Bool {
        guard let claim = claims.first else { return output.isEmpty }
        guard let line = output.first else { return false }
        guard claim.hasSuffix(ellipsis) else {
            return line == claim && matches(output.dropFirst(), claims.dropFirst())
        }
        guard line.hasPrefix(claim.dropLast(ellipsis.count)) else { return false }
        // The fewest lines that let the rest match.
        var rest = output.dropFirst()
        while true {
            if matches(rest, claims.dropFirst()) { return true }
            guard !rest.isEmpty else { return false }
            rest = rest.dropFirst()
        }
    }

    /// The text after the `//` that starts a line's comment, outside string literals.
    static func comment(in line: String) -> String? {
        var inString = false
        var escaped = false
        var previous: Character?
        for index in line.indices {
            let character = line[index]
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "/", previous == "/" {
                return String(line[line.index(after: index)...])
            }
            previous = inString ? nil : character
        }
        return nil
    }

    /// `"a", then "b \"c\""` gives `a` and `b "c"`.
    static func quotedStrings(in text: Substring) -> [String] {
        var strings: [String] = []
        var current: String?
        var escaped = false
        for character in text {
            if var string = current {
                if escaped {
                    string.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    strings.append(string)
                    current = nil
                    continue
                } else {
                    string.append(character)
                }
                current = string
            } else if character == "\"" {
                current = ""
            }
        }
        return strings
    }
}
