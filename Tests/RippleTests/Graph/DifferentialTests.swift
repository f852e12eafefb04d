import Testing
@testable import Ripple

/// Random graphs checked, step by step, against an evaluator that recomputes
/// everything from scratch.
@Suite struct DifferentialTests {
    /// A computed node's formula: it reads `condition`; when that value is even it
    /// sums `whenEven`, otherwise `whenOdd`, so its dependencies switch.
    struct Formula {
        var condition: Int
        var whenEven: [Int]
        var whenOdd: [Int]
        var offset: Int
    }

    /// The whole graph under test, mirrored by plain values.
    final class Model {
        var sourceValues: [Int]
        var formulas: [Formula]
        let signals: [Signal<Int>]
        var computeds: [Computed<Int>?]
        var runCounts: [Int]

        init(sources: Int, formulas: [Formula], random: inout SeededRandom) {
            sourceValues = (0..<sources).map { _ in Int.random(in: 0..<4, using: &random) }
            self.formulas = formulas
            signals = sourceValues.map { Signal($0) }
            computeds = Array(repeating: nil, count: formulas.count)
            runCounts = Array(repeating: 0, count: formulas.count)
            for index in formulas.indices { computeds[index] = makeComputed(index) }
        }

        var nodeCount: Int { sourceValues.count + formulas.count }

        /// Node ids: sources first, then computeds in creation order (a DAG by construction).
        func read(_ node: Int) -> Int {
            if node < sourceValues.count { return signals[node].value }
            return computeds[node - sourceValues.count]!.value
        }

        func makeComputed(_ index: Int) -> Computed<Int> {
            let formula = formulas[index]
            return Computed { [unowned self] in
                runCounts[index] += 1
                let inputs = read(formula.condition) % 2 == 0 ? formula.whenEven : formula.whenOdd
                return inputs.reduce(formula.offset) { $0 &+ self.read($1) } % 7
            }
        }

        /// The truth: every value recomputed from scratch.
        func expectedValues() -> [Int] {
            var values = sourceValues
            for formula in formulas {
                let inputs = values[formula.condition] % 2 == 0 ? formula.whenEven : formula.whenOdd
                values.append(inputs.reduce(formula.offset) { $0 &+ values[$1] } % 7)
            }
            return values
        }
    }

    /// An effect that reads a fixed list of nodes and logs each run.
    struct Watcher {
        var nodes: [Int]
        var effect: Effect
        var runs: Box
        var lastSeen: [Int]
    }

    final class Box { var runs = 0 }

    static func makeFormulas(sources: Int, count: Int, random: inout SeededRandom) -> [Formula] {
        (0..<count).map { index in
            let available = sources + index
            func pick() -> [Int] {
                (0..<Int.random(in: 1...3, using: &random)).map { _ in Int.random(in: 0..<available, using: &random) }
            }
            return Formula(
                condition: Int.random(in: 0..<available, using: &random),
                whenEven: pick(), whenOdd: pick(), offset: Int.random(in: 0..<5, using: &random)
            )
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 0xC0FFEE])
    func `random graphs agree with a naive evaluator`(seed: UInt64) {
        print("DifferentialTests seed: \(seed)")
        var random = SeededRandom(seed: seed)
        let sources = 8
        let formulas = Self.makeFormulas(sources: sources, count: 40, random: &random)
        let model = Model(sources: sources, formulas: formulas, random: &random)
        var watchers: [Watcher] = []
        var expected = model.expectedValues()
        var operations = 0
        // What the run compared with the evaluator, so that a run that checks little fails.
        var readsCompared = 0, watcherRunsCompared = 0, watcherSkipsCompared = 0

        func addWatcher() {
            let nodes = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                Int.random(in: 0..<model.nodeCount, using: &random)
            }
            let box = Box()
            let effect = Effect { [unowned model] in
                box.runs += 1
                for node in nodes { _ = model.read(node) }
            }
            watchers.append(Watcher(nodes: nodes, effect: effect, runs: box, lastSeen: nodes.map { expected[$0] }))
        }

        /// After each step: effects ran exactly when a value they read changed.
        var lastOperation = 0
        var history: [Int] = []
        func checkWatchers(step: Int) {
            for index in watchers.indices {
                let now = watchers[index].nodes.map { expected[$0] }
                let changed = now != watchers[index].lastSeen
                if changed { watcherRunsCompared += 1 } else { watcherSkipsCompared += 1 }
                #expect(
                    watchers[index].runs.runs == (changed ? 1 : 0),
                    "seed \(seed) step \(step): watcher of \(watchers[index].nodes) ran \(watchers[index].runs.runs) times, inputs changed: \(changed), operation \(lastOperation)"
                )
                watchers[index].runs.runs = 0
                watchers[index].lastSeen = now
            }
        }

        for _ in 0..<4 { addWatcher() }
        for watcher in watchers { watcher.runs.runs = 0 }

        while operations < 12_000 {
            operations += 1
            lastOperation = Int.random(in: 0..<100, using: &random)
            history.append(lastOperation)
            switch lastOperation {
            case 0..<35:
                let source = Int.random(in: 0..<sources, using: &random)
                let value = Int.random(in: 0..<4, using: &random)
                model.sourceValues[source] = value
                model.signals[source].value = value
            case 35..<50:
                // A batch of writes, sometimes undone before it ends. A read inside the
                // batch makes the value it saw one that subscribers have seen, so undo
                // and read inside are exercised separately.
                let writes = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                    (Int.random(in: 0..<sources, using: &random), Int.random(in: 0..<4, using: &random))
                }
                let undo = Bool.random(using: &random)
                let before = model.sourceValues
                let readInside = Int.random(in: sources..<model.nodeCount, using: &random)
                var seenInside = 0
                batch {
                    for (source, value) in writes {
                        model.signals[source].value = value
                        model.sourceValues[source] = value
                    }
                    if !undo { seenInside = model.read(readInside) }
                    if undo {
                        for source in 0..<sources where model.sourceValues[source] != before[source] {
                            model.signals[source].value = before[source]
                            model.sourceValues[source] = before[source]
                        }
                    }
                }
                let truthInside = { () -> Int in
                    var values = before
                    for (source, value) in writes { values[source] = value }
                    let saved = model.sourceValues
                    model.sourceValues = values
                    defer { model.sourceValues = saved }
                    return model.expectedValues()[readInside]
                }()
                #expect(undo || seenInside == truthInside, "seed \(seed) op \(operations): read inside batch")
                if !undo { readsCompared += 1 }
            case 50..<80:
                let node = Int.random(in: 0..<model.nodeCount, using: &random)
                let truth = model.expectedValues()
                let seen = Bool.random(using: &random) || node < sources ? model.read(node) : model.computeds[node - sources]!.peek()
                #expect(seen == truth[node], "seed \(seed) op \(operations): node \(node) read \(seen), expected \(truth[node]) history \(history.suffix(12))")
                readsCompared += 1
            case 80..<88:
                // Drop a computed and rebuild it: dependents keep the old one alive, so
                // only unobserved ones actually go away.
                let index = Int.random(in: 0..<formulas.count, using: &random)
                model.computeds[index] = model.makeComputed(index)
                // Watchers and later computeds captured the old node through `read`,
                // which now resolves to the new one: re-create the watchers that read it.
                for watcherIndex in watchers.indices where watchers[watcherIndex].nodes.contains(sources + index) {
                    watchers[watcherIndex].effect.cancel()
                }
                watchers.removeAll { $0.nodes.contains(sources + index) }
                // Every computed that reads it must be rebuilt too, downstream in order.
                for later in (index + 1)..<formulas.count {
                    model.computeds[later] = model.makeComputed(later)
                }
                watchers.forEach { $0.effect.cancel() }
                watchers.removeAll()
                expected = model.expectedValues()
                for _ in 0..<Int.random(in: 1...4, using: &random) { addWatcher() }
                for watcher in watchers { watcher.runs.runs = 0 }
            case 88..<94:
                if !watchers.isEmpty {
                    let index = Int.random(in: 0..<watchers.count, using: &random)
                    watchers[index].effect.cancel()
                    watchers.remove(at: index)
                }
            default:
                addWatcher()
                watchers[watchers.count - 1].runs.runs = 0
            }
            expected = model.expectedValues()
            checkWatchers(step: operations)
        }
        // About 4,500 reads, 6,500 runs and 23,500 skips for each seed.
        #expect(readsCompared >= 4_000, "seed \(seed)")
        #expect(watcherRunsCompared >= 5_000, "seed \(seed)")
        #expect(watcherSkipsCompared >= 20_000, "seed \(seed)")
    }
}
