import RippleViews

/// Writes command lines for a program from its ``CommandSpec`` usages: the right words
/// in the right places, filled with plausible and hostile values (huge, negative and
/// non-finite numbers, empty and overlong text, unterminated quotes, control
/// characters), and now and then a line of junk.
struct CommandFuzzer {
    private var random: SplitMix64
    private let commands: [[Slot]]

    init(commands: [CommandSpec], seed: UInt64) {
        random = SplitMix64(seed: seed)
        self.commands = commands.map { Self.slots(of: $0.usage) }
    }

    /// A non-blank line that does not end the program.
    mutating func line() -> String {
        while true {
            let line = random.chance(1, in: 10) ? junk() : command()
            let first = line.split(whereSeparator: \.isWhitespace).first?.lowercased()
            if let first, first != "quit", first != "exit" { return line }
        }
    }

    /// What a usage is made of: `rename <book> "<title>"`, `burst <t>/<h> ...`.
    enum Slot {
        case word(String)
        case choice([String])
        case value
        case text
        case pair
        indirect case optional(Slot)
        indirect case repeated(Slot)
    }

    static func slots(of usage: String) -> [Slot] {
        var slots: [Slot] = []
        for token in usage.split(separator: " ") {
            var token = Substring(token)
            if token == "...", let last = slots.popLast() {
                slots.append(.repeated(last))
                continue
            }
            let optional = token.hasPrefix("[") && token.hasSuffix("]")
            if optional { token = token.dropFirst().dropLast() }
            let slot: Slot
            if token.hasPrefix("\"") {
                slot = .text
            } else if token.contains("/") {
                slot = .pair
            } else if token.contains("|") {
                slot = .choice(token.trimmingCharacters("<>").split(separator: "|").map(String.init))
            } else if token.hasPrefix("<") {
                slot = .value
            } else {
                slot = .word(String(token))
            }
            slots.append(optional ? .optional(slot) : slot)
        }
        return slots
    }

    private mutating func command() -> String {
        let slots = commands[random.below(commands.count)]
        var words: [String] = []
        for (index, slot) in slots.enumerated() {
            // Now and then a word too few or too many.
            if index > 0, random.chance(1, in: 25) { continue }
            words += fill(slot)
        }
        if random.chance(1, in: 25) { words.append(number()) }
        return words.joined(separator: random.chance(1, in: 20) ? "\t" : " ")
    }

    private mutating func fill(_ slot: Slot) -> [String] {
        switch slot {
        case .word(let word):
            return [random.chance(1, in: 10) ? word.uppercased() : word]
        case .choice(let names):
            return [random.chance(3, in: 4) ? pick(names) : pick(Self.texts)]
        case .value:
            return [number()]
        case .text:
            return [quote(pick(Self.texts))]
        case .pair:
            return [random.chance(1, in: 8) ? number() : "\(number())/\(number())"]
        case .optional(let inner):
            return random.chance(1, in: 2) ? fill(inner) : []
        case .repeated(let inner):
            return (0..<random.below(6)).flatMap { _ in fill(inner) }
        }
    }

    /// Text as a user might type it: in double or single quotes, bare, or left open.
    private mutating func quote(_ text: String) -> String {
        switch random.below(8) {
        case 0: return text
        case 1: return "'" + text + "'"
        case 2: return "\"" + text
        default: return "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        }
    }

    private mutating func junk() -> String {
        let count = random.below(30) + 1
        return String((0..<count).map { _ in pick(Self.junkCharacters) })
    }

    private mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[random.below(elements.count)]
    }

    /// Half plausible values, half the edges of ranges and types, so that sums near a
    /// limit come up within a few thousand lines.
    private mutating func number() -> String {
        random.chance(1, in: 2) ? pick(Self.plausibleNumbers) : pick(Self.numbers)
    }

    static let plausibleNumbers = ["1", "2", "3", "4", "5", "0", "7", "22.5", "9.50", "0.05", "100", "21/40"]

    static let numbers = [
        "1", "2", "3", "-1", "-41", "125", "257", "-40", "999", "1000", "10000", "10000.00", "999999", "1000000",
        "9223372036854775807", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
        "99999999999999999", "4611686018427387904",
        "92233720368547758.07", "1000000000000000", "1200000000000000",
        "1e18", "1e308", "-1e308", "1e-320", "inf", "-inf", "infinity", "nan", "NaN", "0x10", "0x1p3",
        "1.+5", "-0.5", "+5", "1_000", "١٢", "", "1.", ".5", "--1", "-", ".", "1/2",
        String(repeating: "9", count: 400), String(repeating: "1", count: 30) + ".5",
    ]

    static let texts = [
        "Dune", "Kindred", "Cellar", "SAVE20", "Ender's Game", "the", "a b c", "", " ", "\t",
        "open \"quote", "back\\slash", "\u{1B}[2J", "bell\u{7}", "nul\u{0}", "del\u{7F}", "vertical\u{B}tab",
        "📚 books", "\u{202E}reversed", "e\u{301}", String(repeating: "x", count: 101),
        String(repeating: "long ", count: 300),
    ]

    static let junkCharacters: [Character] = [
        "a", "z", "1", "9", " ", " ", "\t", "\"", "\"", "'", "\\", "/", ".", "-", "+", "e",
        "\u{0}", "\u{1B}", "\r", "\u{7F}", "é", "📚", "\u{202E}", "|", "<", ">",
    ]
}

/// SplitMix64: a small generator whose runs a printed seed reproduces.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    mutating func chance(_ count: Int, in total: Int) -> Bool {
        below(total) < count
    }
}

extension Substring {
    fileprivate func trimmingCharacters(_ characters: String) -> Substring {
        var result = self
        while let first = result.first, characters.contains(first) { result.removeFirst() }
        while let last = result.last, characters.contains(last) { result.removeLast() }
        return result
    }
}
