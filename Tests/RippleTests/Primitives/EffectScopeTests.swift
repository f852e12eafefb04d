import Testing
@testable import Ripple

/// `EffectScope`: effects created inside it end together.
@Suite struct EffectScopeTests {
    @Test func `cancelling the scope ends every effect created in its runs, handles dropped or not`() {
        let count = Signal(0)
        var runs: [String] = []
        let scope = EffectScope()
        var kept: Effect?
        scope.run {
            _ = Effect { runs.append("a\(count.value)") }
            kept = Effect { runs.append("b\(count.value)") }
        }
        scope.run {
            _ = Effect { runs.append("c\(count.value)") }
        }
        count.value = 1
        #expect(runs == ["a0", "b0", "c0", "a1", "b1", "c1"])
        scope.cancel()
        count.value = 2
        #expect(runs.count == 6)
        #expect(kept?.isCancelled == true)
        #expect(scope.isCancelled)
    }

    @Test func `scopes nest: the outer cancel ends the inner, the inner cancel leaves the outer`() {
        let count = Signal(0)
        var runs: [String] = []
        let outer = EffectScope()
        let inner = outer.run {
            _ = Effect { runs.append("outer \(count.value)") }
            let inner = EffectScope()
            inner.run { _ = Effect { runs.append("inner \(count.value)") } }
            return inner
        }
        inner.cancel()
        count.value = 1
        #expect(runs == ["outer 0", "inner 0", "outer 1"])
        let second = outer.run { EffectScope() }
        second.run { _ = Effect { runs.append("second \(count.value)") } }
        outer.cancel()
        #expect(second.isCancelled)
        count.value = 2
        #expect(runs == ["outer 0", "inner 0", "outer 1", "second 1"])
    }

    @Test func `cancelling runs every cleanup once, innermost and most recent first`() {
        let count = Signal(0)
        var log: [String] = []
        let outer = EffectScope()
        outer.run {
            onCleanup { log.append("outer cleanup") }
            _ = Effect {
                _ = count.value
                onCleanup { log.append("effect cleanup") }
            }
            let inner = EffectScope()
            inner.run {
                _ = Effect {
                    _ = count.value
                    onCleanup { log.append("inner effect cleanup") }
                }
            }
        }
        outer.cancel()
        outer.cancel()
        #expect(log == ["inner effect cleanup", "effect cleanup", "outer cleanup"])
    }

    @Test func `releasing the last reference to a scope cancels it`() {
        let count = Signal(0)
        var runs = 0
        var scope: EffectScope? = EffectScope()
        scope?.run { _ = Effect { _ = count.value; runs += 1 } }
        weak let weakScope = scope
        scope = nil
        #expect(weakScope == nil)
        count.value = 1
        #expect(runs == 1)
    }

    @Test func `a scope created in an effect's body belongs to that effect`() {
        let page = Signal(1), count = Signal(0)
        var runs: [String] = []
        var scopes: [EffectScope] = []
        let list = Effect {
            let current = page.value
            let scope = EffectScope()
            scopes.append(scope)
            scope.run { _ = Effect { runs.append("page \(current): \(count.value)") } }
        }
        page.value = 2   // re-runs: the first run's scope is cancelled
        #expect(scopes.map(\.isCancelled) == [true, false])
        count.value = 1
        #expect(runs == ["page 1: 0", "page 2: 0", "page 2: 1"])
        list.cancel()
        #expect(scopes.allSatisfy { $0.isCancelled })
    }

    @Test func `effects created in an effect inside a scope belong to that effect`() {
        let page = Signal(1)
        var children: [Effect] = []
        let scope = EffectScope()
        scope.run {
            _ = Effect {
                _ = page.value
                children.append(Effect {})
            }
        }
        page.value = 2
        #expect(children.map(\.isCancelled) == [true, false])
        scope.cancel()
        #expect(children.allSatisfy { $0.isCancelled })
    }

    @Test func `a run of a cancelled scope cancels what it creates when it ends`() {
        let count = Signal(0)
        var runs = 0
        let scope = EffectScope()
        scope.cancel()
        scope.run { _ = Effect { _ = count.value; runs += 1 } }
        count.value = 1
        #expect(runs == 1)
        #expect(scope.isCancelled)
    }

    @Test func `reads inside run are not tracked by the effect that calls it`() {
        let count = Signal(0)
        var outerRuns = 0
        let effect = Effect {
            outerRuns += 1
            let scope = EffectScope()
            scope.run { _ = count.value }
        }
        count.value = 1
        #expect(outerRuns == 1)
        effect.cancel()
    }
}
