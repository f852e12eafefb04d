/// A command line typed by the user or taken from a script: a name and its arguments.
///
/// Words are separated by spaces. Double or single quotes at the start of a word group
/// words into one argument (`rename 2 "The Dispossessed"`, `rename 2 'Kindred'`), and a
/// backslash inside quotes keeps the next character as it is (`"say \"hi\""`). A quote
/// inside a word is an ordinary character (`search don't`). A line with a control
/// character, an unterminated quote or more than ``maximumLineLength`` characters is
/// refused as a whole.
///
/// The typed accessors bound what they read and name the range in their errors, so that
/// nothing a user types reaches arithmetic unchecked:
///
/// ```swift
/// let command = try Command(parsing: #"add "Mug" 9.50 2"#)
/// command.name                                                    // "add"
/// try command.text(at: 0, "the name")                             // "Mug"
/// try command.fixedPoint(at: 1, "the price", fractionDigits: 2, in: 0...1_000_000)   // 950
/// try command.integer(at: 2, "the quantity", in: 1...999)         // 2
/// ```
public struct Command: Equatable, Sendable, CustomStringConvertible {
    /// The first word, in lower case.
    public let name: String
    /// The words after the first, quotes removed.
    public let arguments: [String]
    /// The line as it was typed, without surrounding spaces.
    public let description: String

    /// The longest line read; a longer one is refused rather than cut.
    public static let maximumLineLength = 1_000
    /// The longest text argument ``text(at:_:)`` accepts.
    public static let maximumTextLength = 100

    /// Parses a line; nil for a blank line.
    ///
    /// - Throws: ``CommandError/malformed(_:)`` for an unterminated quote, text right
    ///   after a closing quote, a control character or an overlong line.
    public init?(parsing line: String) throws(CommandError) {
        let words = try Command.words(of: line)
        guard let name = words.first else { return nil }
        self.name = name.lowercased()
        self.arguments = Array(words.dropFirst())
        self.description = line.trimmingSpaces()
    }
}

extension Command {
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

    /// The argument at `index`, as typed.
    public func string(at index: Int) throws(CommandError) -> String {
        guard arguments.indices.contains(index) else {
            throw .malformed("missing argument \(index + 1)")
        }
        return arguments[index]
    }

    /// The argument at `index`, as one of a type's cases, matched by raw value.
    public func choice<Choice: CaseIterable & RawRepresentable>(
        at index: Int, of type: Choice.Type
    ) throws(CommandError) -> Choice where Choice.RawValue == String {
        let word = try string(at: index)
        guard let value = Choice(rawValue: word.lowercased()) else {
            let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw .malformed("expected one of \(names), got \(Command.quoted(word))")
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
