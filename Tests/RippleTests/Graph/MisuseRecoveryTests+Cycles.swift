// Cycles: every computed of a loop holds a CycleError naming it, and the graph recovers.

import Testing
@testable import Ripple

extension MisuseRecoveryTests {
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
}
