import Testing
@testable import Ripple

/// Graph misuse that every peer recovers from is reported through `RuntimeIssues` and
/// recovered from: a computed that writes, a cycle, an effect that never settles, an
/// effect that throws. The program goes on, with sensible values.
@Suite struct MisuseRecoveryTests {
    // MARK: Writes while a computed evaluates

    @Test func `a computed that mirrors its input into another signal applies the write, reported once`() {
        let input = Signal(1), mirror = Signal(0, name: "mirror")
        let doubled = Computed(name: "doubled") { () -> Int in
            mirror.value = input.value
            return input.value * 2
        }
        var values: [Int] = []
        let issues = RuntimeIssues.collect {
            values.append(doubled.value)
            input.value = 5
            values.append(doubled.value)
        }
        #expect(values == [2, 10])
        #expect(mirror.value == 5)
        #expect(issues.map(\.kind) == [.writeDuringEvaluation])
        #expect(issues.first?.nodes == ["doubled", "mirror"])
        #expect(issues.first?.message.contains("mirror was written while doubled evaluated") == true)
    }

    @Test func `later reads in the same evaluation see the write`() {
        let source = Signal(1)
        let sum = Signal(0)
        let total = Computed { () -> Int in
            sum.value = source.value + 10
            return sum.value
        }
        _ = RuntimeIssues.collect { #expect(total.value == 11) }
    }

    @Test func `a computed that increments its own source evaluates again on each read`() {
        let count = Signal(0)
        var evaluations = 0
        let next = Computed { () -> Int in
            evaluations += 1
            let value = count.value
            count.value = value + 1
            return value
        }
        let issues = RuntimeIssues.collect {
            #expect(next.value == 0)
            #expect(next.value == 1)
            #expect(next.value == 2)
        }
        #expect(evaluations == 3)
        #expect(count.value == 3)
        #expect(issues.count == 1)
    }

    @Test func `a computed that writes and re-reads its own source is dirty afterwards`() {
        let count = Signal(0)
        var evaluations = 0
        let bumped = Computed { () -> Int in
            evaluations += 1
            count.value += 1          // reads, writes, and the next read sees the write
            return count.value
        }
        _ = RuntimeIssues.collect {
            #expect(bumped.value == 1)
            #expect(bumped.value == 2)
        }
        #expect(evaluations == 2)
    }

    @Test func `a write in a computed wakes the effect downstream once the evaluation is over`() {
        let input = Signal(2), shadow = Signal(0)
        let squared = Computed { () -> Int in
            shadow.value = input.value
            return input.value * input.value
        }
        var seen: [Int] = []
        let issues = RuntimeIssues.collect {
            let watcher = Effect { seen.append(shadow.value) }
            #expect(squared.value == 4)
            input.value = 3
            #expect(squared.value == 9)
            watcher.cancel()
        }
        #expect(seen == [0, 2, 3])
        #expect(issues.count == 1)
    }

    @Test func `an effect reading a computed that writes sees both the write and the value`() {
        let input = Signal(1), log = Signal([Int]())
        let doubled = Computed { () -> Int in
            log.update { $0.append(input.value) }   // writes without reading
            return input.value * 2
        }
        var views: [String] = []
        _ = RuntimeIssues.collect {
            let view = Effect { views.append("\(doubled.value) \(log.value)") }
            input.value = 2
            view.cancel()
        }
        #expect(views.last == "4 [1, 2]")
        #expect(log.value == [1, 2])
    }

    @Test func `tracked properties and in-place updates written in a computed apply`() {
        let counter = Counter()
        let items = Signal([1])
        let cart = ShoppingCart()
        let busy = Computed { () -> Int in
            counter.label = "written"
            counter.count += 1
            items.update { $0.append(2) }
            cart.items.removeAll()
            return 7
        }
        let issues = RuntimeIssues.collect { #expect(busy.value == 7) }
        #expect(counter.label == "written")
        #expect(counter.count == 1)
        #expect(items.value == [1, 2])
        #expect(cart.items.isEmpty)
        #expect(issues.count == 1)
    }

    @Test func `a computed that writes inside a batch applies at the batch's end`() {
        let input = Signal(1), echo = Signal(0)
        let copy = Computed { () -> Int in
            echo.value = input.value
            return input.value
        }
        var echoes: [Int] = []
        _ = RuntimeIssues.collect {
            let watcher = Effect { echoes.append(echo.value) }
            batch {
                input.value = 4
                #expect(copy.value == 4)
                #expect(echo.value == 4)
            }
            watcher.cancel()
        }
        #expect(echoes == [0, 4])
    }

    @Test func `an effect over a computed that changes its own source is stopped, not hung`() {
        let count = Signal(0)
        let next = Computed { () -> Int in
            let value = count.value
            count.value = value + 1
            return value
        }
        var runs = 0
        let issues = RuntimeIssues.collect {
            let spinner = Effect("spinner") {
                runs += 1
                _ = next.value
            }
            spinner.cancel()
        }
        #expect(runs == 101)        // the first run, then 100 in the flush that followed
        #expect(issues.map(\.kind).contains(.runawayEffect))
        #expect(issues.map(\.kind).contains(.writeDuringEvaluation))
    }

    // MARK: Cycles

    @Test func `a computed that reads itself holds a cycle error naming it`() throws {
        var itself: Computed<Int>!
        itself = Computed(name: "itself") { () throws -> Int in try itself.get() + 1 }
        let issues = RuntimeIssues.collect {
            #expect(throws: CycleError.self) { try itself.get() }
        }
        let error = try #require(issues.first?.error as? CycleError)
        #expect(error.nodes == ["itself", "itself"])
        #expect(issues.map(\.kind) == [.cycle])
        #expect(issues[0].message.contains("cycle: itself -> itself"))
        // Cached: the next read throws without evaluating or reporting again.
        let again = RuntimeIssues.collect {
            #expect(throws: CycleError.self) { try itself.get() }
        }
        #expect(again.isEmpty)
        itself = nil
    }

    @Test func `every computed of a cycle holds the error, and names the whole loop`() throws {
        var third: Computed<Int>!
        let first = Computed(name: "first") { () throws -> Int in try third.get() + 1 }
        let second = Computed(name: "second") { () throws -> Int in try first.get() + 1 }
        third = Computed(name: "third") { () throws -> Int in try second.get() + 1 }
        let outside = Computed(name: "outside") { () throws -> Int in try second.get() * 10 }
        let issues = RuntimeIssues.collect {
            #expect(throws: CycleError.self) { try outside.get() }
        }
        for node in [first, second, third!, outside] {
            let error = try #require(throws: CycleError.self) { try node.get() }
            #expect(error.nodes == ["second", "first", "third", "second"])
        }
        #expect(issues.count == 1)
        third = nil
    }

    @Test func `a cycle through untracked is found too`() {
        var itself: Computed<Int>!
        itself = Computed { () throws -> Int in try untracked { try itself.get() } + 1 }
        let issues = RuntimeIssues.collect {
            #expect(throws: CycleError.self) { try itself.get() }
        }
        #expect(issues.map(\.kind) == [.cycle])
        itself = nil
    }

    @Test func `a cycle that a flag closes recovers when the flag opens it`() throws {
        let closesLoop = Signal(false)
        var second: Computed<Int>!
        let first = Computed(name: "first") { () throws -> Int in
            closesLoop.value ? try second.get() + 1 : 0
        }
        second = Computed(name: "second") { () throws -> Int in try first.get() + 1 }
        var seen: [String] = []
        let issues = RuntimeIssues.collect {
            let view = Effect {
                do { seen.append("\(try second.get())") } catch { seen.append("cycle") }
            }
            closesLoop.value = true
            closesLoop.value = false
            view.cancel()
        }
        #expect(seen == ["1", "cycle", "1"])
        #expect(try first.get() == 0)
        #expect(try second.get() == 1)
        #expect(issues.map(\.kind) == [.cycle])
        second = nil
    }

    @Test func `the rest of the graph keeps working beside a cycle`() {
        var loop: Computed<Int>!
        loop = Computed { () throws -> Int in try loop.get() }
        let count = Signal(1)
        let doubled = Computed { count.value * 2 }
        var seen: [Int] = []
        _ = RuntimeIssues.collect {
            _ = try? loop.get()
            let effect = Effect { seen.append(doubled.value) }
            count.value = 2
            effect.cancel()
        }
        #expect(seen == [2, 4])
        loop = nil
    }

    @Test func `a cycle's computeds are released when dropped, whatever their links`() {
        weak var weakFirst: Computed<Int>?
        weak var weakSecond: Computed<Int>?
        do {
            final class Box { weak var node: Computed<Int>? }
            let box = Box()
            let first = Computed { () throws -> Int in try (box.node?.get() ?? 0) + 1 }
            let second = Computed { () throws -> Int in try first.get() + 1 }
            box.node = first
            _ = RuntimeIssues.collect { _ = try? second.get() }
            weakFirst = first
            weakSecond = second
        }
        #expect(weakFirst == nil)
        #expect(weakSecond == nil)
    }

    // MARK: Runaway effects

    @Test func `an effect that settles after exactly 100 runs in one flush is not stopped`() {
        let a = Signal(0)
        var runs = 0
        let issues = RuntimeIssues.collect {
            let e = Effect {
                runs += 1
                let v = a.value
                if v > 0 && v < 100 { a.value = v + 1 }
            }
            runs = 0
            a.value = 1
            e.cancel()
        }
        #expect(runs == 100)
        #expect(a.value == 100)
        #expect(issues.isEmpty)
    }

    @Test func `an unrelated flush between the first run and the loop changes nothing`() {
        let a = Signal(0), unrelated = Signal(0)
        var runs = 0
        let issues = RuntimeIssues.collect {
            let e = Effect {
                runs += 1
                let v = a.value
                if v > 0 && v < 100 { a.value = v + 1 }
            }
            let other = Effect { _ = unrelated.value }
            unrelated.value = 1
            runs = 0
            a.value = 1
            e.cancel()
            other.cancel()
        }
        #expect(runs == 100)
        #expect(issues.isEmpty)
    }

    @Test func `a runaway effect is stopped for the flush, reported with its cause, and runs again later`() throws {
        let count = Signal(0, name: "count")
        let other = Signal(0)
        var otherRuns = 0
        var spins = 0
        let issues = RuntimeIssues.collect {
            let spinner = Effect("spinner") {
                spins += 1
                count.value += 1
            }
            let bystander = Effect("bystander") {
                otherRuns += 1
                _ = other.value
            }
            #expect(spins == 101)
            #expect(count.value == 101)
            other.value = 1                 // the graph goes on
            #expect(otherRuns == 2)
            count.value = 0                 // an outside write runs it again, and stops it again
            #expect(spins == 201)
            spinner.cancel()
            bystander.cancel()
        }
        #expect(issues.map(\.kind) == [.runawayEffect, .runawayEffect])
        let issue = try #require(issues.first)
        #expect(issue.nodes.first == "spinner")
        #expect(issue.message.contains("effect 'spinner' ran 100 times in one flush"))
        #expect(issue.message.contains("count 100 -> 101"))
        // Traced for the report only: the effect and its source are untraced again.
        #expect(!count.flags.contains(.traced))
    }

    @Test func `two effects that feed each other are stopped the same way`() {
        let ping = Signal(0, name: "ping"), pong = Signal(0, name: "pong")
        var pings = 0, pongs = 0
        let issues = RuntimeIssues.collect {
            let left = Effect("left") {
                pings += 1
                ping.value = pong.value + 1
            }
            let right = Effect("right") {
                pongs += 1
                pong.value = ping.value + 1
            }
            left.cancel()
            right.cancel()
        }
        #expect(issues.map(\.kind) == [.runawayEffect])
        #expect(issues.first?.message.contains("re-run by pong") == true, "\(issues)")
        #expect(pings <= 101 && pongs <= 101)
        #expect(ping.value > 100)
    }

    // MARK: Effects that throw

    struct Offline: Error {}

    @Test func `an effect that throws is reported, keeps what it read, and runs its cleanups`() {
        let connected = Signal(true), retries = Signal(0)
        var log: [String] = []
        var bystanderRuns = 0
        let issues = RuntimeIssues.collect {
            let sync = Effect("sync") {
                let online = connected.value
                onCleanup { log.append("cleanup") }
                guard online else { throw Offline() }
                log.append("synced \(retries.value)")
            }
            let bystander = Effect { bystanderRuns += 1; _ = connected.value }
            connected.value = false          // throws: reported; the bystander still runs
            retries.value = 1                // not read before the throw: nothing runs
            connected.value = true           // read before the throw: runs again
            sync.cancel()
            bystander.cancel()
        }
        #expect(log == ["synced 0", "cleanup", "cleanup", "synced 1", "cleanup"])
        #expect(bystanderRuns == 3)
        #expect(issues.map(\.kind) == [.effectError])
        #expect(issues.first?.nodes == ["sync"])
        #expect(issues.first?.error is Offline)
        #expect(issues.first?.message.contains("effect 'sync' threw Offline") == true)
    }

    @Test func `an effect that throws on its first run is reported`() {
        let issues = RuntimeIssues.collect {
            let failing = Effect("failing") { throw Offline() }
            failing.cancel()
        }
        #expect(issues.map(\.kind) == [.effectError])
    }

    @Test func `a tracking scope whose apply throws rethrows, and still follows what it read`() {
        let online = Signal(false), retries = Signal(0)
        var fired = 0
        #expect(throws: Offline.self) {
            try withTracking { () throws -> Int in
                guard online.value else { throw Offline() }
                return retries.value
            } onChange: { fired += 1 }
        }
        retries.value = 1        // read after the throw point only: not followed
        #expect(fired == 0)
        online.value = true      // read before the throw: onChange runs
        #expect(fired == 1)
    }

    @Test func `an effect scope's body that throws rethrows, and keeps what it made`() {
        let scope = EffectScope()
        let count = Signal(0)
        var runs = 0
        #expect(throws: Offline.self) {
            try scope.run {
                _ = Effect { runs += 1; _ = count.value }
                throw Offline()
            }
        }
        count.value = 1
        #expect(runs == 2)
        scope.cancel()
        count.value = 2
        #expect(runs == 2)
    }

    // MARK: Other misuse

    @Test func `releasing an effect from a computed it depends on stops the effect, reported`() {
        let input = Signal(0)
        var holder: Effect?
        var runs = 0
        weak var weakHolder: Effect?
        let reader = Computed { () -> Int in
            let value = input.value
            if value == 1 { holder = nil }  // the last handle, while the effect revalidates
            return value
        }
        let issues = RuntimeIssues.collect {
            holder = Effect("holder view") { runs += 1; _ = reader.value }
            weakHolder = holder
            input.value = 1
            input.value = 2
        }
        #expect(runs == 1)
        #expect(weakHolder == nil)
        #expect(issues.map(\.kind) == [.effectReleasedDuringEvaluation])
        #expect(issues.first?.message.contains("effect 'holder view' was released") == true)
    }

    @Test func `a list operator made while a computed runs works, reported once`() {
        let numbers = Signal(IncrementalArray([1, 2, 3]))
        let perRead = Computed { numbers.filter { $0 > 1 }.value.count }
        let issues = RuntimeIssues.collect {
            #expect(perRead.value == 2)
            numbers.value.append(4)
            #expect(perRead.value == 3)
        }
        #expect(issues.map(\.kind) == [.operatorMadeDuringRun])
    }

    // MARK: The channel

    @Test func `a task's reporter takes the issues, not the process's`() {
        let seen = LockedState<[RuntimeIssue.Kind]>([])
        RuntimeIssues.withReporter(RuntimeIssueReporter { issue in seen.withLock { $0.append(issue.kind) } }) {
            let effect = Effect { throw Offline() }
            effect.cancel()
        }
        #expect(seen.withLock { $0 } == [.effectError])
    }

    @Test func `by default an issue is one line on standard error, and the program goes on`() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let count = Signal(0, name: "count")
            let spinner = Effect("spinner") { count.value += 1 }
            spinner.cancel()
            precondition(count.value == 101)
        }
        let lines = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
            .split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("Ripple runtime issue (runawayEffect): effect 'spinner'") == true)
    }

    @Test func `the strict reporter traps with the issue`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            RuntimeIssues.reporter = .fatalError
            var itself: Computed<Int>!
            itself = Computed(name: "loop") { () throws -> Int in try itself.get() }
            _ = try? itself.get()
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("Ripple runtime issue (cycle): cycle: loop -> loop"))
    }
}
