// The interpreter of graph programs: its state, the decoding of operations from bytes,
// the loop that runs them and checks each transaction, and the listing.

@testable import Ripple

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
    var formulas: [Formula?] = []          // nil for signals
    var signalValues: [Int] = []           // by id; unused for computeds
    var handles: [Int: NodeRef] = [:]      // the program's own references
    var weakNodes: [WeakNode] = []
    var effects: [EffectRecord] = []
    var nextEffectIndex = 0
    /// True while this program's own operation creates an effect, false while a flush
    /// re-runs one (when effects' writes may not have reached the model yet).
    var creatingEffect = false
    var scopes: [ScopeRecord] = []

    /// Counts operations; the clock for "written after this view".
    var operation = 0
    var batchDepth = 0
    /// Signals updated in place during this transaction, and when.
    var forcedAt: [Int: Int] = [:]
    /// Set when this transaction read inside a batch (see ``GraphProgram``).
    var readInsideBatch = false

    // Misuse mode.
    private var misuse = false
    /// Writes of a new value that computeds made, in all; each may add a wave of runs.
    var computedWrites = 0
    var computedWritesAtSettle = 0
    /// The signal each writing computed writes, by the computed's id.
    var writerTargets: [Int: Int] = [:]
    /// The cyclic computeds, which live as long as the table does.
    var cycleTable: CycleTable?

    private(set) var log: [String] = []
    private(set) var failure: String?

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: Decoding

    var exhausted: Bool { cursor >= bytes.count }

    func next(_ bound: Int) -> Int {
        guard cursor < bytes.count else { return 0 }
        defer { cursor += 1 }
        return Int(bytes[cursor]) % bound
    }

    func pick(_ candidates: [Int]) -> Int? {
        candidates.isEmpty ? nil : candidates[next(candidates.count)]
    }

    var liveSignals: [Int] {
        handles.keys.filter { formulas[$0] == nil }.sorted()
    }

    /// Live signals that no effect or computed writes.
    var writableSignals: [Int] {
        let mirrored = Set(effects.compactMap { $0.mirror?.target }).union(writerTargets.values)
        return liveSignals.filter { !mirrored.contains($0) }
    }

    var liveComputeds: [Int] {
        handles.keys.filter { formulas[$0] != nil }.sorted()
    }

    /// Live nodes that never hold an error: inputs for computeds, effects and scopes.
    var readableNodes: [Int] {
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

    func fail(_ message: String) {
        guard failure == nil else { return }
        failure = """
            \(message)
            after operation \(operation); program so far:
            \(log.suffix(40).joined(separator: "\n"))
            """
    }

    func note(_ text: String) {
        log.append("\(operation): \(String(repeating: "  ", count: batchDepth))\(text)")
    }

    /// Decodes and performs one operation (a batch performs the ones it contains).
    func step() {
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

    // MARK: Listing

    func describe(_ formula: Formula) -> String {
        "n\(formula.condition) even ? \(formula.whenEven.map { "n\($0)" }) : \(formula.whenOdd.map { "n\($0)" }), +\(formula.offset) %\(formula.modulus)\(formula.throwing ? ", throws on 0" : "")\(formula.forward.map { ", + table[\($0)]" } ?? "")"
    }

    func describe(_ plan: ReadPlan) -> String {
        "n\(plan.condition) even ? \(plan.whenEven.map { "n\($0)" }) : \(plan.whenOdd.map { "n\($0)" })"
    }
}
