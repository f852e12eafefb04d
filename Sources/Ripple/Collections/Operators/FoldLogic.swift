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

/// Folds what the closure derives from each element (a count's `Bool`, a sum's
/// addend) into one total, adding and removing contributions as elements come, go and
/// change: O(1) work per changed element, plus O(log n) to find it.
///
/// It keeps each element's contribution, so that a changed or removed element's old
/// one is subtracted without calling the closure again: in source order for a list of
/// values (positions come with the changes), by slot for objects (a tracker names its
/// slot).
@usableFromInline
struct FoldLogic<Element, Contribution, State, Total>: ListLogic {
    @usableFromInline typealias Result = Contribution
    @usableFromInline typealias Output = Total

    @usableFromInline let rule: FoldRule<Contribution, State, Total>
    @usableFromInline var state: State
    @usableFromInline var contributions = PersistentTree<Contribution, NoMarking<Contribution>>()
    @usableFromInline var table = SlotTable(labelled: false)
    @usableFromInline var slotContributions: ContiguousArray<Contribution?> = []

    @inlinable
    init(rule: FoldRule<Contribution, State, Total>) {
        self.rule = rule
        self.state = rule.initial
    }

    @inlinable
    mutating func rebuild(
        _ list: IncrementalArray<Element>, previous: Total?, onlyQueryChanged: Bool, by op: ListOperator<Self>
    ) -> (output: Total, changed: Bool) {
        state = rule.initial
        if op.tracksElements {
            op.prepareSlots(forFullPass: list.count)
            table.reset(count: list.count)
            slotContributions = ContiguousArray(repeating: nil, count: table.capacity)
            op.evaluateAll(list) { _, firstSlot, results in
                var slot = Int(firstSlot)
                for contribution in results {
                    rule.add(&state, contribution)
                    slotContributions[slot] = contribution
                    slot &+= 1
                }
            }
        } else {
            var all: [Contribution] = []
            all.reserveCapacity(list.count)
            op.evaluateAll(list) { _, _, results in
                for contribution in results { rule.add(&state, contribution) }
                all.append(contentsOf: results)
            }
            contributions = PersistentTree(all)
        }
        let total = rule.total(state)
        guard let previous else { return (total, true) }
        if rule.equal(previous, total) { return (previous, false) }
        return (total, true)
    }

    @inlinable
    mutating func follow(
        _ changes: [ListChange<Element>], fired: [UInt32], list: IncrementalArray<Element>,
        output: inout Total, by op: ListOperator<Self>
    ) -> Bool {
        for change in changes {
            switch change {
            case .insert(let position, let element):
                let contribution: Contribution
                if op.tracksElements {
                    let slot = insertSlot(at: position)
                    op.attach(element, to: slot)
                    contribution = op.evaluate(element, slot: slot)
                    slotContributions[Int(slot)] = contribution
                } else {
                    contribution = op.evaluate(element, slot: 0)
                    contributions.insert(contribution, at: position)
                }
                rule.add(&state, contribution)
            case .remove(let position):
                if op.tracksElements {
                    let slot = table.remove(at: position).slot
                    rule.remove(&state, slotContributions[Int(slot)]!)
                    slotContributions[Int(slot)] = nil
                    op.detach(slot: slot)
                } else {
                    rule.remove(&state, contributions.remove(at: position))
                }
            case .replace(let position, let element):
                if op.tracksElements {
                    let slot = table.slot(at: position)
                    op.attach(element, to: slot)
                    reevaluate(slot: slot, element, by: op)
                } else {
                    let contribution = op.evaluate(element, slot: 0)
                    rule.remove(&state, contributions[position])
                    rule.add(&state, contribution)
                    contributions[position] = contribution
                }
            }
        }
        for slot in fired {
            guard let element = op.element(inSlot: slot) else { continue }
            reevaluate(slot: slot, element, by: op)
        }
        let total = rule.total(state)
        if rule.equal(output, total) { return false }
        output = total
        return true
    }

    @inlinable
    mutating func insertSlot(at position: Int) -> UInt32 {
        let slot = table.insert(at: position)
        if slotContributions.count < table.capacity {
            slotContributions.append(contentsOf: repeatElement(nil, count: table.capacity - slotContributions.count))
        }
        return slot
    }

    @inlinable
    mutating func reevaluate(slot: UInt32, _ element: Element, by op: ListOperator<Self>) {
        let contribution = op.evaluate(element, slot: slot)
        rule.remove(&state, slotContributions[Int(slot)]!)
        rule.add(&state, contribution)
        slotContributions[Int(slot)] = contribution
    }
}

// MARK: Rules

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
