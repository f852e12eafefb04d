import RippleViews
import Testing

@Suite struct CommandTests {
    @Test func `quotes group words and the name is case-insensitive`() throws {
        let command = try #require(try Command(parsing: #"  Rename 2 "The Dispossessed"  "#))
        #expect(command.name == "rename")
        #expect(command.arguments == ["2", "The Dispossessed"])
        #expect(command.description == #"Rename 2 "The Dispossessed""#)
        #expect(try command.number(at: 0, of: "a book") == 2)
    }

    @Test func `single quotes group words as double quotes do`() throws {
        let command = try #require(try Command(parsing: #"add 'Ender"s Game' by 'Orson Scott Card'"#))
        #expect(command.arguments == [#"Ender"s Game"#, "by", "Orson Scott Card"])
    }

    @Test func `a quote inside a word is an ordinary character`() throws {
        let command = try #require(try Command(parsing: #"search don't 5"11"#))
        #expect(command.arguments == ["don't", #"5"11"#])
    }

    @Test func `an escaped quote stays inside its argument, and empty quotes make an argument`() throws {
        let command = try #require(try Command(parsing: #"say "a \"b\"" "" '\\'"#))
        #expect(command.arguments == [#"a "b""#, "", #"\"#])
    }

    @Test func `a blank line is no command`() throws {
        #expect(try Command(parsing: "   ") == nil)
        #expect(try Command(parsing: "") == nil)
    }

    @Test func `a missing closing double quote is malformed and shows the quoting`() {
        #expect(throws: CommandError.malformed(#"missing closing quote ("); quote text as in "The Dispossessed""#)) {
            try Command(parsing: #"rename 1 "Dune"#)
        }
    }

    @Test func `a missing closing single quote says to use double quotes for an apostrophe`() {
        #expect(throws: CommandError.malformed(#"missing closing quote ('); for an apostrophe, use double quotes, as in "Ender's Game""#)) {
            try Command(parsing: "rename 1 'Ender")
        }
        #expect(throws: CommandError.malformed(#"a closing quote must end its word; to put a quote inside text, use the other kind, as in "Ender's Game""#)) {
            try Command(parsing: "rename 1 'Ender's Game'")
        }
    }

    @Test func `text right after a closing quote is refused`() {
        #expect(throws: CommandError.self) { try Command(parsing: #"add "Mug"s 9.50"#) }
    }

    @Test(arguments: ["\u{1B}[2J", "\u{0}", "a\u{7F}b", "\u{85}", "x\u{8}y"])
    func `a control character refuses the whole line, named by code point`(text: String) throws {
        let scalar = try #require(text.unicodeScalars.first { $0.properties.generalCategory == .control })
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let name = "U+" + String(repeating: "0", count: 4 - hex.count) + hex
        #expect(throws: CommandError.malformed("the line contains a control character (\(name)); type plain text")) {
            try Command(parsing: #"add "\#(text)" 1"#)
        }
    }

    @Test func `a tab and a Windows line end are spacing`() throws {
        let command = try #require(try Command(parsing: "qty\t1\t3\r"))
        #expect(command.name == "qty")
        #expect(command.arguments == ["1", "3"])
    }

    @Test func `an overlong line is refused rather than cut`() {
        let line = "add " + String(repeating: "x", count: Command.maximumLineLength)
        #expect(throws: CommandError.malformed("the line is longer than \(Command.maximumLineLength) characters")) {
            try Command(parsing: line)
        }
    }

    @Test func `wrong arguments say what was expected`() throws {
        let command = try #require(try Command(parsing: "qty two"))
        #expect(throws: CommandError.malformed("expected an item number such as 2, got 'two'")) {
            try command.number(at: 0, of: "an item")
        }
        #expect(throws: CommandError.malformed("expected 2 arguments, got 1")) {
            try command.expectArguments(2)
        }
        #expect(throws: CommandError.malformed("missing argument 2")) {
            try command.string(at: 1)
        }
    }

    // MARK: Numbers

    @Test(arguments: ["0", "1000", "99999999999999999", "9223372036854775807", "-9223372036854775808",
                      "99999999999999999999999", "+5", "-1", "1.5", "1e3", "0x10", "1_000", "١٢", "", " 5", "5 ", "--5"])
    func `a whole number outside its range or not plainly written is refused, naming the range`(word: String) throws {
        let command = Command(name: "qty", word)
        #expect(throws: CommandError.malformed("the quantity must be a whole number from 1 to 999, got \(Command.quoted(word))")) {
            try command.integer(at: 0, "the quantity", in: 1...999)
        }
    }

    @Test(arguments: [("1", 1), ("999", 999), ("007", 7)])
    func `a whole number within its range is read`(word: String, value: Int) throws {
        #expect(try Command(name: "qty", word).integer(at: 0, "the quantity", in: 1...999) == value)
    }

    @Test(arguments: ["1e18", "1e308", "inf", "-inf", "infinity", "nan", "1.", ".5", "1.+5", "0x1p3", "1_0",
                      "200", "-41", "--3", "", String(repeating: "1", count: 30)])
    func `a decimal outside its range or not plainly written is refused, naming the range and unit`(word: String) throws {
        let command = Command(name: "threshold", word)
        #expect(throws: CommandError.malformed("the threshold must be a number from -40 to 125 °C, got \(Command.quoted(word))")) {
            try command.decimal(at: 0, "the threshold", in: -40...125, unit: "°C")
        }
    }

    @Test(arguments: [("21.5", 21.5), ("-40", -40), ("125.0", 125), ("007.25", 7.25)])
    func `a decimal within its range is read`(word: String, value: Double) throws {
        #expect(try Command(name: "threshold", word).decimal(at: 0, "the threshold", in: -40...125) == value)
    }

    @Test(arguments: ["-0.5", "1.+5", "1.234", "1.", "92233720368547758.07", "10000.01", "+2", "1e2", "0.-5"])
    func `an amount outside its range or with too many decimals is refused, naming the range`(word: String) throws {
        let command = Command(name: "add", word)
        #expect(throws: CommandError.malformed("the price must be from 0.00 to 10000.00 with at most 2 decimals, got \(Command.quoted(word))")) {
            try command.fixedPoint(at: 0, "the price", fractionDigits: 2, in: 0...1_000_000)
        }
    }

    @Test(arguments: [("9.5", 950), ("9.50", 950), ("0.05", 5), ("10000", 1_000_000), ("0", 0)])
    func `an amount is read in its smallest unit`(word: String, cents: Int) throws {
        #expect(try Command(name: "add", word).fixedPoint(at: 0, "the price", fractionDigits: 2, in: 0...1_000_000) == cents)
    }

    @Test func `fixed-point amounts print with their decimals`() {
        #expect(NumberSyntax.format(fixedPoint: 1250, fractionDigits: 2) == "12.50")
        #expect(NumberSyntax.format(fixedPoint: -5, fractionDigits: 2) == "-0.05")
        #expect(NumberSyntax.format(fixedPoint: 7, fractionDigits: 0) == "7")
        #expect(NumberSyntax.describe(-40...257, unit: "°F") == "from -40 to 257 °F")
        #expect(NumberSyntax.describe(0...100, unit: "%") == "from 0 to 100%")
        #expect(NumberSyntax.describe(0.5...1.25) == "from 0.5 to 1.25")
    }

    // MARK: Text

    @Test(arguments: ["", " ", "  \t "])
    func `a blank name is refused`(text: String) {
        #expect(throws: CommandError.malformed("the name is empty")) {
            try Command(name: "name", text).text(at: 0, "the name")
        }
    }

    @Test func `an overlong name is refused`() {
        let text = String(repeating: "n", count: Command.maximumTextLength + 1)
        #expect(throws: CommandError.malformed("the name is longer than \(Command.maximumTextLength) characters")) {
            try Command(name: "name", text).text(at: 0, "the name")
        }
        #expect((try? Command(name: "name", String(text.dropFirst())).text(at: 0, "the name"))?.count == Command.maximumTextLength)
    }

    @Test func `an error shows a long or hostile word cut short and spelled out`() {
        #expect(Command.quoted(String(repeating: "9", count: 50)) == "'" + String(repeating: "9", count: 40) + "...'")
        #expect(Command.quoted("a\u{1B}b") == "'a<U+001B>b'")
    }
}

extension Command {
    /// A command whose one argument is `word`, exactly as given: no quoting to get wrong.
    init(name: String, _ word: String) {
        let quoted = "\"" + word.replacingOccurrences("\\", with: "\\\\").replacingOccurrences("\"", with: "\\\"") + "\""
        self = try! Command(parsing: name + " " + quoted)!
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
