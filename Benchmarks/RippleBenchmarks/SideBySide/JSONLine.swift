// Reads the JavaScript harness's result lines: one flat JSON object per line, whose
// values are strings, numbers, booleans or null (the harness writes nothing else).

/// A value of a flat JSON object.
enum JSONScalar: Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
}

/// Parses one line holding a flat JSON object into its members, in order; nil if the
/// line is anything else.
func parseFlatJSONObject(_ line: Substring) -> [(key: String, value: JSONScalar)]? {
    var parser = FlatJSONParser(Array(line.utf8))
    return parser.parseObject()
}

private struct FlatJSONParser {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func parseObject() -> [(key: String, value: JSONScalar)]? {
        guard consume(UInt8(ascii: "{")) else { return nil }
        var members: [(key: String, value: JSONScalar)] = []
        if consume(UInt8(ascii: "}")) { return atEnd() ? members : nil }
        repeat {
            guard let key = parseString(), consume(UInt8(ascii: ":")), let value = parseValue() else { return nil }
            members.append((key, value))
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { return nil }
        return atEnd() ? members : nil
    }

    private mutating func parseValue() -> JSONScalar? {
        skipSpaces()
        guard position < bytes.count else { return nil }
        switch bytes[position] {
        case UInt8(ascii: "\""): return parseString().map(JSONScalar.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return parseNumber()
        }
    }

    private mutating func parseString() -> String? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                return String(scalars)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { return nil }
                let escaped = bytes[position]
                position += 1
                switch escaped {
                case UInt8(ascii: "n"): run.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): run.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "u"):
                    guard position + 4 <= bytes.count,
                          let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16),
                          let scalar = Unicode.Scalar(code)
                    else { return nil }
                    position += 4
                    run.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: run.append(escaped)  // \" \\ \/
                }
            default:
                run.append(byte)
            }
        }
        return nil
    }

    private mutating func parseNumber() -> JSONScalar? {
        let start = position
        while position < bytes.count, "+-.0123456789eE".utf8.contains(bytes[position]) {
            position += 1
        }
        return Double(String(decoding: bytes[start..<position], as: UTF8.self)).map(JSONScalar.number)
    }

    private mutating func literal(_ text: String, _ value: JSONScalar) -> JSONScalar? {
        let utf8 = Array(text.utf8)
        guard bytes.count - position >= utf8.count, Array(bytes[position..<position + utf8.count]) == utf8 else {
            return nil
        }
        position += utf8.count
        return value
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        skipSpaces()
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipSpaces() {
        while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") {
            position += 1
        }
    }

    private mutating func atEnd() -> Bool {
        skipSpaces()
        return position == bytes.count
    }
}
