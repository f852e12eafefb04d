@testable import Ripple

// This file and its GraphProgram+*.swift extensions are compiled twice: into the test
// target, which replays the checked-in corpus and random programs, and by Fuzz/run
// into the libFuzzer target. They import nothing but Ripple, so that they build in both.

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
