@testable import Ripple

// This file is compiled twice: into the test target, which replays the checked-in
// corpus and random programs, and by Fuzz/run into the libFuzzer target. It imports
// nothing but Ripple, so that it builds in both.

/// A graph program decoded from bytes, run against Ripple and against a naive
/// evaluator that recomputes every value from scratch.
///
/// Any byte string is a valid program: each operation takes what it needs from the
/// bytes that follow it, and the program ends with the bytes. It creates signals and
/// computeds whose inputs switch with a condition's parity (some of them throw), writes
/// and updates signals, nests batches (some writing a value and back), reads and peeks,
/// creates effects (plain ones, ones that create a child effect on every run, ones that
/// write a signal of their own) and tracking scopes, cancels effects and drops
/// references.
///
/// After every operation at top level (a transaction) it checks that every read saw
/// the evaluator's value; that every live effect ran exactly once if something it read
/// changed and not at all otherwise, and now shows the current values; that cancelled
/// and disposed effects never run again and ran each cleanup once; that a child never
/// runs in the transaction its parent disposes it; that each tracking scope fired at
/// most once, when it should, and that one that re-arms in its onChange (every other
/// scope does) fired when it should and last read the current values; and that exactly the nodes still reachable from the
/// program's references are alive, with no subscriber left on a node that nothing
/// reads. At the end it drops everything and checks that every node, effect and scope
/// was released.
///
/// A program whose first byte is ``Interpreter/misuseMode`` may also misuse the graph
/// as the runtime-issue rules allow: computeds that write a signal of their own when
/// they evaluate (read by nodes made later, so that no loop forms), and computeds that
/// read a forward reference through a table of such computeds, by id, which may close
/// a cycle (themselves included). The evaluator knows what a writer last wrote (the
/// closure tells it), and works out cycles by a depth-first evaluation: a node reached
/// again while it evaluates is an error, and so is everything that reads an error. A
/// read during which a computed wrote may see the value before the write; the node is
/// then read again, and that read must agree.
///
/// Two things make "exactly" an "at least": a read inside a batch may add one run to
/// an effect whose input was written back to its old value in the same batch (the
/// value read becomes the one subscribers have seen); and an effect's write lets the
/// effects that read it run again after the ones that already ran, so they may run
/// once more, and a scope may fire on the state between two such writes. The final
/// values are checked exactly in every case.
struct GraphProgram {
    /// Runs the program encoded by `bytes`; returns the first violation found, or nil.
    static func run(_ bytes: [UInt8]) -> String? {
        let interpreter = Interpreter(bytes)
        interpreter.run()
        return interpreter.failure
    }

    /// A human-readable listing of the program, for reproductions.
    static func listing(_ bytes: [UInt8]) -> [String] {
        let interpreter = Interpreter(bytes)
        interpreter.run()
        return interpreter.log
    }
}

/// The error a throwing computed caches; equal errors come from equal inputs.
struct ProgramError: Error, Equatable {
    let code: Int
}

/// A value as the evaluator sees it.
enum Outcome: Equatable, CustomStringConvertible {
    case value(Int)
    case failure(Int)

    var description: String {
        switch self {
        case .value(let value): "\(value)"
        case .failure(let code): "error(\(code))"
        }
    }
}

/// A computed's formula: read `condition`; when it is even, sum `whenEven`, otherwise
/// `whenOdd`, starting from `offset`, modulo `modulus`. A throwing computed throws
/// when the result is 0. Inputs are node ids, always lower than the computed's own.
/// In misuse mode a formula may also read `forward`, any id, through the table of
/// cyclic computeds (0 when no such computed has that id), last, with `get()`: it
/// may then hold a cycle error.
struct Formula {
    var condition: Int
    var whenEven: [Int]
    var whenOdd: [Int]
    var offset: Int
    var modulus: Int
    var throwing: Bool
    var forward: Int? = nil

    /// Whether it can hold an error: only computeds that cannot are read by others.
    var mayFail: Bool { throwing || forward != nil }

    func inputs(conditionValue: Int) -> [Int] {
        conditionValue % 2 == 0 ? whenEven : whenOdd
    }

    var allInputs: [Int] { [condition] + whenEven + whenOdd }
}

/// A node of the program, as its closures capture it.
enum NodeRef {
    case signal(Signal<Int>)
    case computed(Computed<Int>)

    /// Reads a node that cannot hold an error.
    func read() -> Int {
        switch self {
        case .signal(let signal): signal.value
        case .computed(let computed): computed.value
        }
    }

    /// Reads any node, an error included.
    func outcome() -> Outcome {
        switch self {
        case .signal(let signal):
            return .value(signal.value)
        case .computed(let computed):
            do { return .value(try computed.get()) } catch let error as ProgramError {
                return .failure(error.code)
            } catch {
                return .failure(-1)
            }
        }
    }

    func peek() -> Int {
        switch self {
        case .signal(let signal): signal.peek()
        case .computed(let computed): computed.peek()
        }
    }

    var node: ReactiveNode {
        switch self {
        case .signal(let signal): signal
        case .computed(let computed): computed
        }
    }
}

/// Holds a node weakly, to tell whether it is still alive.
struct WeakNode {
    weak var node: ReactiveNode?
}

/// What an effect or a tracking scope read: a condition, then one of two input lists.
struct ReadPlan {
    var condition: Int
    var whenEven: [Int]
    var whenOdd: [Int]

    var allInputs: [Int] { [condition] + whenEven + whenOdd }

    /// Reads through the captured references; returns (id, value) in read order.
    func read(_ refs: [Int: NodeRef]) -> [(id: Int, value: Int)] {
        let conditionValue = refs[condition]!.read()
        var seen = [(id: condition, value: conditionValue)]
        for id in conditionValue % 2 == 0 ? whenEven : whenOdd {
            seen.append((id, refs[id]!.read()))
        }
        return seen
    }
}

/// An object a closure captures so that a test can tell when the closure is released.
final class Witness {}

final class EffectRecord {
    let index: Int
    let plan: ReadPlan
    /// The effect whose run created this one, which owns it; nil at top level.
    let parent: EffectRecord?
    /// For an effect that creates a child on every run: what the child reads.
    var childPlan: ReadPlan?
    /// For an effect that writes `target = (condition + shift) % 6` on every run.
    var mirror: (target: Int, shift: Int)?
    /// Node ids its closure captured beyond its plan's inputs.
    var extraCaptures: [Int] = []
    var handle: Effect?
    weak var weakHandle: Effect?
    /// Runs in the current transaction, and in all.
    var runs = 0
    var totalRuns = 0
    var cleanups = 0
    /// What the last run read.
    var view: [(id: Int, value: Int)] = []
    /// The view at the end of the last transaction, and the operation it dates from.
    var settledView: [(id: Int, value: Int)] = []
    var settledAt = 0
    var createdInTransaction = true
    var cancelled = false
    /// Runs at the moment it was cancelled.
    var runsAtCancel = 0

    init(index: Int, plan: ReadPlan, parent: EffectRecord? = nil) {
        self.index = index
        self.plan = plan
        self.parent = parent
    }

    /// Whether something still owns the effect: the program's handle, or a live parent.
    var isOwned: Bool {
        handle != nil || (parent != nil && !cancelled)
    }

    func markCancelled() {
        guard !cancelled else { return }
        cancelled = true
        runsAtCancel = totalRuns
    }
}

final class ScopeRecord {
    let index: Int
    let plan: ReadPlan
    /// Whether onChange re-arms with the same plan, as a view that keeps following.
    let follows: Bool
    /// Keeps what the scope read alive while it is armed: a scope does not.
    var held: [Int: NodeRef] = [:]
    /// What the last apply read.
    var view: [(id: Int, value: Int)] = []
    /// A following scope's view when last checked.
    var checkedView: [(id: Int, value: Int)] = []
    var viewAt = 0
    var fired = 0
    var armed = true
    /// Captured by onChange only: released when the scope lets onChange go.
    weak var witness: Witness?

    init(index: Int, plan: ReadPlan, follows: Bool) {
        self.index = index
        self.plan = plan
        self.follows = follows
    }
}

/// The cyclic computeds of a misuse-mode program, by id: what a forward reference reads.
typealias CycleTable = Signal<[Int: Computed<Int>]>

final class Interpreter {
    /// The first byte of a program that may write inside computeds and form cycles.
    static let misuseMode: UInt8 = 0xFE
    static let maxNodes = 40
    static let maxEffects = 12
    static let maxScopes = 12
    static let maxBatchDepth = 4
    static let maxOperations = 400

    private let bytes: [UInt8]
    private var cursor = 0

    // The graph, by node id (creation order).
    private var formulas: [Formula?] = []          // nil for signals
    private var signalValues: [Int] = []           // by id; unused for computeds
    private var handles: [Int: NodeRef] = [:]      // the program's own references
    private var weakNodes: [WeakNode] = []
    private var effects: [EffectRecord] = []
    private var nextEffectIndex = 0
    /// True while this program's own operation creates an effect, false while a flush
    /// re-runs one (when effects' writes may not have reached the model yet).
    private var creatingEffect = false
    private var scopes: [ScopeRecord] = []

    /// Counts operations; the clock for "written after this view".
    private var operation = 0
    private var batchDepth = 0
    /// Signals updated in place during this transaction, and when.
    private var forcedAt: [Int: Int] = [:]
    /// Set when this transaction read inside a batch (see ``GraphProgram``).
    private var readInsideBatch = false

    // Misuse mode.
    private var misuse = false
    /// Writes of a new value that computeds made, in all; each may add a wave of runs.
    private var computedWrites = 0
    private var computedWritesAtSettle = 0
    /// The signal each writing computed writes, by the computed's id.
    private var writerTargets: [Int: Int] = [:]
    /// The cyclic computeds, which live as long as the table does.
    private var cycleTable: CycleTable?

    private(set) var log: [String] = []
    private(set) var failure: String?

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: Decoding

    private var exhausted: Bool { cursor >= bytes.count }

    private func next(_ bound: Int) -> Int {
        guard cursor < bytes.count else { return 0 }
        defer { cursor += 1 }
        return Int(bytes[cursor]) % bound
    }

    private func pick(_ candidates: [Int]) -> Int? {
        candidates.isEmpty ? nil : candidates[next(candidates.count)]
    }

    private var liveSignals: [Int] {
        handles.keys.filter { formulas[$0] == nil }.sorted()
    }

    /// Live signals that no effect or computed writes.
    private var writableSignals: [Int] {
        let mirrored = Set(effects.compactMap { $0.mirror?.target }).union(writerTargets.values)
        return liveSignals.filter { !mirrored.contains($0) }
    }

    private var liveComputeds: [Int] {
        handles.keys.filter { formulas[$0] != nil }.sorted()
    }

    /// Live nodes that never hold an error: inputs for computeds, effects and scopes.
    private var readableNodes: [Int] {
        handles.keys.filter { formulas[$0]?.mayFail != true }.sorted()
    }

    // MARK: Running

    func run() {
        if bytes.first == Interpreter.misuseMode {
            misuse = true
            cursor = 1
        }
        while !exhausted, failure == nil, operation < Interpreter.maxOperations {
            step()
            guard failure == nil else { break }
            settle()
        }
        guard failure == nil else { return }
        tearDown()
    }

    private func fail(_ message: String) {
        guard failure == nil else { return }
        failure = """
            \(message)
            after operation \(operation); program so far:
            \(log.suffix(40).joined(separator: "\n"))
            """
    }

    private func note(_ text: String) {
        log.append("\(operation): \(String(repeating: "  ", count: batchDepth))\(text)")
    }

    /// Decodes and performs one operation (a batch performs the ones it contains).
    private func step() {
        operation += 1
        switch next(misuse ? 18 : 16) {
        case 16: newWritingComputed()
        case 17: newCyclicComputed()
        case 0, 1, 2: write()
        case 3: update()
        case 4, 5: newSignal()
        case 6, 7: newComputed()
        case 8: runBatch()
        case 9: read()
        case 10: peek()
        case 11: newEffect()
        case 12: cancelEffect()
        case 13: drop()
        case 14: newScope()
        default: writeBack()
        }
    }

    private func write() {
        guard let id = pick(writableSignals), case .signal(let signal) = handles[id] else { return }
        let value = next(6)
        note("write s\(id) = \(value)")
        signalValues[id] = value
        signal.value = value
    }

    private func update() {
        guard let id = pick(writableSignals), case .signal(let signal) = handles[id] else { return }
        let delta = next(3)
        note("update s\(id) += \(delta)")
        signalValues[id] = (signalValues[id] + delta) % 6
        forcedAt[id] = operation
        signal.update { $0 = ($0 + delta) % 6 }
    }

    private func newSignal() {
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

    private func newComputed() {
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
    private func newWritingComputed() {
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
    private func newCyclicComputed() {
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

    private func runBatch() {
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

    private func read() {
        guard let id = pick(handles.keys.sorted()) else { return }
        note("read n\(id)")
        if batchDepth > 0, formulas[id] != nil { readInsideBatch = true }
        let seen = settledRead { handles[id]!.outcome() }
        let expected = truth()[id]
        if seen != expected {
            fail("read n\(id): got \(seen), expected \(expected)")
        }
    }

    private func peek() {
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
    private func updateMirrorTargets() {
        let mirrors = effects.filter { $0.mirror != nil && !$0.cancelled }
        for record in mirrors.sorted(by: { $0.mirror!.target < $1.mirror!.target }) {
            let (target, shift) = record.mirror!
            if case .value(let source) = truth()[record.plan.condition] {
                signalValues[target] = (source + shift) % 6
            }
        }
    }

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
    private func newEffect() {
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

    private func cancelEffect() {
        guard let index = pick(effects.indices.filter { effects[$0].handle != nil }) else { return }
        let record = effects[index]
        guard let handle = record.handle else { return }
        note("e\(record.index).cancel()")
        handle.cancel()
        record.markCancelled()
        if !handle.isCancelled { fail("e\(record.index) is not cancelled after cancel()") }
        if handle.deps != nil { fail("e\(record.index) still has dependencies after cancel()") }
    }

    private func drop() {
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

    private func newScope() {
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

    /// Writes a signal and back inside one batch: nobody may notice.
    private func writeBack() {
        guard let id = pick(writableSignals), case .signal(let signal) = handles[id] else { return }
        let value = next(6), old = signalValues[id]
        note("batch { write s\(id) = \(value); write s\(id) = \(old) }")
        batch {
            signal.value = value
            signal.value = old
        }
    }

    // MARK: Checking

    /// Every node's value, computed from scratch: in id order, but for cyclic computeds,
    /// which nothing else reads, then worked out depth-first through their forward
    /// references (a node reached again while it evaluates is a cycle error, -1).
    private func truth() -> [Outcome] {
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

    private func checkView(_ view: [(id: Int, value: Int)], _ what: String) {
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
    private func settle() {
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
    private func tearDown() {
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

    // MARK: Listing

    private func describe(_ formula: Formula) -> String {
        "n\(formula.condition) even ? \(formula.whenEven.map { "n\($0)" }) : \(formula.whenOdd.map { "n\($0)" }), +\(formula.offset) %\(formula.modulus)\(formula.throwing ? ", throws on 0" : "")\(formula.forward.map { ", + table[\($0)]" } ?? "")"
    }

    private func describe(_ plan: ReadPlan) -> String {
        "n\(plan.condition) even ? \(plan.whenEven.map { "n\($0)" }) : \(plan.whenOdd.map { "n\($0)" })"
    }
}
