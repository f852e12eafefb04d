#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Results as the run produces them: printed tables, and the JSON file of `--json`.

/// A JSON value, written without Foundation.
enum JSON {
    case number(Double)
    case string(String)
    case bool(Bool)
    case array([JSON])
    case object([(String, JSON)])
    case null

    func write(to output: inout String, indent: Int = 0) {
        let inner = String(repeating: "  ", count: indent + 1)
        let outer = String(repeating: "  ", count: indent)
        switch self {
        case .number(let value):
            if value.isFinite {
                output += value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
            } else {
                output += "null"
            }
        case .string(let text):
            output += "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": output += "\\\""
                case "\\": output += "\\\\"
                case "\n": output += "\\n"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        output.unicodeScalars.append(scalar)
                    }
                }
            }
            output += "\""
        case .bool(let flag):
            output += flag ? "true" : "false"
        case .null:
            output += "null"
        case .array(let items):
            guard !items.isEmpty else { output += "[]"; return }
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += inner
                item.write(to: &output, indent: indent + 1)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += outer + "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{\n"
            for (index, (key, value)) in members.enumerated() {
                output += inner
                JSON.string(key).write(to: &output)
                output += ": "
                value.write(to: &output, indent: indent + 1)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += outer + "}"
        }
    }

    var text: String {
        var output = ""
        write(to: &output)
        return output + "\n"
    }
}

/// Writes `text` to `path`, failing the run if it cannot.
func writeFile(_ path: String, _ text: String) {
    guard let file = fopen(path, "w") else {
        printError("RippleBenchmarks: cannot open \(path) for writing")
        exit(1)
    }
    fputs(text, file)
    fclose(file)
}

/// Prints a table with a header row; the first column is left-aligned, the others
/// right-aligned.
func printTable(_ header: [String], _ rows: [[String]]) {
    var widths = header.map(\.count)
    for row in rows {
        for (index, cell) in row.enumerated() where index < widths.count {
            widths[index] = max(widths[index], cell.count)
        }
    }
    func line(_ cells: [String]) -> String {
        cells.enumerated().map { index, cell in
            pad(cell, widths[index], right: index > 0)
        }.joined(separator: "  ")
    }
    print(line(header))
    print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
    for row in rows { print(line(row)) }
    flushOutput()
}

/// Prints a progress line to standard error, so that tables on standard output stay clean.
func progress(_ message: String) {
    printError(message)
}

/// Prints part of a progress line to standard error, as soon as it is known.
func progressPiece(_ text: String) {
    flushOutput()
    _ = text.withCString { write(2, $0, strlen($0)) }
}
