/// Typed arguments. Each reader parses with ``NumberSyntax`` and checks the bounds the
/// command allows before any arithmetic; `what` names the value in its error, as in
/// `the quantity must be a whole number from 1 to 999, got '0'`.
extension Command {
    /// The argument at `index`, as a whole number within `range`.
    public func integer(at index: Int, _ what: String, in range: ClosedRange<Int>) throws(CommandError) -> Int {
        let word = try string(at: index)
        guard let value = NumberSyntax.integer(word), range.contains(value) else {
            throw .malformed("\(what) must be a whole number \(Self.describe(range)), got \(Self.quoted(word))")
        }
        return value
    }

    /// The argument at `index`, as the number of an item (`2` in `open 2`): a whole
    /// number of at least 1. No arithmetic is done on it; it is looked up.
    public func number(at index: Int, of item: String) throws(CommandError) -> Int {
        let word = try string(at: index)
        guard let value = NumberSyntax.integer(word), value >= 1 else {
            throw .malformed("expected \(item) number such as 2, got \(Self.quoted(word))")
        }
        return value
    }

    /// The argument at `index`, as an amount with at most `fractionDigits` decimals,
    /// counted in its smallest unit (cents, for 2 digits), within `range` of that unit.
    public func fixedPoint(
        at index: Int, _ what: String, fractionDigits: Int, in range: ClosedRange<Int>
    ) throws(CommandError) -> Int {
        let word = try string(at: index)
        guard let value = NumberSyntax.fixedPoint(word, fractionDigits: fractionDigits), range.contains(value) else {
            let low = NumberSyntax.format(fixedPoint: range.lowerBound, fractionDigits: fractionDigits)
            let high = NumberSyntax.format(fixedPoint: range.upperBound, fractionDigits: fractionDigits)
            throw .malformed(
                "\(what) must be from \(low) to \(high) with at most \(fractionDigits) decimals, got \(Self.quoted(word))"
            )
        }
        return value
    }

    /// The argument at `index`, as a decimal number within `range`; `unit` follows the
    /// range in the error (`from -50 to 150 °C`).
    public func decimal(
        at index: Int, _ what: String, in range: ClosedRange<Double>, unit: String = ""
    ) throws(CommandError) -> Double {
        let word = try string(at: index)
        guard let value = NumberSyntax.decimal(word), range.contains(value) else {
            throw .malformed("\(what) must be a number \(NumberSyntax.describe(range, unit: unit)), got \(Self.quoted(word))")
        }
        return value
    }

    /// The argument at `index`, as a name or a title: not blank, and at most
    /// ``maximumTextLength`` characters.
    public func text(at index: Int, _ what: String) throws(CommandError) -> String {
        let text = try string(at: index)
        guard !text.allSatisfy(\.isWhitespace) else {
            throw .malformed("\(what) is empty")
        }
        guard text.count <= Self.maximumTextLength else {
            throw .malformed("\(what) is longer than \(Self.maximumTextLength) characters")
        }
        return text
    }

    /// `from 1 to 999`, or `of at least 1` for a range without a useful top.
    static func describe(_ range: ClosedRange<Int>) -> String {
        range.upperBound == .max ? "of at least \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
    }
}

extension NumberSyntax {
    /// `12.50` for 1250 with 2 digits; `-0.05` for -5.
    public static func format(fixedPoint value: Int, fractionDigits: Int) -> String {
        guard fractionDigits > 0 else { return "\(value)" }
        let digits = String(value.magnitude)
        let padded = String(repeating: "0", count: max(0, fractionDigits + 1 - digits.count)) + digits
        let sign = value < 0 ? "-" : ""
        return sign + padded.dropLast(fractionDigits) + "." + padded.suffix(fractionDigits)
    }

    /// `from -58 to 302 °F`: whole bounds without a decimal point.
    public static func describe(_ range: ClosedRange<Double>, unit: String = "") -> String {
        let suffix = unit.isEmpty ? "" : unit == "%" ? unit : " " + unit
        return "from \(format(range.lowerBound)) to \(format(range.upperBound))\(suffix)"
    }

    /// `-58`, `21.5`: a bound as a user would type it.
    static func format(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 {
            return "\(Int(value))"
        }
        return "\(value)"
    }
}
