// The interpreter's operations on effects and tracking scopes: plain effects, effects
// that create a child or write a signal, cancelling them, dropping references, scopes.

@testable import Ripple

extension Interpreter {
    private func makePlan() -> ReadPlan? {
        let candidates = readableNodes
        guard let condition = pick(candidates) else { return nil }
        func inputs() -> [Int] {
            (0..<next(3)).compactMap { _ in pick(candidates) }
        }
        return ReadPlan(condition: condition, whenEven: inputs(), whenOdd: inputs())
    }

    /// An effect of one of three kinds: one that reads its plan; one that also creates
    /// a child effect on every run (disposed when it re-runs or is cancelled); one
    /// that writes a new signal from what it read (a write inside a flush).
    func newEffect() {
        let topLevel = effects.count { $0.parent == nil }
        guard topLevel < Interpreter.maxEffects, let plan = makePlan() else { return }
        let record = EffectRecord(index: nextEffectIndex, plan: plan)
        nextEffectIndex += 1
        switch next(4) {
        case 2:
            record.childPlan = makePlan()
        case 3:
            guard formulas.count < Interpreter.maxNodes else { break }
            record.mirror = (target: formulas.count, shift: next(6))
        default:
            break
        }
        if batchDepth > 0 { readInsideBatch = true }
        let writesBefore = computedWrites
        var refs: [Int: NodeRef] = [:]
        for input in plan.allInputs { refs[input] = handles[input]! }
        if let childPlan = record.childPlan {
            note("e\(record.index) = Effect(\(describe(plan)), child reads \(describe(childPlan)))")
            var childRefs: [Int: NodeRef] = [:]
            for input in childPlan.allInputs { childRefs[input] = handles[input]! }
            record.extraCaptures = childPlan.allInputs
            effects.append(record)
            creatingEffect = true
            defer { creatingEffect = false }
            let effect = Effect("e\(record.index)") { [weak self, weak record] in
                guard let self, let record else { return }
                Interpreter.recordRun(record, plan.read(refs))
                let child = self.newChild(of: record, plan: childPlan, refs: childRefs)
                onCleanup { [weak record, weak child] in
                    record?.cleanups += 1
                    child?.markCancelled()      // disposed before the parent's cleanups run
                }
            }
            record.handle = effect
            record.weakHandle = effect
        } else if let (target, shift) = record.mirror {
            let signal = Signal(0)
            formulas.append(nil)
            signalValues.append(0)
            weakNodes.append(WeakNode(node: signal))
            handles[target] = .signal(signal)
            note("s\(target) = Signal(0); e\(record.index) = Effect(s\(target) = (\(describe(plan)) first + \(shift)) % 6)")
            record.extraCaptures = [target]
            effects.append(record)
            let effect = Effect("e\(record.index)") { [weak record] in
                guard let record else { return }
                let view = plan.read(refs)
                Interpreter.recordRun(record, view)
                signal.value = (view[0].value + shift) % 6
                onCleanup { [weak record] in record?.cleanups += 1 }
            }
            signalValues[target] = (record.view[0].value + shift) % 6
            record.handle = effect
            record.weakHandle = effect
        } else {
            note("e\(record.index) = Effect(\(describe(plan)))")
            effects.append(record)
            let effect = Effect("e\(record.index)") { [weak record] in
                guard let record else { return }
                Interpreter.recordRun(record, plan.read(refs))
                onCleanup { [weak record] in record?.cleanups += 1 }
            }
            record.handle = effect
            record.weakHandle = effect
        }
        record.settledAt = operation
        record.settledView = record.view
        // A computed that wrote during the first run may leave it an older value, until
        // the run that follows (inside a batch, at its end).
        if computedWrites == writesBefore { checkView(record.view, "e\(record.index) at creation") }
    }

    private static func recordRun(_ record: EffectRecord, _ view: [(id: Int, value: Int)]) {
        record.runs += 1
        record.totalRuns += 1
        record.view = view
    }

    /// Creates the child effect of `parent`'s current run; the parent owns it.
    private func newChild(of parent: EffectRecord, plan: ReadPlan, refs: [Int: NodeRef]) -> EffectRecord {
        let record = EffectRecord(index: nextEffectIndex, plan: plan, parent: parent)
        nextEffectIndex += 1
        let writesBefore = computedWrites
        note("e\(record.index) = child of e\(parent.index)")
        effects.append(record)
        let effect = Effect("e\(record.index)") { [weak record] in
            guard let record else { return }
            Interpreter.recordRun(record, plan.read(refs))
            onCleanup { [weak record] in record?.cleanups += 1 }
        }
        record.weakHandle = effect
        record.settledAt = operation
        record.settledView = record.view
        // After a computed's write in this transaction, effects that write a signal may
        // have run again before this one: checked at the transaction's end instead.
        if creatingEffect, computedWrites == writesBefore, computedWrites == computedWritesAtSettle {
            checkView(record.view, "e\(record.index) at creation")
        }
        return record
    }

    func cancelEffect() {
        guard let index = pick(effects.indices.filter { effects[$0].handle != nil }) else { return }
        let record = effects[index]
        guard let handle = record.handle else { return }
        note("e\(record.index).cancel()")
        handle.cancel()
        record.markCancelled()
        if !handle.isCancelled { fail("e\(record.index) is not cancelled after cancel()") }
        if handle.deps != nil { fail("e\(record.index) still has dependencies after cancel()") }
    }

    func drop() {
        switch next(3) {
        case 0:
            guard let id = pick(liveSignals) else { return }
            note("drop s\(id)")
            handles[id] = nil
        case 1:
            guard let id = pick(liveComputeds) else { return }
            note("drop c\(id)")
            handles[id] = nil
        default:
            guard let index = pick(effects.indices.filter { effects[$0].handle != nil }) else { return }
            note("drop e\(effects[index].index)")
            let record = effects[index]
            record.markCancelled()
            record.handle = nil
        }
    }

    func newScope() {
        guard scopes.count < Interpreter.maxScopes, let plan = makePlan() else { return }
        // Every other scope follows: the usual re-arm, which takes the fired scope over.
        let record = ScopeRecord(index: scopes.count, plan: plan, follows: scopes.count % 2 == 1)
        note("t\(record.index) = \(record.follows ? "follow" : "withTracking")(\(describe(plan)))")
        if batchDepth > 0 { readInsideBatch = true }
        for input in plan.allInputs { record.held[input] = handles[input]! }
        let witness = Witness()
        record.witness = witness
        let writes = computedWrites
        Interpreter.arm(record, witness)
        record.checkedView = record.view
        record.viewAt = operation
        scopes.append(record)
        // A computed that wrote during the apply may leave it an older value; it fires.
        if computedWrites == writes { checkView(record.view, "t\(record.index) apply") }
    }

    /// Runs the scope's apply; its onChange counts, and a following scope re-arms. The
    /// view is what the last apply read: a computed's write during the apply fires
    /// onChange, and a re-arm in it, before this call returns.
    private static func arm(_ record: ScopeRecord, _ witness: Witness) {
        let held = record.held
        withTracking {
            record.view = record.plan.read(held)
        } onChange: { [weak record] in
            withExtendedLifetime(witness) {}
            guard let record else { return }
            record.fired += 1
            if record.follows, !record.held.isEmpty { arm(record, witness) }
        }
    }
}
