import Testing
@testable import Ripple

/// `withTracking(_:onChange:)`: one after-change notification for what `apply` read.
@Suite struct TrackingTests {
    @Test func `onChange fires once, after the change is applied`() {
        let temperature = Signal(20)
        var applyRuns = 0
        var seenInOnChange: [Int] = []
        let shown = withTracking {
            applyRuns += 1
            return temperature.value
        } onChange: {
            // After-change: the new value is already in place. Apple's
            // withObservationTracking calls its onChange before the change (willSet),
            // so reading the property there would still give the old value.
            seenInOnChange.append(temperature.value)
        }
        #expect(shown == 20)
        temperature.value = 25
        #expect(applyRuns == 1)
        #expect(seenInOnChange == [25])
    }

    @Test func `onChange waits for the outermost batch and fires once for it`() {
        let temperature = Signal(20)
        var seen: [Int] = []
        withTracking { _ = temperature.value } onChange: { seen.append(temperature.value) }
        batch {
            temperature.value = 21
            batch { temperature.value = 22 }
            #expect(seen.isEmpty)
            temperature.value = 23
        }
        #expect(seen == [23])
    }

    @Test func `only what apply read can fire it`() {
        let read = Signal(0), unread = Signal(0)
        var fired = 0
        withTracking { _ = read.value; _ = unread.peek() } onChange: { fired += 1 }
        unread.value = 1
        #expect(fired == 0)
        read.value = 1
        #expect(fired == 1)
    }

    @Test func `a second change after firing does not fire again`() {
        let count = Signal(0)
        var fired = 0
        withTracking { _ = count.value } onChange: { fired += 1 }
        count.value = 1
        count.value = 2
        batch { count.value = 3 }
        #expect(fired == 1)
        #expect(count.subs == nil)
    }

    @Test func `a computed that recomputes to an equal value is no change`() {
        let count = Signal(1)
        var computeRuns = 0
        let isEven = Computed { computeRuns += 1; return count.value % 2 == 0 }
        var fired = 0
        withTracking { _ = isEven.value } onChange: { fired += 1 }
        count.value = 3
        count.value = 5
        #expect(fired == 0)
        #expect(computeRuns == 3)
        count.value = 6
        #expect(fired == 1)
        #expect(computeRuns == 4)
    }

    @Test func `writes that end where they started in a batch do not fire`() {
        let count = Signal(0)
        var fired = 0
        withTracking { _ = count.value } onChange: { fired += 1 }
        batch { count.value = 1; count.value = 0 }
        #expect(fired == 0)
        count.value = 2                     // still armed
        #expect(fired == 1)
    }

    @Test func `nested scopes each track only their own reads`() {
        let outerInput = Signal(0), innerInput = Signal(0)
        var outerFired = 0, innerFired = 0
        withTracking {
            _ = outerInput.value
            withTracking { _ = innerInput.value } onChange: { innerFired += 1 }
        } onChange: {
            outerFired += 1
        }
        innerInput.value = 1                // the outer scope, still armed, did not read it
        #expect([outerFired, innerFired] == [0, 1])
        outerInput.value = 1
        #expect([outerFired, innerFired] == [1, 1])
    }

    @Test func `an inner scope's reads are not the outer scope's`() {
        let outerInput = Signal(0), innerInput = Signal(0)
        var outerFired = 0, innerFired = 0
        withTracking {
            withTracking { _ = innerInput.value } onChange: { innerFired += 1 }
            _ = outerInput.value
        } onChange: {
            outerFired += 1
        }
        outerInput.value = 1                // the inner scope, still armed, did not read it
        #expect([outerFired, innerFired] == [1, 0])
        innerInput.value = 1
        #expect([outerFired, innerFired] == [1, 1])
    }

    @Test func `a scope inside an effect body tracks its reads, not the effect`() {
        let effectInput = Signal(0), scopeInput = Signal(0)
        var effectRuns = 0, fired = 0
        let effect = Effect {
            effectRuns += 1
            _ = effectInput.value
            withTracking { _ = scopeInput.value } onChange: { fired += 1 }
        }
        scopeInput.value = 1
        #expect([effectRuns, fired] == [1, 1])
        effectInput.value = 1               // a new scope, armed again
        scopeInput.value = 2
        #expect([effectRuns, fired] == [2, 2])
        effect.cancel()
    }

    @Test func `a scope that read nothing never fires`() {
        let count = Signal(0)
        var fired = 0
        let result = withTracking { () -> Int in
            let peeked = count.peek()
            let untrackedRead = untracked { count.value }
            return 42 + peeked + untrackedRead
        } onChange: {
            fired += 1
        }
        count.value = 1
        #expect(result == 42)
        #expect(fired == 0)
        #expect(count.subs == nil)
    }

    @Test func `onChange runs outside any tracking scope`() {
        let trigger = Signal(0), readInOnChange = Signal(0)
        var effectRuns = 0, fired = 0
        let effect = Effect {
            effectRuns += 1
            _ = trigger.value
        }
        withTracking { _ = trigger.value } onChange: { fired += 1; _ = readInOnChange.value }
        trigger.value = 1
        #expect([effectRuns, fired] == [2, 1])
        #expect(readInOnChange.subs == nil)
        readInOnChange.value = 1
        #expect([effectRuns, fired] == [2, 1])
        effect.cancel()
    }

    @Test func `an onChange fired by a write inside another scope's apply is not tracked by it`() {
        let trigger = Signal(0), readInOnChange = Signal(0), outerInput = Signal(0)
        var innerFired = 0, outerFired = 0
        withTracking { _ = trigger.value } onChange: { innerFired += 1; _ = readInOnChange.value }
        withTracking {
            _ = outerInput.value
            trigger.value = 1                 // flushes here, inside this apply
        } onChange: { outerFired += 1 }
        #expect([innerFired, outerFired] == [1, 0])
        #expect(readInOnChange.subs == nil)
        readInOnChange.value = 1              // read by the inner onChange only
        #expect(outerFired == 0)
        outerInput.value = 1
        #expect(outerFired == 1)
    }

    @Test func `writes inside onChange are batched`() {
        let trigger = Signal(0), x = Signal(0), y = Signal(0)
        var seen: [[Int]] = []
        let effect = Effect { seen.append([x.value, y.value]) }
        withTracking { _ = trigger.value } onChange: {
            x.value = 1
            y.value = 1
        }
        trigger.value = 1
        #expect(seen == [[0, 0], [1, 1]])
        effect.cancel()
    }

    @Test func `re-arming from onChange follows every change`() {
        let temperature = Signal(20)
        var shown: [Int] = []
        var fired = 0
        var following = true
        func follow() {
            let value = withTracking { temperature.value } onChange: {
                fired += 1
                if following { follow() }
            }
            shown.append(value)
        }
        follow()
        temperature.value = 25
        temperature.value = 25              // equal: no change
        batch { temperature.value = 26; temperature.value = 27 }
        #expect(shown == [20, 25, 27])
        #expect(fired == 2)
        // Stop: the armed scope's onChange captures temperature, so only firing it
        // one last time lets both go.
        following = false
        temperature.value = 28
        temperature.value = 29
        #expect(shown == [20, 25, 27])
        #expect(fired == 3)
        #expect(temperature.subs == nil)
    }

    @Test func `an apply that changes what it read fires as soon as it ends`() {
        let count = Signal(0)
        var fired: [Int] = []
        let seen = withTracking {
            let value = count.value
            count.value = value + 1
            return value
        } onChange: {
            fired.append(count.value)
        }
        #expect(seen == 0)
        #expect(fired == [1])
        count.value = 5                     // fired once: tracking has ended
        #expect(fired == [1])
        #expect(count.subs == nil)
    }

    @Test
    func `an apply whose writes end where they started does not fire`() {
        let count = Signal(0)
        var fired = 0
        batch {
            withTracking {
                let value = count.value
                count.value = value + 1
                count.value = value         // back where it started, in the same batch
            } onChange: {
                fired += 1
            }
        }
        #expect(fired == 0)
        count.value = 5
        #expect(fired == 1)
    }
}
