// The order effects run in: subscription order, depth first behind a computed, the order
// of first notification in a batch, and parents before their pending children.

import Testing
@testable import Ripple

extension EffectTests {
    @Test func `one write runs its subscribers in subscription order`() {
        let source = Signal(0)
        var order: [String] = []
        let a = Effect { _ = source.value; order.append("a") }
        let b = Effect { _ = source.value; order.append("b") }
        let c = Effect { _ = source.value; order.append("c") }
        order.removeAll()
        source.value = 1
        source.value = 2
        #expect(order == ["a", "b", "c", "a", "b", "c"])
        [a, b, c].forEach { $0.cancel() }
    }

    @Test func `effects behind a computed are notified depth first`() {
        let source = Signal(0)
        let mirror = Computed { source.value }
        var order: [String] = []
        let a = Effect { _ = mirror.value; order.append("a") }      // source's first subscriber is mirror
        let b = Effect { _ = source.value; order.append("b") }
        let c = Effect { _ = mirror.value; order.append("c") }
        order.removeAll()
        source.value = 1
        #expect(order == ["a", "c", "b"])
        [a, b, c].forEach { $0.cancel() }
    }

    @Test func `a batch runs effects in the order they were first notified`() {
        let x = Signal(0), y = Signal(0)
        var order: [String] = []
        let a = Effect { _ = x.value; order.append("a") }
        let b = Effect { _ = y.value; order.append("b") }
        let both = Effect { _ = x.value + y.value; order.append("both") }
        order.removeAll()
        batch { y.value = 1; x.value = 1 }
        #expect(order == ["b", "both", "a"])
        order.removeAll()
        batch { x.value = 2; y.value = 2 }
        #expect(order == ["a", "both", "b"])
        [a, b, both].forEach { $0.cancel() }
    }

    @Test func `a dependency read again on a re-run keeps its place`() {
        let source = Signal(0), other = Signal(0)
        var order: [String] = []
        let a = Effect { _ = other.value; _ = source.value; order.append("a") }
        let b = Effect { _ = source.value; order.append("b") }
        other.value = 1                     // a re-runs alone, reading source again
        order.removeAll()
        source.value = 1
        #expect(order == ["a", "b"])
        [a, b].forEach { $0.cancel() }
    }

    @Test
    func `a dependency read again keeps its place when an earlier one is dropped`() {
        let includeExtra = Signal(true), extra = Signal(0), source = Signal(0)
        var order: [String] = []
        let a = Effect {
            if includeExtra.value { _ = extra.value }
            _ = source.value
            order.append("a")
        }
        let b = Effect { _ = source.value; order.append("b") }
        includeExtra.value = false          // a re-runs, reading source again
        order.removeAll()
        source.value = 1
        #expect(order == ["a", "b"])
        [a, b].forEach { $0.cancel() }
    }

    @Test
    func `a dependency read again keeps its place when the read order changes`() {
        let swapped = Signal(false), first = Signal(0), second = Signal(0)
        var order: [String] = []
        let a = Effect {
            if swapped.value {
                _ = second.value; _ = first.value
            } else {
                _ = first.value; _ = second.value
            }
            order.append("a")
        }
        let b = Effect { _ = second.value; order.append("b") }
        swapped.value = true                // a re-runs, reading second again
        order.removeAll()
        second.value = 1
        #expect(order == ["a", "b"])
        [a, b].forEach { $0.cancel() }
    }

    @Test func `a parent runs before its pending child, and a child it disposes never runs`() {
        let parentInput = Signal(0), childInput = Signal(0)
        var log: [String] = []
        var generation = 0
        let parent = Effect {
            generation += 1
            let current = generation
            log.append("parent \(current) sees \(parentInput.value)")
            _ = Effect { log.append("child \(current) sees \(childInput.value)") }
        }
        batch {
            childInput.value = 1            // child 1 is notified first...
            parentInput.value = 1           // ...but its parent runs first and disposes it
        }
        childInput.value = 2
        #expect(log == [
            "parent 1 sees 0", "child 1 sees 0",
            "parent 2 sees 1", "child 2 sees 1",
            "child 2 sees 2",
        ])
        parent.cancel()
    }

    @Test func `a pending grandchild never runs when its grandparent re-runs`() {
        let top = Signal(0), bottom = Signal(0)
        var log: [String] = []
        var generation = 0
        let grandparent = Effect {
            generation += 1
            let current = generation
            log.append("grandparent \(current) sees \(top.value)")
            _ = Effect {
                log.append("parent \(current)")
                _ = Effect { log.append("grandchild \(current) sees \(bottom.value)") }
            }
        }
        batch {
            bottom.value = 1
            top.value = 1
        }
        #expect(log == [
            "grandparent 1 sees 0", "parent 1", "grandchild 1 sees 0",
            "grandparent 2 sees 1", "parent 2", "grandchild 2 sees 1",
        ])
        grandparent.cancel()
    }

    @Test func `a pending child runs when its parent turns out unchanged`() {
        let parentInput = Signal(0), childInput = Signal(0)
        let isEven = Computed { parentInput.value % 2 == 0 }
        var parentRuns = 0
        var childSeen: [Int] = []
        let parent = Effect {
            parentRuns += 1
            _ = isEven.value
            _ = Effect { childSeen.append(childInput.value) }
        }
        batch {
            childInput.value = 1
            parentInput.value = 2           // isEven stays true: the parent is cut off
        }
        #expect(parentRuns == 1)
        #expect(childSeen == [0, 1])
        parent.cancel()
    }
}
