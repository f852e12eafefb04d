/// An amount in cents, so that totals add up exactly: `$12.50`.
struct Money: Equatable, Comparable, CustomStringConvertible {
    var cents: Int

    init(cents: Int) {
        self.cents = cents
    }

    /// The most a price can be, and the most a cart can total: every sum, discount and
    /// tax of amounts within these stays far inside `Int`, so the operators below
    /// cannot overflow on what the app lets in.
    static let maximumPrice = Money(cents: 1_000_000)
    static let maximumTotal = Money(cents: 100_000_000)

    /// The sum of each price times its quantity; nil if it would not fit in an `Int`.
    static func checkedTotal(_ lines: some Sequence<(price: Money, quantity: Int)>) -> Money? {
        var total = 0
        for line in lines {
            let (amount, overflowed) = line.price.cents.multipliedReportingOverflow(by: line.quantity)
            let (sum, carried) = total.addingReportingOverflow(amount)
            guard !overflowed, !carried else { return nil }
            total = sum
        }
        return Money(cents: total)
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
