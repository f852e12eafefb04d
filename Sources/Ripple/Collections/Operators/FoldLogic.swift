/// Folds what the closure derives from each element (a count's `Bool`, a sum's
/// addend) into one total, adding and removing contributions as elements come, go and
/// change: O(1) work per changed element, plus O(log n) to find it. Each element's
/// contribution is kept (``ElementResults``), so that a changed or removed element's
/// old one is undone without calling the closure again.
@usableFromInline
struct FoldLogic<Element, Contribution, State, Total>: ListLogic {
    @usableFromInline typealias Result = Contribution
    @usableFromInline typealias Output = Total

    @inlinable static var labelsSlots: SlotLabels { .never }

    @usableFromInline let rule: FoldRule<Contribution, State, Total>
    @usableFromInline var state: State
    @usableFromInline var contributions = ElementResults<Contribution>()

    @inlinable
    init(rule: FoldRule<Contribution, State, Total>) {
        self.rule = rule
        self.state = rule.initial
    }

    @inlinable
    mutating func rebuild(
        _ list: IncrementalArray<Element>, previous: Total?, onlyQueryChanged: Bool, by op: ListOperator<Self>
    ) -> (output: Total, changed: Bool) {
        op.resetSlots(count: list.count)
        state = rule.initial
        contributions.beginRebuild(count: list.count, slotted: op.hasSlots)
        op.evaluateAll(list) { _, firstSlot, results in
            for contribution in results { rule.add(&state, contribution) }
            contributions.append(results, firstSlot: firstSlot)
        }
        contributions.endRebuild()
        let total = rule.total(state)
        guard let previous else { return (total, true) }
        if rule.equal(previous, total) { return (previous, false) }
        return (total, true)
    }

    @inlinable
    mutating func inserted(
        _ element: Element, _ contribution: Contribution, at position: Int, slot: UInt32, into output: inout Total,
        by op: ListOperator<Self>
    ) -> Bool {
        contributions.insert(contribution, at: position, slot: slot)
        rule.add(&state, contribution)
        return false
    }

    @inlinable
    mutating func removing(
        at position: Int, slot: UInt32, wasKept: Bool, from output: inout Total, by op: ListOperator<Self>
    ) -> Bool {
        rule.remove(&state, contributions.remove(at: position, slot: slot))
        return false
    }

    @inlinable
    mutating func updated(
        _ element: Element, _ contribution: Contribution, at position: Int, slot: UInt32, in output: inout Total,
        by op: ListOperator<Self>
    ) -> Bool {
        rule.remove(&state, contributions.replace(at: position, slot: slot, with: contribution))
        rule.add(&state, contribution)
        return false
    }

    /// The total, read once per update.
    @inlinable
    mutating func finish(
        _ output: inout Total, changed: Bool, list: IncrementalArray<Element>?, by op: ListOperator<Self>
    ) -> Bool {
        let total = rule.total(state)
        if rule.equal(output, total) { return false }
        output = total
        return true
    }
}
