// Who keeps an effect alive: a parent effect, until it re-runs; inside a Computed, its handle.

import Testing
@testable import Ripple

extension EffectTests {
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

    @Test func `a kept handle to a child reports it cancelled once its parent re-runs or is cancelled`() {
        let parentInput = Signal(0), childInput = Signal(0)
        var firstChild: Effect?, lastChild: Effect?
        var childRuns = 0
        let parent = Effect {
            _ = parentInput.value
            let child = Effect { childRuns += 1; _ = childInput.value }
            if firstChild == nil { firstChild = child }
            lastChild = child
        }
        parentInput.value = 1
        #expect(firstChild?.isCancelled == true)
        #expect(lastChild?.isCancelled == false)
        childInput.value = 1                // only the second child runs
        #expect(childRuns == 3)
        parent.cancel()
        #expect(lastChild?.isCancelled == true)
        #expect(parent.isCancelled)
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
}
