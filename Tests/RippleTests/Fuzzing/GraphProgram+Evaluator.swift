// The naive evaluator, and the checks after each transaction and at the end: values,
// effect runs and cleanups, scope firings, and which nodes are alive.

@testable import Ripple

extension Interpreter {
    /// Every node's value, computed from scratch: in id order, but for cyclic computeds,
    /// which nothing else reads, then worked out depth-first through their forward
    /// references (a node reached again while it evaluates is a cycle error, -1).
    func truth() -> [Outcome] {
        var values: [Outcome] = []
        values.reserveCapacity(formulas.count)
        func value(_ id: Int) -> Int {
            guard case .value(let value) = values[id] else { return -1_000 }
            return value
        }
        func sum(_ formula: Formula) -> Int {
            let conditionValue = value(formula.condition)
            return formula.inputs(conditionValue: conditionValue).reduce(formula.offset) { $0 &+ value($1) }
        }
        for (id, formula) in formulas.enumerated() {
            guard let formula else {
                values.append(.value(signalValues[id]))
                continue
            }
            let result = sum(formula) % formula.modulus
            values.append(formula.throwing && result == 0 ? .failure(value(formula.condition)) : .value(result))
        }
        var evaluating: Set<Int> = [], done: Set<Int> = []
        func cyclic(_ id: Int) -> Outcome {
            if done.contains(id) { return values[id] }
            if evaluating.contains(id) { return .failure(-1) }
            let formula = formulas[id]!
            evaluating.insert(id)
            let partial = sum(formula)
            let outcome: Outcome
            if let forward = formula.forward, forward < formulas.count, formulas[forward]?.forward != nil {
                switch cyclic(forward) {
                case .value(let next): outcome = .value((partial &+ next) % formula.modulus)
                case .failure(let code): outcome = .failure(code)
                }
            } else {
                outcome = .value(partial % formula.modulus)
            }
            evaluating.remove(id)
            done.insert(id)
            values[id] = outcome
            return outcome
        }
        for id in formulas.indices where formulas[id]?.forward != nil { _ = cyclic(id) }
        return values
    }

    func checkView(_ view: [(id: Int, value: Int)], _ what: String) {
        let truth = truth()
        for (id, value) in view where truth[id] != .value(value) {
            fail("\(what) read n\(id) = \(value), expected \(truth[id])")
            return
        }
    }

    /// Whether something in `view`, read at operation `at`, has changed since.
    private func changed(_ view: [(id: Int, value: Int)], since at: Int, _ truth: [Outcome]) -> Bool {
        view.contains { id, value in
            truth[id] != .value(value) || (forcedAt[id].map { $0 > at } ?? false)
        }
    }

    /// The checks that follow a transaction (an operation at top level).
    func settle() {
        updateMirrorTargets()
        let mirrors = effects.filter { $0.mirror != nil && !$0.cancelled }
        let truth = truth()
        // A write from an effect body re-runs the effects that read it after the ones
        // that already ran: they may see the state before the write, run again after
        // it, and a child may run before a parent that the write makes dirty. So does a
        // computed's write.
        let effectWrites = mirrors.reduce(0) { $0 + $1.runs } + (computedWrites - computedWritesAtSettle)
        computedWritesAtSettle = computedWrites
        for record in effects {
            let name = "e\(record.index)"
            if record.cancelled {
                if record.parent != nil, effectWrites == 0, record.runs != (record.createdInTransaction ? 1 : 0) {
                    fail("\(name) ran \(record.runs) times in the transaction that disposed it: its parent must run first")
                }
                if record.totalRuns != record.runsAtCancel {
                    fail("\(name) ran \(record.totalRuns - record.runsAtCancel) times after it was cancelled")
                }
                if record.cleanups != record.totalRuns {
                    fail("\(name) was cancelled after \(record.totalRuns) runs but ran \(record.cleanups) cleanups")
                }
                if record.handle == nil, record.weakHandle != nil {
                    fail("\(name) is still alive after its last handle was dropped")
                }
            } else {
                let expected: Int
                if record.createdInTransaction {
                    expected = 1 + (changed(record.settledView, since: record.settledAt, truth) ? 1 : 0)
                } else {
                    expected = changed(record.settledView, since: record.settledAt, truth) ? 1 : 0
                }
                // Each effect write is a wave of its own after the transaction's: an
                // effect may run once per wave, even if its inputs end where they began.
                let extra = (readInsideBatch ? 1 : 0) + (effectWrites > 0 ? effectWrites + 1 : 0)
                let allowed = expected...(expected + extra)
                if !allowed.contains(record.runs) {
                    fail("\(name) ran \(record.runs) times in the transaction, expected \(expected)")
                }
                if record.cleanups != record.totalRuns - 1 {
                    fail("\(name) ran \(record.totalRuns) times and \(record.cleanups) cleanups")
                }
                for (id, value) in record.view where truth[id] != .value(value) {
                    fail("\(name) shows n\(id) = \(value), expected \(truth[id])")
                }
            }
            record.runs = 0
            record.createdInTransaction = false
            record.settledView = record.view
            record.settledAt = operation
        }
        // Disposed children have been checked; forget them.
        effects.removeAll { $0.parent != nil && $0.cancelled && $0.weakHandle == nil }
        for record in scopes where record.follows {
            let name = "t\(record.index)"
            let expected = changed(record.checkedView, since: record.viewAt, truth) ? 1 : 0
            // Between two effect writes it may fire, and follow, more than once.
            let tolerant = readInsideBatch || effectWrites > 0
            let allowed = tolerant ? (expected == 0 ? 0...Int.max : 1...Int.max) : expected...expected
            if !allowed.contains(record.fired) {
                fail("\(name) fired \(record.fired) times, expected \(expected)")
            }
            for (id, value) in record.view where truth[id] != .value(value) {
                fail("\(name) last read n\(id) = \(value), expected \(truth[id])")
            }
            record.fired = 0
            record.checkedView = record.view
            record.viewAt = operation
        }
        for record in scopes where record.armed && !record.follows {
            let name = "t\(record.index)"
            let expected = changed(record.view, since: record.viewAt, truth) ? 1 : 0
            // A scope revalidated between two effect writes may fire on the state
            // between them, as an effect would run an extra time.
            let allowed = readInsideBatch || effectWrites > 0 ? expected...1 : expected...expected
            if !allowed.contains(record.fired) {
                fail("\(name) fired \(record.fired) times, expected \(expected)")
            }
            if record.fired > 0 {
                record.armed = false
                record.held = [:]
            } else {
                record.viewAt = operation
            }
        }
        for record in scopes where !record.armed && !record.follows {
            if record.fired > 1 { fail("t\(record.index) fired \(record.fired) times") }
            if record.witness != nil { fail("t\(record.index) keeps onChange alive after firing") }
        }
        forcedAt = [:]
        readInsideBatch = false
        checkLifetimes()
    }

    /// Nodes reachable from the program's references, through what each computed's and
    /// each effect's closure captured.
    private func reachable() -> Set<Int> {
        var alive = Set<Int>()
        var pending = Array(handles.keys)
        // Cancelling an effect releases its closure, and so what the closure captured.
        for record in effects where record.isOwned && !record.cancelled {
            pending += record.plan.allInputs + record.extraCaptures
        }
        for record in scopes where record.armed { pending += record.plan.allInputs }
        if cycleTable != nil { pending += formulas.indices.filter { formulas[$0]?.forward != nil } }
        while let id = pending.popLast() {
            guard alive.insert(id).inserted else { continue }
            if let formula = formulas[id] { pending += formula.allInputs }
            if let target = writerTargets[id] { pending.append(target) }
        }
        return alive
    }

    private func checkLifetimes() {
        let alive = reachable()
        for (id, weak) in weakNodes.enumerated() {
            let isAlive = weak.node != nil
            if isAlive != alive.contains(id) {
                fail("n\(id) is \(isAlive ? "alive" : "deallocated"), but \(alive.contains(id) ? "it is still referenced" : "nothing references it")")
                return
            }
        }
        // A signal that no live computed, effect or armed scope reads has no subscribers.
        var read = Set<Int>()
        for id in alive { if let formula = formulas[id] { read.formUnion(formula.allInputs) } }
        // A cyclic computed is read by the others through the table.
        if cycleTable != nil { read.formUnion(formulas.indices.filter { formulas[$0]?.forward != nil }) }
        for record in effects where !record.cancelled { read.formUnion(record.plan.allInputs) }
        for record in scopes where record.armed { read.formUnion(record.plan.allInputs) }
        for (id, weak) in weakNodes.enumerated() where !read.contains(id) {
            if let node = weak.node, node.subs != nil {
                fail("n\(id) is read by nothing but still has subscribers")
                return
            }
        }
    }

    /// Drops every reference; everything must go.
    func tearDown() {
        operation += 1
        note("drop everything")
        for record in effects {
            record.handle?.cancel()
            record.handle = nil
        }
        handles = [:]
        cycleTable?.value = [:]
        cycleTable = nil
        for record in scopes { record.held = [:] }
        for (id, weak) in weakNodes.enumerated() where weak.node != nil {
            fail("n\(id) is still alive after every reference was dropped")
            return
        }
        for record in effects where record.weakHandle != nil {
            fail("e\(record.index) is still alive after every reference was dropped")
            return
        }
        for record in scopes where record.witness != nil {
            fail("t\(record.index) keeps onChange alive after everything it read was released")
            return
        }
    }
}
