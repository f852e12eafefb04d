/// How a fold combines contributions: a running state, changed by adding and
/// removing one contribution at a time, and the total read from it.
@usableFromInline
struct FoldRule<Contribution, State, Total> {
    @usableFromInline let initial: State
    @usableFromInline let add: (inout State, Contribution) -> Void
    @usableFromInline let remove: (inout State, Contribution) -> Void
    @usableFromInline let total: (State) -> Total
    @usableFromInline let equal: (Total, Total) -> Bool

    @inlinable
    init(
        initial: State, add: @escaping (inout State, Contribution) -> Void,
        remove: @escaping (inout State, Contribution) -> Void, total: @escaping (State) -> Total,
        equal: @escaping (Total, Total) -> Bool
    ) {
        self.initial = initial
        self.add = add
        self.remove = remove
        self.total = total
        self.equal = equal
    }
}

extension FoldRule where Contribution == Bool, State == Int, Total == Int {
    /// Counts the elements whose contribution is true.
    @inlinable
    static var count: FoldRule {
        FoldRule(
            initial: 0,
            add: { count, included in if included { count &+= 1 } },
            remove: { count, included in if included { count &-= 1 } },
            total: { $0 },
            equal: ==
        )
    }
}

extension FoldRule where Contribution == Int, State == Int128, Total == Int {
    /// Sums integers in 128 bits, so that additions and removals in any order land on
    /// the exact total; a total outside `Int` is a fatal error, as `+` would be.
    @inlinable
    static var integerSum: FoldRule {
        FoldRule(
            initial: 0,
            add: { sum, value in sum &+= Int128(value) },
            remove: { sum, value in sum &-= Int128(value) },
            total: { sum in
                guard let total = Int(exactly: sum) else { Graph.sumOverflows(sum) }
                return total
            },
            equal: ==
        )
    }
}

extension FoldRule where Contribution == Double, State == ExactSum, Total == Double {
    /// Sums doubles exactly (see ``ExactSum``): the total is the exact sum of the current
    /// elements, rounded once, whatever order they came and went in.
    @inlinable
    static var exactSum: FoldRule {
        FoldRule(
            initial: ExactSum(),
            add: { sum, value in sum.add(value) },
            remove: { sum, value in sum.subtract(value) },
            total: { $0.rounded },
            equal: { $0 == $1 || ($0.isNaN && $1.isNaN) }
        )
    }
}

extension FoldRule where Contribution: AdditiveArithmetic, State == Contribution, Total == Contribution {
    /// Sums with the type's own `+` and `-`.
    @inlinable
    static func additive(equal: @escaping (Contribution, Contribution) -> Bool) -> FoldRule {
        FoldRule(initial: .zero, add: { $0 += $1 }, remove: { $0 -= $1 }, total: { $0 }, equal: equal)
    }
}

extension FoldRule where State == Total {
    /// A fold with the caller's own steps.
    @inlinable
    static func custom(
        initial: Total, add: @escaping (Total, Contribution) -> Total, remove: @escaping (Total, Contribution) -> Total,
        equal: @escaping (Total, Total) -> Bool
    ) -> FoldRule {
        FoldRule(
            initial: initial, add: { $0 = add($0, $1) }, remove: { $0 = remove($0, $1) }, total: { $0 }, equal: equal
        )
    }
}

extension Graph {
    @usableFromInline
    static func sumOverflows(_ sum: Int128) -> Never {
        fatalError("""
            Ripple: an incremental sum of Int is \(sum), which does not fit in Int. Sum \
            smaller values, or sum Double values instead.
            """)
    }
}
