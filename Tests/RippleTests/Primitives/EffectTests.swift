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
