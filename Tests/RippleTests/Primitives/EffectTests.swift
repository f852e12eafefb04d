import Testing
import CMallocStats
@testable import Ripple

/// `Effect`: when it runs, in which order, what it owns, and how it is torn down.
@Suite struct EffectTests {
    final class WeakEffect {
        weak var effect: Effect?
        init(_ effect: Effect) { self.effect = effect }
    }

    // MARK: When an effect runs

    @Test func `runs once at creation, then once per outermost write or batch`() async {
        await confirmation("effect runs", expectedCount: 5) { ran in
            let a = Signal(0), b = Signal(0)
            var runs = 0
            let effect = Effect { ran(); runs += 1; _ = a.value + b.value }
            #expect(runs == 1)
            a.value = 1
            #expect(runs == 2)
            batch { a.value = 2; b.value = 2 }
            #expect(runs == 3)
            batch {
                batch { a.value = 3 }
                #expect(runs == 3)
                b.value = 3
            }
            #expect(runs == 4)
            a.value = 3                     // equal: nothing runs
            b.value = 4
            #expect(runs == 5)
            effect.cancel()
        }
    }

    @Test func `writes inside an effect body are batched until the body ends`() {
        let trigger = Signal(0), first = Signal(0), second = Signal(0)
        var log: [String] = []
        let observer = Effect { log.append("observer \(first.value) \(second.value)") }
        let writer = Effect {
            let value = trigger.value
            log.append("writer start \(value)")
            first.value = value + 10
            second.value = value + 10
            log.append("writer end \(value)")
        }
        trigger.value = 1
        #expect(log == [
            "observer 0 0",
            "writer start 0", "writer end 0", "observer 10 10",
            "writer start 1", "writer end 1", "observer 11 11",
        ])
        observer.cancel()
        writer.cancel()
    }

    @Test func `writes inside a cleanup are batched too`() {
        let trigger = Signal(0), x = Signal(0), y = Signal(0)
        var seen: [[Int]] = []
        let observer = Effect { seen.append([x.value, y.value]) }
        let cleaner = Effect {
            _ = trigger.value
            onCleanup { x.value += 1; y.value += 1 }
        }
        trigger.value = 1
        #expect(seen == [[0, 0], [1, 1]])
        cleaner.cancel()
        #expect(seen == [[0, 0], [1, 1], [2, 2]])
        observer.cancel()
    }

    @Test func `an effect that writes a signal it read re-runs until the graph settles`() {
        let count = Signal(0)
        var runs = 0
        let effect = Effect {
            runs += 1
            if count.value < 5 { count.value += 1 }
        }
        #expect(runs == 6)                  // saw 0, 1, 2, 3, 4, then 5 and stopped
        #expect(count.peek() == 5)
        count.value = 2
        #expect(runs == 10)                 // saw 2, 3, 4, 5
        #expect(count.peek() == 5)
        effect.cancel()
    }

    @Test func `an effect that writes a signal before reading it does not re-run`() {
        let count = Signal(0), trigger = Signal(0)
        var runs = 0
        let effect = Effect {
            runs += 1
            count.value = trigger.value * 2
            _ = count.value
        }
        trigger.value = 1
        #expect(runs == 2)
        #expect(count.peek() == 2)
        effect.cancel()
    }

    @Test
    func `an effect whose own write is cut off by a computed does not re-run`() {
        let count = Signal(0)
        let isEven = Computed { count.value % 2 == 0 }
        var runs = 0
        let effect = Effect {
            runs += 1
            _ = isEven.value                  // the only dependency
            // `count.value += 2` would read count too (a tracked get); peek does not.
            if count.peek() < 4 { count.value = count.peek() + 2 }
        }
        #expect(runs == 1)                  // isEven recomputed to true again: no change
        #expect(count.peek() == 2)
        effect.cancel()
    }

    @Test
    func `an effect whose own writes end where they started does not re-run`() {
        let count = Signal(0)
        var runs = 0
        let effect = Effect {
            runs += 1
            let value = count.value
            // Bounded so that the bug shows as a count rather than a 101-run fatal error.
            if runs < 3 {
                count.value = value + 1
                count.value = value           // batched: back where it started
            }
        }
        #expect(runs == 1)
        #expect(count.peek() == 0)
        effect.cancel()
    }

    @Test func `an effect may run 100 times in one flush`() {
        let count = Signal(0)
        var runs = 0
        let effect = Effect {
            runs += 1
            if count.value < 99 { count.value += 1 }
        }
        #expect(runs == 100)
        count.value = 40                    // the limit counts per flush
        #expect(runs == 160)
        effect.cancel()
    }

    // MARK: Order

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

    // MARK: Teardown

    enum Ending: String, CaseIterable, Sendable {
        case rerun, cancel, releaseHandle
    }

    @Test(arguments: Ending.allCases)
    func `children are disposed most recent first, depth first, then the effect's own cleanups run most recent first`(ending: Ending) {
        let input = Signal(0)
        var log: [String] = []
        var parent: Effect? = Effect {
            let run = input.value
            onCleanup { log.append("parent cleanup 1") }
            _ = Effect {
                onCleanup { log.append("A cleanup") }
                _ = Effect { onCleanup { log.append("A1 cleanup") } }
                _ = Effect { onCleanup { log.append("A2 cleanup") } }
            }
            _ = Effect {
                onCleanup { log.append("B cleanup") }
                _ = Effect { onCleanup { log.append("B1 cleanup") } }
            }
            onCleanup { log.append("parent cleanup 2") }
            log.append("parent run \(run)")
        }
        #expect(log == ["parent run 0"])
        log.removeAll()
        switch ending {
        case .rerun: input.value = 1
        case .cancel: parent?.cancel()
        case .releaseHandle: parent = nil
        }
        let teardown = [
            "B1 cleanup", "B cleanup",
            "A2 cleanup", "A1 cleanup", "A cleanup",
            "parent cleanup 2", "parent cleanup 1",
        ]
        #expect(log == teardown + (ending == .rerun ? ["parent run 1"] : []))
        parent?.cancel()
    }

    @Test func `cleanups run before the next run and on cancel`() {
        let input = Signal(0)
        var log: [String] = []
        let effect = Effect {
            let value = input.value
            log.append("run \(value)")
            onCleanup { log.append("cleanup \(value)") }
        }
        input.value = 1
        effect.cancel()
        #expect(log == ["run 0", "cleanup 0", "run 1", "cleanup 1"])
    }

    @Test func `cancel is idempotent`() {
        let input = Signal(0)
        var runs = 0, cleanups = 0
        let effect = Effect { runs += 1; _ = input.value; onCleanup { cleanups += 1 } }
        #expect(!effect.isCancelled)
        effect.cancel()
        effect.cancel()
        #expect(effect.isCancelled)
        input.value = 1
        effect.cancel()
        #expect([runs, cleanups] == [1, 1])
        #expect(input.subs == nil)
    }

    @Test func `an effect that cancels itself finishes its run, then cleans up`() {
        let input = Signal(0)
        var log: [String] = []
        weak var handle: Effect?
        let effect = Effect {
            let value = input.value
            log.append("run \(value)")
            onCleanup { log.append("cleanup \(value)") }
            if value == 1 {
                handle?.cancel()
                log.append("after cancel")
            }
        }
        handle = effect
        input.value = 1
        input.value = 2
        #expect(log == ["run 0", "cleanup 0", "run 1", "after cancel", "cleanup 1"])
        #expect(effect.isCancelled)
        #expect(input.subs == nil)
    }

    @Test func `releasing the last handle cancels the effect`() {
        let input = Signal(0)
        var runs = 0, cleanups = 0
        var effect: Effect? = Effect { runs += 1; _ = input.value; onCleanup { cleanups += 1 } }
        var copy = effect
        weak let released = effect
        input.value = 1
        #expect([runs, cleanups] == [2, 1])
        effect = nil                        // another handle is left
        input.value = 2
        #expect([runs, cleanups] == [3, 2])
        copy = nil
        #expect([runs, cleanups] == [3, 3])
        input.value = 3
        #expect([runs, cleanups] == [3, 3])
        #expect(input.subs == nil)
        #expect(released == nil)            // nothing else kept the effect
        _ = (effect, copy)
    }

    @Test func `an effect cancelled or released by an earlier effect in the same flush does not run`() {
        let source = Signal(0)
        var log: [String] = []
        var released: Effect?
        var cancelled: Effect?
        let killer = Effect {
            if source.value == 1 {
                released = nil
                cancelled?.cancel()
            }
        }
        released = Effect { log.append("released sees \(source.value)") }
        cancelled = Effect { log.append("cancelled sees \(source.value)") }
        let survivor = Effect { log.append("survivor sees \(source.value)") }
        source.value = 1
        #expect(log == [
            "released sees 0", "cancelled sees 0", "survivor sees 0",
            "survivor sees 1",
        ])
        #expect(released == nil)
        #expect(cancelled?.isCancelled == true)
        killer.cancel()
        survivor.cancel()
    }

    @Test func `an effect cancelled by a computed during its pre-run check never runs`() {
        let source = Signal(0)
        var effect: Effect?
        var runs = 0
        let gate = Computed { () -> Int in
            let value = source.value
            if value == 2 { effect?.cancel() }
            return value
        }
        effect = Effect { _ = gate.value; runs += 1 }
        var siblingSaw: [Int] = []
        let sibling = Effect { siblingSaw.append(gate.value) }
        source.value = 1
        #expect(runs == 2)
        source.value = 2                  // the effect's check recomputes gate, which cancels it
        #expect(runs == 2)
        #expect(effect?.isCancelled == true)
        #expect(siblingSaw == [0, 1, 2])  // the sibling in the same flush still runs, fresh
        source.value = 3
        #expect(runs == 2)
        #expect(siblingSaw == [0, 1, 2, 3])
        sibling.cancel()
    }

    @Test func `a cancelled effect releases what its body captured`() {
        final class Probe {}
        let input = Signal(0)
        weak var probe: Probe?
        let effect: Effect = {
            let captured = Probe()
            probe = captured
            return Effect { _ = captured; _ = input.value }
        }()
        #expect(probe != nil)
        effect.cancel()
        #expect(probe == nil)
        #expect(effect.isCancelled)
    }

    @Test func `an effect that cancels itself through a captured handle frees itself`() {
        let input = Signal(0)
        var runs = 0
        weak var released: Effect?
        do {
            var handle: Effect?       // the body captures the handle: a cycle, until cancel
            handle = Effect {
                runs += 1
                if input.value == 1 { handle?.cancel() }
            }
            released = handle
        }
        #expect(released != nil)
        input.value = 1
        #expect(released == nil)
        input.value = 2
        #expect(runs == 2)
        #expect(input.subs == nil)
    }

    // MARK: Ownership

    @Test func `a child effect lives until its parent re-runs, even with its handle dropped`() {
        let parentInput = Signal(0), childInput = Signal(0)
        var childRuns = 0, childCleanups = 0
        var children: [WeakEffect] = []
        let parent = Effect {
            _ = parentInput.value
            let child = Effect { childRuns += 1; _ = childInput.value; onCleanup { childCleanups += 1 } }
            children.append(WeakEffect(child))
        }
        #expect(children[0].effect != nil)
        childInput.value = 1
        #expect([childRuns, childCleanups] == [2, 1])

        parentInput.value = 1               // disposes the first child, creates a second
        #expect([childRuns, childCleanups] == [3, 2])
        #expect(children[0].effect == nil)
        #expect(children[1].effect != nil)
        childInput.value = 2                // only the second child is left to run
        #expect([childRuns, childCleanups] == [4, 3])

        parent.cancel()
        #expect([childRuns, childCleanups] == [4, 4])
        #expect(children.allSatisfy { $0.effect == nil })
        childInput.value = 3
        #expect(childRuns == 4)
        #expect(childInput.subs == nil)
    }

    @Test func `a kept handle to a child reports it cancelled once its parent re-runs`() {
        let parentInput = Signal(0), childInput = Signal(0)
        var firstChild: Effect?
        var childRuns = 0
        let parent = Effect {
            _ = parentInput.value
            let child = Effect { childRuns += 1; _ = childInput.value }
            if firstChild == nil { firstChild = child }
        }
        parentInput.value = 1
        #expect(firstChild?.isCancelled == true)
        childInput.value = 1                // only the second child runs
        #expect(childRuns == 3)
        parent.cancel()
    }

    @Test func `an effect created inside a Computed lives as long as its handle`() {
        let trigger = Signal(0), input = Signal(0), other = Signal(0)
        var factoryRuns = 0, innerRuns = 0, innerCleanups = 0, readerRuns = 0
        var factory: Computed<Effect>? = Computed {
            factoryRuns += 1
            _ = trigger.value
            return Effect { innerRuns += 1; _ = input.value; onCleanup { innerCleanups += 1 } }
        }
        // The computed runs inside this effect, yet the inner effect is not its child.
        let reader = Effect { [weak factory] in readerRuns += 1; _ = other.value; _ = factory?.value }
        #expect([factoryRuns, innerRuns, innerCleanups, readerRuns] == [1, 1, 0, 1])
        other.value = 1                     // the reader re-runs; the inner effect survives
        input.value = 1
        #expect([factoryRuns, innerRuns, innerCleanups, readerRuns] == [1, 2, 1, 2])

        trigger.value = 1                   // a new inner effect; the old handle is released
        #expect([factoryRuns, innerRuns, innerCleanups, readerRuns] == [2, 3, 2, 3])
        input.value = 2
        #expect([factoryRuns, innerRuns, innerCleanups, readerRuns] == [2, 4, 3, 3])

        reader.cancel()                     // the computed still holds the inner effect
        input.value = 3
        #expect([factoryRuns, innerRuns, innerCleanups, readerRuns] == [2, 5, 4, 3])
        factory = nil                       // its last handle goes with the computed
        #expect([factoryRuns, innerRuns, innerCleanups, readerRuns] == [2, 5, 5, 3])
        input.value = 4
        #expect(innerRuns == 5)
        #expect(input.subs == nil)
    }

    // MARK: Cleanups are untracked

    @Test func `cleanups run outside any tracking scope`() {
        let input = Signal(0), watched = Signal(0)
        let mirror = Computed { watched.value }
        var runs = 0, cleanups = 0
        let effect = Effect {
            runs += 1
            _ = input.value
            onCleanup { cleanups += 1; _ = watched.value; _ = mirror.value }
        }
        input.value = 1
        #expect([runs, cleanups] == [2, 1])
        #expect(!dependencies(of: effect).contains(ObjectIdentifier(watched)))
        #expect(!dependencies(of: effect).contains(ObjectIdentifier(mirror)))
        watched.value = 1
        #expect([runs, cleanups] == [2, 1])
        effect.cancel()
    }

    @Test func `a cleanup run by a cancel inside another effect is not tracked by it`() {
        let trigger = Signal(0), watched = Signal(0)
        var cleanups = 0
        let victim = Effect { onCleanup { cleanups += 1; _ = watched.value } }
        var killerRuns = 0
        let killer = Effect {
            killerRuns += 1
            if trigger.value == 1 { victim.cancel() }
        }
        trigger.value = 1
        #expect([killerRuns, cleanups] == [2, 1])
        watched.value = 1
        #expect(killerRuns == 2)
        #expect(!dependencies(of: killer).contains(ObjectIdentifier(watched)))
        killer.cancel()
    }

    @Test func `untracked reads inside an effect are not dependencies`() {
        let tracked = Signal(0), ignored = Signal(0)
        let mirror = Computed { ignored.value }
        var runs = 0
        var seen: [[Int]] = []
        let effect = Effect {
            runs += 1
            let pair = untracked { [ignored.value, mirror.value] }
            seen.append([tracked.value] + pair)
        }
        ignored.value = 1
        #expect(runs == 1)
        tracked.value = 1
        #expect(seen == [[0, 0, 0], [1, 1, 1]])
        #expect(dependencies(of: effect) == [ObjectIdentifier(tracked)])
        effect.cancel()
    }

    @Test func `a child's cleanup run by its parent's re-run is not tracked by the parent`() {
        let trigger = Signal(0), watched = Signal(0)
        var parentRuns = 0, childCleanups = 0
        let parent = Effect {
            parentRuns += 1
            _ = trigger.value
            _ = Effect { onCleanup { childCleanups += 1; _ = watched.value } }
        }
        trigger.value = 1
        #expect([parentRuns, childCleanups] == [2, 1])
        watched.value = 1
        #expect([parentRuns, childCleanups] == [2, 1])
        parent.cancel()
        #expect(childCleanups == 2)
    }

    // MARK: What an effect costs and how diagnostics name it

    @Test func `an unnamed effect is named by its call site, a named one by its name`() {
        let line = #line + 1
        let unnamed = Effect {}
        let named = Effect("title view") {}
        #expect(unnamed.displayName == "created at RippleTests/EffectTests.swift:\(line)")
        #expect(named.displayName == "'title view'")
        unnamed.cancel()
        named.cancel()
    }

    /// Names, cleanups and children live out of line, so an effect fits a 96-byte
    /// allocator chunk: 88 usable bytes (120 of a 128-byte chunk before). One that needs
    /// them keeps that size and allocates its extras once.
    @Test func `an effect fits a 96-byte allocation`() {
        let plain = Effect {}
        #expect(cmalloc_usable_size(Unmanaged.passUnretained(plain).toOpaque()) <= 88)
        #expect(plain.extras == nil)
        let named = Effect("named") { onCleanup {} }
        #expect(cmalloc_usable_size(Unmanaged.passUnretained(named).toOpaque()) <= 88)
        #expect(named.extras?.name == "named")
        #expect(named.extras?.cleanups.count == 1)
        plain.cancel()
        named.cancel()
        #expect(named.extras?.cleanups.isEmpty == true)
    }
}
