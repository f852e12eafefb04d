/// An amount in cents, so that totals add up exactly: `$12.50`.
struct Money: Equatable, Comparable, CustomStringConvertible {
    var cents: Int

    init(cents: Int) {
        self.cents = cents
    }

    /// Parses `12.5`, `12.50` or `12`; nil for anything else, or for a negative amount.
    init?(parsing text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
              let whole = Int(parts[0]), whole >= 0, !parts[0].hasPrefix("+")
        else { return nil }
        var cents = whole * 100
        if parts.count == 2 {
            let fraction = parts[1]
            guard (1...2).contains(fraction.count), fraction.allSatisfy(\.isASCII),
                  let value = Int(fraction), value >= 0
            else { return nil }
            cents += fraction.count == 1 ? value * 10 : value
        }
        self.cents = cents
    }

    static let zero = Money(cents: 0)

    static func + (lhs: Money, rhs: Money) -> Money {
        Money(cents: lhs.cents + rhs.cents)
    }

    static func * (lhs: Money, rhs: Int) -> Money {
        Money(cents: lhs.cents * rhs)
    }

    static func < (lhs: Money, rhs: Money) -> Bool {
        lhs.cents < rhs.cents
    }

    /// The amount less `percent` percent, rounded to the nearest cent.
    func discounted(byPercent percent: Int) -> Money {
        Money(cents: (cents * (100 - percent) + 50) / 100)
    }

    /// The amount plus `percent` percent, rounded to the nearest cent.
    func addingTax(percent: Int) -> Money {
        Money(cents: (cents * (100 + percent) + 50) / 100)
    }

    var description: String {
        let fraction = cents % 100
        return "$\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
