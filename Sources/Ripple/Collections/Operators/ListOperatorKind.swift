/// One kind of list operator, ready to be made over any source: the one place that
/// pairs each operator with its logic, for `@Derived`'s declarations and for the
/// methods of `Signal` and `Computed` alike.
@usableFromInline
struct ListOperatorKind<Element, Result, Output> {
    /// Makes the node of an operator of this kind over `source`; `capturesEnvironment`
    /// for a standalone operator, whose closures run in its creator's environment.
    @usableFromInline let makeNode: (
        _ source: @escaping () -> IncrementalArray<Element>, _ function: ElementFunction<Element, Result>,
        _ capturesEnvironment: Bool
    ) -> Computed<Output>

    @inlinable
    init<Logic: ListLogic>(_ logic: @escaping @autoclosure () -> Logic)
    where Logic.Element == Element, Logic.Result == Result, Logic.Output == Output {
        makeNode = { source, function, capturesEnvironment in
            let op = ListOperator(logic(), source: source, function: function, capturesEnvironment: capturesEnvironment)
            return op.makeNode()
        }
    }

    @inlinable
    init(
        makeNode: @escaping (
            @escaping () -> IncrementalArray<Element>, ElementFunction<Element, Result>, Bool
        ) -> Computed<Output>
    ) {
        self.makeNode = makeNode
    }
}

extension ListOperatorKind where Result == Bool, Output == IncrementalArray<Element> {
    @inlinable static var filter: Self { Self(FilterLogic()) }
}

extension ListOperatorKind where Result == Bool, Output == Int {
    @inlinable static var count: Self { Self(FoldLogic(rule: .count)) }
}

extension ListOperatorKind where Result == Bool, Output == Element? {
    @inlinable static var first: Self { Self(FirstLogic()) }
}

extension ListOperatorKind where Output == IncrementalArray<Result> {
    @inlinable static var map: Self { Self(MapLogic()) }
}

extension ListOperatorKind {
    @inlinable
    static func compactMap<Mapped>() -> Self where Result == Mapped?, Output == IncrementalArray<Mapped> {
        Self(CompactMapLogic())
    }
}

extension ListOperatorKind where Result: Comparable & Hashable, Output == ListSections<Result, Element> {
    @inlinable static var grouped: Self { Self(GroupedLogic()) }
}

extension ListOperatorKind where Result: Hashable, Output == KeyedIndex<Result, Element> {
    @inlinable static var keyed: Self { Self(KeyedLogic()) }
}

extension ListOperatorKind where Result: Comparable, Output == IncrementalArray<Element> {
    @inlinable
    static func sorted(_ order: ListOrder) -> Self { Self(SortedLogic(order: order)) }
}

extension ListOperatorKind where Result: Comparable, Output == Result? {
    @inlinable
    static func extremum(maximum: Bool) -> Self { Self(ExtremumLogic(maximum: maximum)) }
}

extension ListOperatorKind where Result: AdditiveArithmetic, Output == Result {
    /// A sum: exact for `Double` and `Int`, with the type's own `+` and `-` otherwise.
    @inlinable
    static var sum: Self {
        if Result.self == Double.self {
            return Self { source, function, capturesEnvironment in
                let node = ListOperator(
                    FoldLogic<Element, Double, ExactSum, Double>(rule: .exactSum), source: source,
                    function: unsafeBitCast(function, to: ElementFunction<Element, Double>.self),
                    capturesEnvironment: capturesEnvironment
                ).makeNode()
                return unsafeDowncast(node, to: Computed<Result>.self)
            }
        }
        if Result.self == Int.self {
            return Self { source, function, capturesEnvironment in
                let node = ListOperator(
                    FoldLogic<Element, Int, Int128, Int>(rule: .integerSum), source: source,
                    function: unsafeBitCast(function, to: ElementFunction<Element, Int>.self),
                    capturesEnvironment: capturesEnvironment
                ).makeNode()
                return unsafeDowncast(node, to: Computed<Result>.self)
            }
        }
        return Self(FoldLogic(rule: .additive(equal: defaultEquality())))
    }
}

extension ListOperatorKind {
    /// A fold with the caller's own steps.
    @inlinable
    static func fold(
        into initial: Output, add: @escaping (Output, Result) -> Output, remove: @escaping (Output, Result) -> Output
    ) -> Self {
        Self(FoldLogic(rule: .custom(initial: initial, add: add, remove: remove, equal: defaultEquality())))
    }
}
