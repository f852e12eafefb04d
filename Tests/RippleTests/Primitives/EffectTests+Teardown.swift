// How an effect is torn down: children and cleanups in order, cancel, releasing the last
// handle, and what a cancelled effect lets go.

import Testing
@testable import Ripple

extension EffectTests {
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
}
