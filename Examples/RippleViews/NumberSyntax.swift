/// How a typed number is read: plain decimal digits, an optional leading minus, and for
/// decimals a point followed by digits. Nothing else: no `+`, no exponent, no `inf` or
/// `nan`, no hexadecimal, no grouping, so that what is accepted is what it looks like.
///
/// Each reader returns nil for anything it does not accept, and for a number outside
/// the range its type can hold; bounding it to what a command allows is the caller's
/// job (``Command/integer(at:_:in:)`` and its siblings name the range in their errors).
///
/// ```swift
/// NumberSyntax.integer("-12")                        // -12
/// NumberSyntax.integer("99999999999999999999")       // nil: too large for an Int
/// NumberSyntax.fixedPoint("9.5", fractionDigits: 2)  // 950
/// NumberSyntax.decimal("1e308")                      // nil: no exponents
/// ```
public enum NumberSyntax {
    /// The longest decimal accepted, in characters: enough for any value a command
    /// bounds, short enough that conversion is exact to the digits shown.
    public static let maximumDecimalLength = 24

    /// A whole number: `12`, `-3`, `007`.
    public static func integer(_ text: some StringProtocol) -> Int? {
        guard let (negative, digits) = signAndDigits(text), !digits.isEmpty,
              digits.allSatisfy(isDigit)
        else { return nil }
        return Int(negative ? "-\(digits)" : String(digits))
    }

    /// A number with at most `fractionDigits` decimals, scaled to a whole number of its
    /// smallest unit: `12.5` with 2 digits is 1250. Nil on overflow.
    public static func fixedPoint(_ text: some StringProtocol, fractionDigits: Int) -> Int? {
        guard let (negative, body) = signAndDigits(text) else { return nil }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].allSatisfy(isDigit)
        else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard parts.count == 1 || !fraction.isEmpty,
              fraction.count <= fractionDigits, fraction.allSatisfy(isDigit),
              let whole = Int(parts[0])
        else { return nil }
        let padded = fraction + String(repeating: "0", count: fractionDigits - fraction.count)
        var scale = 1
        for _ in 0..<fractionDigits {
            let (next, overflow) = scale.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            scale = next
        }
        let (scaled, overflowed) = whole.multipliedReportingOverflow(by: scale)
        let (value, carried) = scaled.addingReportingOverflow(padded.isEmpty ? 0 : Int(padded) ?? 0)
        guard !overflowed, !carried else { return nil }
        return negative ? -value : value
    }

    /// A decimal number: `21.5`, `-3`, `0.25`; always finite.
    public static func decimal(_ text: some StringProtocol) -> Double? {
        guard text.count <= maximumDecimalLength,
              let (_, body) = signAndDigits(text)
        else { return nil }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) })
        else { return nil }
        guard let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }

    /// Splits off one leading minus; nil for an empty text or a lone sign.
    private static func signAndDigits(_ text: some StringProtocol) -> (negative: Bool, body: Substring)? {
        let whole = Substring(text)
        let negative = whole.first == "-"
        let body = negative ? whole.dropFirst() : whole
        return body.isEmpty ? nil : (negative, body)
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isWholeNumber
    }
}
