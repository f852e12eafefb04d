// The interpreter's operations on signals and computeds: writes and updates, new nodes
// (in misuse mode, computeds that write and computeds that may close a cycle), batches,
// reads and peeks.

@testable import Ripple

extension Interpreter {
    func write() {
        guard let id = pick(writableSignals), case .signal(let signal) = handles[id] else { return }
        let value = next(6)
        note("write s\(id) = \(value)")
        signalValues[id] = value
        signal.value = value
    }

    func update() {
        guard let id = pick(writableSignals), case .signal(let signal) = handles[id] else { return }
        let delta = next(3)
        note("update s\(id) += \(delta)")
        signalValues[id] = (signalValues[id] + delta) % 6
        forcedAt[id] = operation
        signal.update { $0 = ($0 + delta) % 6 }
    }

    func newSignal() {
        guard formulas.count < Interpreter.maxNodes else { return }
        let id = formulas.count
        let value = next(6)
        note("s\(id) = Signal(\(value))")
        let signal = Signal(value)
        formulas.append(nil)
        signalValues.append(value)
        handles[id] = .signal(signal)
        weakNodes.append(WeakNode(node: signal))
    }

    func newComputed() {
        guard formulas.count < Interpreter.maxNodes else { return }
        let candidates = readableNodes
        guard let condition = pick(candidates) else { return }
        func inputs() -> [Int] {
            (0...next(3)).compactMap { _ in pick(candidates) }
        }
        let formula = Formula(
            condition: condition, whenEven: inputs(), whenOdd: inputs(),
            offset: next(4), modulus: 2 + next(5), throwing: next(5) == 0
        )
        let id = formulas.count
        note("c\(id) = Computed(\(describe(formula)))")
        var refs: [Int: NodeRef] = [:]
        for input in formula.allInputs { refs[input] = handles[input]! }
        let computed: Computed<Int>
        if formula.throwing {
            computed = Computed { () throws -> Int in
                let result = Interpreter.evaluate(formula, refs)
                if result == 0 { throw ProgramError(code: refs[formula.condition]!.read()) }
                return result
            }
        } else {
            computed = Computed { Interpreter.evaluate(formula, refs) }
        }
        formulas.append(formula)
        signalValues.append(0)
        handles[id] = .computed(computed)
        weakNodes.append(WeakNode(node: computed))
    }

    /// The formula's result, read through the graph.
    private static func evaluate(_ formula: Formula, _ refs: [Int: NodeRef]) -> Int {
        let conditionValue = refs[formula.condition]!.read()
        let sum = formula.inputs(conditionValue: conditionValue).reduce(formula.offset) {
            $0 &+ refs[$1]!.read()
        }
        return sum % formula.modulus
    }

    /// A computed that writes `(result + shift) % 6` to a signal of its own whenever it
    /// evaluates: a write during an evaluation, which applies.
    func newWritingComputed() {
        guard formulas.count + 1 < Interpreter.maxNodes else { return }
        let candidates = readableNodes
        guard let condition = pick(candidates) else { return }
        func inputs() -> [Int] {
            (0...next(3)).compactMap { _ in pick(candidates) }
        }
        let formula = Formula(
            condition: condition, whenEven: inputs(), whenOdd: inputs(),
            offset: next(4), modulus: 2 + next(5), throwing: false
        )
        let shift = next(6)
        let targetID = formulas.count, id = formulas.count + 1
        let target = Signal(0)
        formulas.append(nil)
        signalValues.append(0)
        handles[targetID] = .signal(target)
        weakNodes.append(WeakNode(node: target))
        note("s\(targetID) = Signal(0); c\(id) = Computed(\(describe(formula)), writes s\(targetID) = (value + \(shift)) % 6)")
        var refs: [Int: NodeRef] = [:]
        for input in formula.allInputs { refs[input] = handles[input]! }
        let computed = Computed { [weak self] () -> Int in
            let result = Interpreter.evaluate(formula, refs)
            let written = (result + shift) % 6
            if target.peek() != written { self?.computedWrote(written, to: targetID) }
            target.value = written
            return result
        }
        writerTargets[id] = targetID
        formulas.append(formula)
        signalValues.append(0)
        handles[id] = .computed(computed)
        weakNodes.append(WeakNode(node: computed))
    }

    private func computedWrote(_ value: Int, to target: Int) {
        signalValues[target] = value
        computedWrites += 1
    }

    /// A computed that also reads, last and with `get()`, the cyclic computed with a
    /// given id, through the table: itself, one made before, or one yet to come.
    func newCyclicComputed() {
        guard formulas.count < Interpreter.maxNodes else { return }
        let candidates = readableNodes
        guard let condition = pick(candidates) else { return }
        func inputs() -> [Int] {
            (0..<next(3)).compactMap { _ in pick(candidates) }
        }
        let id = formulas.count
        let cyclic = formulas.indices.filter { formulas[$0]?.forward != nil }
        let choice = next(4)
        let forward = choice == 0 ? id : choice == 1 ? id + 1 + next(3) : (pick(cyclic) ?? id)
        let formula = Formula(
            condition: condition, whenEven: inputs(), whenOdd: inputs(),
            offset: next(4), modulus: 2 + next(5), throwing: false, forward: forward
        )
        note("c\(id) = Computed(\(describe(formula)))")
        let table = cycleTable ?? Signal([:])
        cycleTable = table
        var refs: [Int: NodeRef] = [:]
        for input in formula.allInputs { refs[input] = handles[input]! }
        let computed = Computed { () throws -> Int in
            let sum = Interpreter.evaluate(formula, refs)
            guard let next = table.value[forward] else { return sum % formula.modulus }
            return (sum &+ (try next.get())) % formula.modulus
        }
        formulas.append(formula)
        signalValues.append(0)
        handles[id] = .computed(computed)
        weakNodes.append(WeakNode(node: computed))
        table.value[id] = computed
    }

    func runBatch() {
        guard batchDepth < Interpreter.maxBatchDepth else { return }
        let count = 1 + next(6)
        note("batch {")
        batchDepth += 1
        batch {
            for _ in 0..<count where !exhausted && failure == nil {
                step()
            }
        }
        batchDepth -= 1
        note("}")
    }

    func read() {
        guard let id = pick(handles.keys.sorted()) else { return }
        note("read n\(id)")
        if batchDepth > 0, formulas[id] != nil { readInsideBatch = true }
        let seen = settledRead { handles[id]!.outcome() }
        let expected = truth()[id]
        if seen != expected {
            fail("read n\(id): got \(seen), expected \(expected)")
        }
    }

    func peek() {
        guard let id = pick(readableNodes) else { return }
        note("peek n\(id)")
        if batchDepth > 0, formulas[id] != nil { readInsideBatch = true }
        let seen = settledRead { Outcome.value(handles[id]!.peek()) }
        let expected = truth()[id]
        if seen != expected {
            fail("peek n\(id): got \(seen), expected \(expected)")
        }
    }

    /// `read`'s result once no computed wrote during it: a write during a read may come
    /// after the reader read the written signal, which then reads again. A computed's
    /// write outside a batch runs the effects at once: the signals they write hold
    /// their new values.
    private func settledRead(_ read: () -> Outcome) -> Outcome {
        let before = computedWrites
        var seen = read()
        for _ in 0..<Interpreter.maxNodes {
            let writes = computedWrites
            seen = read()
            if computedWrites == writes { break }
        }
        if computedWrites != before, batchDepth == 0 { updateMirrorTargets() }
        return seen
    }

    /// Effects that write a signal have run: each target holds what its effect wrote.
    func updateMirrorTargets() {
        let mirrors = effects.filter { $0.mirror != nil && !$0.cancelled }
        for record in mirrors.sorted(by: { $0.mirror!.target < $1.mirror!.target }) {
            let (target, shift) = record.mirror!
            if case .value(let source) = truth()[record.plan.condition] {
                signalValues[target] = (source + shift) % 6
            }
        }
    }

    /// Writes a signal and back inside one batch: nobody may notice.
    func writeBack() {
        guard let id = pick(writableSignals), case .signal(let signal) = handles[id] else { return }
        let value = next(6), old = signalValues[id]
        note("batch { write s\(id) = \(value); write s\(id) = \(old) }")
        batch {
            signal.value = value
            signal.value = old
        }
    }
}
