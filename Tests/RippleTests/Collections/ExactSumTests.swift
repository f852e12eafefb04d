import Testing
@testable import Ripple

/// Incremental sums of doubles do not drift: the total is the exact sum of the current
/// values rounded once, whatever order they came and went in.
@Suite struct ExactSumTests {
    @Test func `adding and removing returns exactly to the sum of what remains`() {
        var sum = ExactSum()
        sum.add(0.1)
        sum.add(0.2)
        sum.add(1e300)
        sum.subtract(1e300)
        sum.add(-0.3)
        sum.subtract(-0.3)
        #expect(sum.rounded == 0.1 + 0.2)
        sum.subtract(0.1)
        sum.subtract(0.2)
        #expect(sum.rounded == 0)
    }

    @Test func `the total is the correctly rounded exact sum`() {
        // 2^53 + 1 is not a double; with 1 more it is exactly 2^53 + 2.
        var sum = ExactSum()
        sum.add(0x1p53)
        sum.add(1)
        sum.add(1)
        #expect(sum.rounded == 0x1p53 + 2)
        // A plain sum loses the small terms here; the exact one does not.
        var big = ExactSum()
        big.add(1e16)
        for _ in 0..<10 { big.add(1) }
        #expect(big.rounded == 1e16 + 10)
        // Ties round to even.
        var tie = ExactSum()
        tie.add(0x1p53)
        tie.add(1)
        #expect(tie.rounded == 0x1p53)
    }

    @Test func `subnormal, huge, signed and special values`() {
        var sum = ExactSum()
        sum.add(.leastNonzeroMagnitude)
        sum.add(.leastNonzeroMagnitude)
        #expect(sum.rounded == 2 * .leastNonzeroMagnitude)
        sum.add(-.greatestFiniteMagnitude)
        #expect(sum.rounded == -.greatestFiniteMagnitude)
        sum.add(-.greatestFiniteMagnitude)
        #expect(sum.rounded == -.infinity, "the exact sum is beyond Double's range")
        var special = ExactSum()
        special.add(.infinity)
        #expect(special.rounded == .infinity)
        special.add(-.infinity)
        #expect(special.rounded.isNaN)
        special.subtract(.infinity)
        #expect(special.rounded == -.infinity)
        special.add(.nan)
        #expect(special.rounded.isNaN)
        special.subtract(.nan)
        special.subtract(-.infinity)
        #expect(special.rounded == 0)
    }

    @Test func `a million random updates of an incremental sum stay within rounding of the plain sum`() {
        var random = SeededRandom(seed: 7)
        let prices = Signal(IncrementalArray((0..<1_000).map { _ in Double(Int.random(in: 1...100_000, using: &random)) / 100 }))
        let total = prices.sum { $0 }
        _ = total.value
        var naive = prices.value.reduce(0, +)
        for step in 0..<1_000_000 {
            let index = Int.random(in: 0..<1_000, using: &random)
            let old = prices.value[index]
            let new = Double(Int.random(in: 1...100_000, using: &random)) / 100 * (step % 3 == 0 ? 1e-3 : 1)
            prices.update { $0[index] = new }
            naive += new - old   // what a fold with + and - would hold
            if step % 100_000 == 0 { _ = total.value }
        }
        let values = Array(prices.value)
        let plain = values.reduce(0, +)
        let bound = Double(values.count) * Double.ulpOfOne * values.reduce(0) { $0 + abs($1) }
        #expect(total.value == exactSum(values), "history-independent: the exact sum of what is there now")
        #expect(abs(total.value - plain) <= bound, "within the plain sum's own error bound")
        #expect(abs(naive - plain) > abs(total.value - plain), "where adding and subtracting in Double drifted")
    }

    @Test func `random histories match an independent correctly rounded sum`() {
        var random = SeededRandom(seed: 42)
        // Values across the exponent range (no overflow in the oracle's partial sums),
        // both signs, subnormals, and exact cancellations.
        func value() -> Double {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: return Double(sign: Bool.random(using: &random) ? .minus : .plus,
                                  exponent: Int.random(in: -1074 ... -1022, using: &random), significand: 1)
            case 1: return Double(Int.random(in: -100_000...100_000, using: &random)) / 100
            case 2: return Double(sign: Bool.random(using: &random) ? .minus : .plus,
                                  exponent: Int.random(in: -60...60, using: &random),
                                  significand: Double.random(in: 1..<2, using: &random))
            default: return Double(sign: Bool.random(using: &random) ? .minus : .plus,
                                   exponent: Int.random(in: -900...900, using: &random),
                                   significand: Double.random(in: 1..<2, using: &random))
            }
        }
        for _ in 0..<200 {
            var sum = ExactSum()
            var present: [Double] = []
            for _ in 0..<Int.random(in: 1...60, using: &random) {
                if !present.isEmpty && Int.random(in: 0..<3, using: &random) == 0 {
                    sum.subtract(present.remove(at: Int.random(in: 0..<present.count, using: &random)))
                } else {
                    let new = value()
                    present.append(new)
                    sum.add(new)
                }
                let expected = Self.correctlyRoundedSum(present)
                #expect(sum.rounded == expected, "\(present)")
                if sum.rounded != expected { return }
            }
        }
    }

    /// The sum of `values` rounded once, by Shewchuk's exact partials (the algorithm
    /// of Python's `math.fsum`): an oracle that shares no code with `ExactSum`.
    static func correctlyRoundedSum(_ values: [Double]) -> Double {
        var partials: [Double] = []
        for value in values {
            var x = value
            var kept = 0
            for index in partials.indices {
                var y = partials[index]
                if abs(x) < abs(y) { swap(&x, &y) }
                let high = x + y
                let low = y - (high - x)
                if low != 0 {
                    partials[kept] = low
                    kept += 1
                }
                x = high
            }
            partials.removeSubrange(kept...)
            partials.append(x)
        }
        var count = partials.count
        guard count > 0 else { return 0 }
        count -= 1
        var high = partials[count]
        var low = 0.0
        while count > 0 {
            let x = high
            count -= 1
            let y = partials[count]
            high = x + y
            low = y - (high - x)
            if low != 0 { break }
        }
        // Round half to even across the partials below: a tie at `high` is broken by
        // the sign of what lies beneath it.
        if count > 0 && ((low < 0 && partials[count - 1] < 0) || (low > 0 && partials[count - 1] > 0)) {
            let y = low * 2
            let x = high + y
            if y == x - high { high = x }
        }
        return high
    }
}
