extension Command {
    /// Splits a line into words, as ``init(parsing:)`` describes.
    static func words(of line: String) throws(CommandError) -> [String] {
        guard line.unicodeScalars.count <= maximumLineLength else {
            throw .malformed("the line is longer than \(maximumLineLength) characters")
        }
        // Echoed to a terminal, a control character would move the cursor or clear the
        // screen; a tab and a Windows line end are only spacing.
        if let control = line.unicodeScalars.first(where: { isControl($0) && $0 != "\t" && $0 != "\r" }) {
            throw .malformed("the line contains a control character (\(codePoint(control))); type plain text")
        }
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        var justClosed = false
        for character in line {
            if let open = quote {
                if escaped {
                    word.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == open {
                    quote = nil
                    justClosed = true
                } else {
                    word.append(character)
                }
            } else if character.isWhitespace {
                if inWord { words.append(word) }
                word = ""
                inWord = false
                justClosed = false
            } else if justClosed {
                throw .malformed(
                    "a closing quote must end its word; to put a quote inside text, use the other kind, as in \"Ender's Game\""
                )
            } else if !inWord && (character == "\"" || character == "'") {
                quote = character
                inWord = true
            } else {
                word.append(character)
                inWord = true
            }
        }
        switch quote {
        case "\"":
            throw .malformed(#"missing closing quote ("); quote text as in "The Dispossessed""#)
        case "'":
            throw .malformed(#"missing closing quote ('); for an apostrophe, use double quotes, as in "Ender's Game""#)
        default:
            break
        }
        if inWord { words.append(word) }
        return words
    }

    /// A word as an error message shows it: in single quotes, control characters
    /// spelled out, and cut short if long.
    public static func quoted(_ word: String) -> String {
        let shown = word.count > 40 ? word.prefix(40) + "..." : Substring(word)
        return "'" + String(shown).escapingControlCharacters() + "'"
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }

    /// `U+001B`.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension String {
    /// The string with each control character written as its code point, `<U+001B>`,
    /// so that echoing it cannot disturb a terminal.
    func escapingControlCharacters() -> String {
        var result = ""
        for scalar in unicodeScalars {
            if Command.isControl(scalar) {
                result += "<\(Command.codePoint(scalar))>"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
