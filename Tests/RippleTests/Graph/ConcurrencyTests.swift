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
    /// A thread that does not start or finish within ``waitLimit`` fails the test.
    static func runOnThreads(_ bodies: [@Sendable () -> Void], sourceLocation: SourceLocation = #_sourceLocation) {
        let started = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        for body in bodies {
            let thread = Thread {
                started.signal()
                guard go.waitOnThread() else { return }
                body()
                finished.signal()
            }
            thread.start()
        }
        for index in bodies.indices {
            guard started.wait(for: "thread \(index + 1) of \(bodies.count) to start", sourceLocation: sourceLocation) else { return }
        }
        for _ in bodies { go.signal() }
        for index in bodies.indices {
            guard finished.wait(for: "thread \(index + 1) of \(bodies.count) to finish", sourceLocation: sourceLocation) else { return }
        }
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
                var waited = true
                batch {
                    count.value = 1
                    inside.signal()
                    waited = otherDone.waitOnThread()   // the other thread writes while this batch is open
                    runsInside = runs
                }
                effect.cancel()
                let counts = waited ? ["inside": runsInside, "after": runs] : ["timed out": 1]
                outcomes.record(Outcome(counts: counts), as: "batching")
            },
            {
                guard inside.waitOnThread() else { return outcomes.record(Outcome(counts: ["timed out": 1]), as: "writing") }
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

    @Test func `four graphs on four threads at once each get their own exact counts`() {
        let writes = 2_000, iterations = 250
        for round in 1...4 {
            let outcomes = Outcomes()
            Self.runOnThreads([
                { outcomes.record(Self.driveDiamond(writes: writes), as: "diamond 1") },
                { outcomes.record(Self.driveChurn(iterations: iterations), as: "churn 1") },
                { outcomes.record(Self.driveDiamond(writes: writes), as: "diamond 2") },
                { outcomes.record(Self.driveChurn(iterations: iterations), as: "churn 2") },
            ])
            for name in ["diamond 1", "diamond 2"] {
                #expect(outcomes[name] == Self.expectedDiamond(writes: writes), "round \(round), \(name)")
            }
            for name in ["churn 1", "churn 2"] {
                #expect(outcomes[name] == Self.expectedChurn(iterations: iterations), "round \(round), \(name)")
            }
        }
    }

    /// Hands a graph from the thread that built it to another. Safety: the threads
    /// take turns, ordered by a semaphore.
    final class Handoff: @unchecked Sendable {
        var source: Signal<Int>?
        var effects: [Effect] = []
        var runs = 0
    }

    @Test func `links made on one thread are freed on another while two more churn their own`() {
        let iterations = 250
        for round in 1...4 {
            let handoff = Handoff()
            let built = DispatchSemaphore(value: 0)
            let outcomes = Outcomes()
            Self.runOnThreads([
                {
                    let source = Signal(0)
                    handoff.source = source
                    handoff.effects = (0..<2_000).map { _ in Effect { _ = source.value; handoff.runs += 1 } }
                    built.signal()
                },
                {
                    guard built.waitOnThread() else { return }
                    // Written here, run here; cancelled here, so every link the other
                    // thread made comes back through this thread's cache.
                    handoff.source?.value = 1
                    for effect in handoff.effects { effect.cancel() }
                    handoff.source?.value = 2
                    handoff.effects = []
                    handoff.source = nil
                },
                { outcomes.record(Self.driveChurn(iterations: iterations), as: "churn 1") },
                { outcomes.record(Self.driveChurn(iterations: iterations), as: "churn 2") },
            ])
            #expect(handoff.runs == 4_000, "round \(round)")
            for name in ["churn 1", "churn 2"] {
                #expect(outcomes[name] == Self.expectedChurn(iterations: iterations), "round \(round), \(name)")
            }
        }
    }

    // MARK: Tasks

    /// A graph owned by an actor: a tracked counter and a computed over it.
    actor GraphHost {
        let counter = Counter()
        let doubled: Computed<Int>

        init() {
            let counter = self.counter
            doubled = Computed { counter.count * 2 }
        }

        func write(_ value: Int) {
            counter.count = value
        }

        /// Follows `doubled` from a task on this actor until it reaches `last * 2`.
        func follow(until last: Int) async -> [Int] {
            var seen: [Int] = []
            for await value in observe({ self.doubled.value }) {
                seen.append(value)
                if value == last * 2 { break }
            }
            return seen
        }

        /// Follows `doubled` until the consuming task is cancelled.
        func followUntilCancelled() async -> Int {
            var count = 0
            for await _ in observe({ self.doubled.value }) { count += 1 }
            return count
        }
    }

    enum Followed: Sendable {
        case values([Int])
        case cancelled(afterElements: Int)
    }

    @Test(.timeLimit(.minutes(5)))
    func `observe consumers in other tasks follow graphs on several actors at once`() async {
        let hosts = (0..<3).map { _ in GraphHost() }
        let last = 300
        await withTaskGroup(of: Followed.self) { group in
            for host in hosts {
                for _ in 0..<2 {
                    group.addTask { .values(await host.follow(until: last)) }
                }
                let endless = Task { await host.followUntilCancelled() }
                group.addTask {
                    for value in 1...last {
                        await host.write(value)
                        if value.isMultiple(of: 10) { await Task.yield() }
                    }
                    endless.cancel()
                    return .cancelled(afterElements: await endless.value)
                }
            }
            var finished = 0
            for await outcome in group {
                switch outcome {
                case .values(let seen):
                    #expect(seen.last == last * 2)
                    #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 }, "not increasing: \(seen)")
                    #expect(seen.allSatisfy { $0.isMultiple(of: 2) })
                case .cancelled(let elements):
                    // Returning at all shows that a cancel from another task ended it.
                    #expect(elements <= last + 1)
                    finished += 1
                }
            }
            #expect(finished == hosts.count)
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func `environment scopes in concurrent child tasks each resolve their own, across suspensions`() async {
        let results = await withTaskGroup(of: (Int, [Int], [Int]).self) { group in
            for index in 0..<8 {
                group.addTask {
                    let library = Library(books: (0...index).map { _ in Book() })
                    return await withEnvironment(library) {
                        await withEnvironment(\.pageSize, index) {
                            // A graph built in this task, inside its scope; the task may
                            // resume on another thread after every suspension.
                            let counter = Counter()
                            var seen: [Int] = []
                            let effect = Effect {
                                @Environment(Library.self) var library
                                @Environment(\.pageSize) var pageSize
                                seen.append(counter.count * 1_000 + library.books.count * 10 + pageSize)
                            }
                            for step in 1...20 {
                                await Task.yield()
                                counter.count = step
                            }
                            effect.cancel()
                            // Grandchildren inherit the scope too.
                            let inherited = await withTaskGroup(of: Int.self) { grandchildren in
                                for _ in 0..<3 {
                                    grandchildren.addTask {
                                        EnvironmentValues.current[Library.self]!.books.count * 10
                                            + EnvironmentValues.current.pageSize
                                    }
                                }
                                return await grandchildren.reduce(into: []) { $0.append($1) }
                            }
                            return (index, seen, inherited)
                        }
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        for (index, seen, inherited) in results {
            let own = (index + 1) * 10 + index
            #expect(seen == (0...20).map { $0 * 1_000 + own }, "task \(index)")
            #expect(inherited == [own, own, own], "task \(index)")
        }
        #expect(EnvironmentValues.current.isEmpty)
    }
}
