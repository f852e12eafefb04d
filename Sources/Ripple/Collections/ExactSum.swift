/// The exact sum of a changing set of doubles, so that an incremental sum never
/// drifts: adding and removing contributions in floating point would accumulate an
/// error that a plain recomputation does not have, growing with every update.
///
/// Every finite double is an integer multiple of 2⁻¹⁰⁷⁴, so the sum is kept as one
/// two's-complement integer in those units, 2,176 bits wide: wide enough for any
/// double, with 64 bits to spare for carries. Adding or removing a value is exact
/// (a few limbs and a carry), and ``rounded`` rounds the exact sum once, to nearest,
/// ties to even. The total is therefore a function of the current values alone, not
/// of the order they came and went in, and it is at least as close to the true sum
/// as a plain left-to-right sum (whose own error bound is (n − 1)·ε·Σ|xᵢ|).
/// Infinities and NaNs are counted apart and win as they would in a plain sum.
@usableFromInline
struct ExactSum {
    static var limbCount: Int { 34 }
    /// Little-endian limbs of the sum in units of 2⁻¹⁰⁷⁴; the top bit of the last limb
    /// is the sign.
    private var limbs = [UInt64](repeating: 0, count: ExactSum.limbCount)
    /// Every limb outside `lowestLimb...highestLimb` has always been zero: rounding
    /// reads only the limbs that prices and counts reach, a few of the 34.
    private var lowestLimb = ExactSum.limbCount
    private var highestLimb = -1
    private var nans = 0
    private var positiveInfinities = 0
    private var negativeInfinities = 0

    @usableFromInline
    init() {}

    @usableFromInline
    mutating func add(_ value: Double) {
        accumulate(value, negate: false)
    }

    @usableFromInline
    mutating func subtract(_ value: Double) {
        accumulate(value, negate: true)
    }

    private mutating func accumulate(_ value: Double, negate: Bool) {
        guard value.isFinite else {
            let step = negate ? -1 : 1
            if value.isNaN {
                nans += step
            } else if value > 0 {
                positiveInfinities += step
            } else {
                negativeInfinities += step
            }
            return
        }
        guard value != 0 else { return }
        // value = significand · 2^(shift − 1074), with an integer significand.
        let bits = value.bitPattern
        let exponentField = Int((bits &>> 52) & 0x7FF)
        let fraction = bits & ((1 &<< 52) &- 1)
        let significand = exponentField == 0 ? fraction : fraction | (1 &<< 52)
        let shift = exponentField == 0 ? 0 : exponentField &- 1
        let limb = shift &>> 6
        let offset = UInt64(shift & 63)
        let low = significand &<< offset
        let high = offset == 0 ? 0 : significand &>> (64 &- offset)
        lowestLimb = Swift.min(lowestLimb, limb)
        let subtracting = (bits &>> 63 == 1) != negate
        // Through the buffer: one uniqueness check for the whole carry, no bounds checks
        // (`limb + 1` and the carry stay below `limbCount`).
        let touched = limbs.withUnsafeMutableBufferPointer { limbs in
            subtracting
                ? Self.subtractMagnitude(low, high, at: limb, from: limbs)
                : Self.addMagnitude(low, high, at: limb, to: limbs)
        }
        highestLimb = Swift.max(highestLimb, touched)
    }

    /// Adds `high · 2⁶⁴ + low` at `limb`; returns the highest limb written.
    private static func addMagnitude(
        _ low: UInt64, _ high: UInt64, at limb: Int, to limbs: UnsafeMutableBufferPointer<UInt64>
    ) -> Int {
        var (sum, carry) = limbs[limb].addingReportingOverflow(low)
        limbs[limb] = sum
        var index = limb &+ 1
        var addend = high
        while index < limbCount, addend != 0 || carry {
            let (partial, overflow1) = limbs[index].addingReportingOverflow(addend)
            (sum, carry) = carry ? partial.addingReportingOverflow(1) : (partial, false)
            carry = carry || overflow1
            limbs[index] = sum
            addend = 0
            index &+= 1
        }
        return index &- 1
    }

    /// Subtracts `high · 2⁶⁴ + low` at `limb`; returns the highest limb written.
    private static func subtractMagnitude(
        _ low: UInt64, _ high: UInt64, at limb: Int, from limbs: UnsafeMutableBufferPointer<UInt64>
    ) -> Int {
        var (difference, borrow) = limbs[limb].subtractingReportingOverflow(low)
        limbs[limb] = difference
        var index = limb &+ 1
        var subtrahend = high
        while index < limbCount, subtrahend != 0 || borrow {
            let (partial, overflow1) = limbs[index].subtractingReportingOverflow(subtrahend)
            (difference, borrow) = borrow ? partial.subtractingReportingOverflow(1) : (partial, false)
            borrow = borrow || overflow1
            limbs[index] = difference
            subtrahend = 0
            index &+= 1
        }
        return index &- 1
    }

    /// The exact sum rounded to the nearest double, ties to even.
    @usableFromInline
    var rounded: Double {
        if nans > 0 || (positiveInfinities > 0 && negativeInfinities > 0) { return .nan }
        if positiveInfinities > 0 { return .infinity }
        if negativeInfinities > 0 { return -.infinity }
        guard highestLimb >= lowestLimb else { return 0 }
        return limbs.withUnsafeBufferPointer { limbs in
            let magnitude = Magnitude(of: limbs, from: lowestLimb)
            var top = highestLimb
            while top >= lowestLimb && magnitude[top] == 0 { top &-= 1 }
            guard top >= lowestLimb else { return 0 }
            let highBit = top &* 64 &+ (63 &- magnitude[top].leadingZeroBitCount)
            let result: Double
            if highBit < 53 {
                // Below 2⁵³ units the value is a double exactly: no rounding.
                result = Double(magnitude[0]) * 0x1p-1074
            } else {
                // The 64 bits from the highest set one, with any set bit below them
                // folded into the lowest (a sticky bit), so that converting rounds once,
                // correctly.
                let start = highBit &- 63
                var window = magnitude.bits(from: start)
                if start > 0, magnitude.hasBits(below: start) { window |= 1 }
                result = Double(sign: .plus, exponent: start &- 1074, significand: Double(window))
            }
            return magnitude.isNegative ? -result : result
        }
    }

    /// The absolute value of the sum, limb by limb, without copying the limbs: a
    /// negative sum's two's complement is negated as it is read.
    private struct Magnitude {
        let limbs: UnsafeBufferPointer<UInt64>
        let lowest: Int
        let isNegative: Bool
        /// A negative sum's lowest nonzero limb: the negation's carry stops there.
        let firstNonzero: Int

        init(of limbs: UnsafeBufferPointer<UInt64>, from lowest: Int) {
            self.limbs = limbs
            self.lowest = lowest
            isNegative = limbs[ExactSum.limbCount &- 1] &>> 63 == 1
            var first = lowest
            if isNegative { while limbs[first] == 0 { first &+= 1 } }
            firstNonzero = first
        }

        subscript(index: Int) -> UInt64 {
            guard isNegative else { return limbs[index] }
            if index < firstNonzero { return 0 }
            return index == firstNonzero ? 0 &- limbs[index] : ~limbs[index]
        }

        /// The 64 bits starting at bit `start`.
        func bits(from start: Int) -> UInt64 {
            let limb = start &>> 6
            let offset = UInt64(start & 63)
            let low = self[limb] &>> offset
            guard offset != 0, limb &+ 1 < ExactSum.limbCount else { return low }
            return low | (self[limb &+ 1] &<< (64 &- offset))
        }

        func hasBits(below position: Int) -> Bool {
            let limb = position &>> 6
            if limb > lowest {
                for index in lowest..<limb where self[index] != 0 { return true }
            }
            let offset = position & 63
            return offset != 0 && self[limb] & ((1 &<< UInt64(offset)) &- 1) != 0
        }
    }
}
