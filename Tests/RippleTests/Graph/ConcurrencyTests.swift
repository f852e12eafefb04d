import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Ripple

/// Independent graphs on different threads share no mutable state: driven at the same
/// time, each gets exactly the counts it would get alone.
@Suite struct ConcurrencyTests {
    /// What one thread's graph did, in run counts.
    struct Outcome: Sendable, Equatable {
        var counts: [String: Int]
    }

    /// Collects the outcomes the threads report.
    final class Outcomes: Sendable {
        private let storage = Mutex<[String: Outcome]>([:])

        func record(_ outcome: Outcome, as name: String) {
            storage.withLock { $0[name] = outcome }
        }

        subscript(name: String) -> Outcome? {
            storage.withLock { $0[name] }
        }
    }

    /// Runs each body on a new thread of its own, released together, and waits for all
    /// of them to finish (and their threads' runtimes to be created and torn down).
    static func runOnThreads(_ bodies: [@Sendable () -> Void]) {
        let started = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        for body in bodies {
            let thread = Thread {
                started.signal()
                go.wait()
                body()
                finished.signal()
            }
            thread.start()
        }
        for _ in bodies { started.wait() }
        for _ in bodies { go.signal() }
        for _ in bodies { finished.wait() }
    }

    /// A diamond under an effect, written `writes` times, a quarter of them as batches
    /// that pass through an intermediate value.
    static func driveDiamond(writes: Int) -> Outcome {
        let source = Signal(0)
        var left = 0, right = 0, sink = 0, effect = 0, glitches = 0, last = 0
        let doubled = Computed { left += 1; return source.value * 2 }
        let tripled = Computed { right += 1; return source.value * 3 }
        let sum = Computed {
            sink += 1
            let pair = (doubled.value, tripled.value)
            if pair.0 * 3 != pair.1 * 2 { glitches += 1 }
            return pair.0 + pair.1
        }
        let observer = Effect { effect += 1; last = sum.value }
        for step in 1...writes {
            if step.isMultiple(of: 4) {
                batch {
                    source.value = -step
                    source.value = step
                }
            } else {
                source.value = step
            }
        }
        observer.cancel()
        return Outcome(counts: [
            "left": left, "right": right, "sink": sink, "effect": effect,
            "glitches": glitches, "last": last,
        ])
    }

    /// Nodes created and torn down every iteration: computeds, effects with cleanups
    /// and children, tracking scopes.
    static func driveChurn(iterations: Int) -> Outcome {
        let input = Signal(0)
        var computeRuns = 0, effectRuns = 0, childRuns = 0, cleanups = 0, fired = 0
        for iteration in 1...iterations {
            let doubled = Computed { computeRuns += 1; return input.value * 2 }
            let effect = Effect {
                effectRuns += 1
                _ = doubled.value
                onCleanup { cleanups += 1 }
                _ = Effect { childRuns += 1 }
            }
            withTracking { _ = input.value } onChange: { fired += 1 }
            input.value = iteration * 10
            input.value = iteration * 10 + 1
            effect.cancel()
        }
        return Outcome(counts: [
            "compute": computeRuns, "effect": effectRuns, "child": childRuns,
            "cleanups": cleanups, "fired": fired,
        ])
    }

    static func expectedDiamond(writes: Int) -> Outcome {
        Outcome(counts: [
            "left": writes + 1, "right": writes + 1, "sink": writes + 1, "effect": writes + 1,
            "glitches": 0, "last": writes * 5,
        ])
    }

    static func expectedChurn(iterations: Int) -> Outcome {
        Outcome(counts: [
            "compute": 3 * iterations, "effect": 3 * iterations, "child": 3 * iterations,
            "cleanups": 3 * iterations, "fired": iterations,
        ])
    }

    @Test func `two graphs driven from two threads at once each get their own exact counts`() {
        let writes = 4_000, iterations = 500
        for round in 1...10 {
            let outcomes = Outcomes()
            Self.runOnThreads([
                { outcomes.record(Self.driveDiamond(writes: writes), as: "diamond") },
                { outcomes.record(Self.driveChurn(iterations: iterations), as: "churn") },
            ])
            #expect(outcomes["diamond"] == Self.expectedDiamond(writes: writes), "round \(round)")
            #expect(outcomes["churn"] == Self.expectedChurn(iterations: iterations), "round \(round)")
        }
    }

    @Test func `the same graph shape on two threads at once gives identical counts`() {
        let writes = 4_000
        for round in 1...10 {
            let outcomes = Outcomes()
            Self.runOnThreads([
                { outcomes.record(Self.driveDiamond(writes: writes), as: "first") },
                { outcomes.record(Self.driveDiamond(writes: writes), as: "second") },
            ])
            #expect(outcomes["first"] == Self.expectedDiamond(writes: writes), "round \(round)")
            #expect(outcomes["second"] == Self.expectedDiamond(writes: writes), "round \(round)")
        }
    }

    @Test func `a batch open on one thread does not hold back writes on another`() {
        let inside = DispatchSemaphore(value: 0)
        let otherDone = DispatchSemaphore(value: 0)
        let outcomes = Outcomes()
        Self.runOnThreads([
            {
                let count = Signal(0)
                var runs = 0, runsInside = 0
                let effect = Effect { runs += 1; _ = count.value }
                batch {
                    count.value = 1
                    inside.signal()
                    otherDone.wait()        // the other thread writes while this batch is open
                    runsInside = runs
                }
                effect.cancel()
                outcomes.record(Outcome(counts: ["inside": runsInside, "after": runs]), as: "batching")
            },
            {
                inside.wait()
                let count = Signal(0)
                var runs = 0
                let effect = Effect { runs += 1; _ = count.value }
                count.value = 1             // not in a batch on this thread: runs at once
                let runsAfterWrite = runs
                effect.cancel()
                otherDone.signal()
                outcomes.record(Outcome(counts: ["afterWrite": runsAfterWrite]), as: "writing")
            },
        ])
        #expect(outcomes["batching"] == Outcome(counts: ["inside": 1, "after": 2]))
        #expect(outcomes["writing"] == Outcome(counts: ["afterWrite": 2]))
    }
}
