// Cleanups and untracked reads add no dependency to the effect that runs them.

import Testing
@testable import Ripple

extension EffectTests {
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
}
