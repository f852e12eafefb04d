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

    @Test func `setting the standard-error reporter again ends the strict setting`() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            RuntimeIssues.reporter = .fatalError
            RuntimeIssues.reporter = .standardError
            let effect = Effect { throw CancellationError() }
            effect.cancel()
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("Ripple runtime issue (effectError)"))
    }
}
