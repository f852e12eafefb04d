/// A command line typed by the user or taken from a script: a name and its arguments.
///
/// Words are separated by spaces; double quotes group words into one argument
/// (`rename 2 "The Dispossessed"`), and `\"` puts a quote inside one.
///
/// ```swift
/// let command = try Command(parsing: #"rename 2 "The Dispossessed""#)
/// command.name                   // "rename"
/// try command.integer(at: 0)     // 2
/// try command.string(at: 1)      // "The Dispossessed"
/// ```
public struct Command: Equatable, Sendable, CustomStringConvertible {
    /// The first word.
    public let name: String
    /// The words after the first, quotes removed.
    public let arguments: [String]
    /// The line as it was typed.
    public let description: String

    /// Parses a line; nil for a blank line.
    ///
    /// - Throws: ``CommandError/malformed(_:)`` for an unterminated quote.
    public init?(parsing line: String) throws(CommandError) {
        let words = try Command.split(line)
        guard let name = words.first else { return nil }
        self.name = name.lowercased()
        self.arguments = Array(words.dropFirst())
        self.description = line.trimmingSpaces()
    }

    private static func split(_ line: String) throws(CommandError) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quoted = false
        var escaped = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
            } else if character == "\\" && quoted {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
                inWord = true
            } else if character.isWhitespace && !quoted {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if quoted {
            throw .malformed("missing closing quote")
        }
        if inWord { words.append(word) }
        return words
    }

    /// Checks the number of arguments.
    ///
    /// - Throws: ``CommandError/malformed(_:)`` naming what was expected.
    public func expectArguments(_ range: ClosedRange<Int>) throws(CommandError) {
        guard range.contains(arguments.count) else {
            let expected = range.lowerBound == range.upperBound
                ? "\(range.lowerBound)"
                : "\(range.lowerBound) to \(range.upperBound)"
            throw .malformed("expected \(expected) argument\(range.upperBound == 1 ? "" : "s"), got \(arguments.count)")
        }
    }

    /// Checks the number of arguments.
    public func expectArguments(_ count: Int) throws(CommandError) {
        try expectArguments(count...count)
    }

    /// The argument at `index`.
    public func string(at index: Int) throws(CommandError) -> String {
        guard arguments.indices.contains(index) else {
            throw .malformed("missing argument \(index + 1)")
        }
        return arguments[index]
    }

    /// The argument at `index`, as a whole number.
    public func integer(at index: Int) throws(CommandError) -> Int {
        let word = try string(at: index)
        guard let value = Int(word) else {
            throw .malformed("expected a whole number, got '\(word)'")
        }
        return value
    }

    /// The argument at `index`, as a decimal number (`12.5`).
    public func decimal(at index: Int) throws(CommandError) -> Double {
        let word = try string(at: index)
        guard let value = Double(word), value.isFinite else {
            throw .malformed("expected a number, got '\(word)'")
        }
        return value
    }

    /// The argument at `index`, as one of a type's cases, matched by raw value.
    public func choice<Choice: CaseIterable & RawRepresentable>(
        at index: Int, of type: Choice.Type
    ) throws(CommandError) -> Choice where Choice.RawValue == String {
        let word = try string(at: index)
        guard let value = Choice(rawValue: word.lowercased()) else {
            let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw .malformed("expected one of \(names), got '\(word)'")
        }
        return value
    }
}

/// Why a command did nothing. The command loop prints it and carries on.
public enum CommandError: Error, Equatable, Sendable {
    /// The name is not a command of the program.
    case unknown(String)
    /// The command exists but its arguments are wrong; the loop adds its usage line.
    case malformed(String)
    /// The command is well formed but cannot apply now (no book #9; nothing to save).
    case rejected(String)
}

/// A command a program accepts, for `help` and for usage messages.
///
/// ```swift
/// CommandSpec(#"rename <book> "<title>""#, "rename a book")
/// ```
public struct CommandSpec: Sendable {
    /// The command word and its arguments, as help shows them: `rename <book> "<title>"`.
    public let usage: String
    /// What it does, in a few words.
    public let summary: String

    public init(_ usage: String, _ summary: String) {
        self.usage = usage
        self.summary = summary
    }

    /// The command word.
    public var name: String {
        String(usage.prefix { !$0.isWhitespace })
    }
}
