import Testing
@testable import Ripple

/// Who keeps whom alive: subscribers keep their dependencies, never the reverse;
/// unobserved computeds detach; steady re-runs reuse their links.
@Suite struct OwnershipTests {
    // MARK: Dropped nodes are freed

    @Test func `a dropped computed and what its closure captured are freed`() {
        let source = Signal(1)
        var runs = 0
        weak var weakComputed: Computed<Int>?
        weak var weakToken: Token?
        do {
            let token = Token()
            let computed = Computed { [token] in
                _ = token
                runs += 1
                return source.value
            }
            weakComputed = computed
            weakToken = token
            #expect(computed.value == 1)
            #expect(source.subs != nil)
        }
        #expect(weakComputed == nil)
        #expect(weakToken == nil)
        #expect(source.subs == nil)        // the source did not keep it alive
        source.value = 2
        #expect(runs == 1)
    }

    @Test func `a computed dropped before its first read frees its closure, and one that held an error its error`() {
        final class ErrorToken: Sendable {}
        struct Failure: Error { let token: ErrorToken }
        weak var weakToken: Token?
        weak var weakErrorToken: ErrorToken?
        do {
            let token = Token()
            weakToken = token
            let neverRead = Computed { [token] in "\(ObjectIdentifier(token))" }
            let errorToken = ErrorToken()
            weakErrorToken = errorToken
            let failing = Computed { () throws -> Token in throw Failure(token: errorToken) }
            #expect(throws: Failure.self) { try failing.get() }
            withExtendedLifetime(neverRead) {}
        }
        #expect(weakToken == nil)
        #expect(weakErrorToken == nil)
    }

    @Test func `a dropped effect and what its closures captured are freed`() {
        let source = Signal(1)
        var runs = 0, cleanups = 0
        weak var weakEffect: Effect?
        weak var weakBodyToken: Token?
        weak var weakCleanupToken: Token?
        var effect: Effect?
        do {
            let bodyToken = Token(), cleanupToken = Token()
            weakBodyToken = bodyToken
            weakCleanupToken = cleanupToken
            effect = Effect { [bodyToken] in
                _ = bodyToken
                runs += 1
                _ = source.value
                onCleanup { [cleanupToken] in _ = cleanupToken; cleanups += 1 }
            }
            weakEffect = effect
        }
        #expect(weakBodyToken != nil && weakCleanupToken != nil)
        effect = nil
        #expect(weakEffect == nil)
        #expect(weakBodyToken == nil)
        #expect(weakCleanupToken == nil)
        #expect(source.subs == nil)
        source.value = 2
        #expect([runs, cleanups] == [1, 1])
    }

    @Test func `a cleanup closure is released once it has run`() {
        let source = Signal(0)
        weak var weakToken: Token?
        var cleanups = 0
        let effect = Effect {
            if source.value == 0 {
                let token = Token()
                weakToken = token
                onCleanup { [token] in _ = token; cleanups += 1 }
            }
        }
        #expect(weakToken != nil)
        source.value = 1
        #expect(cleanups == 1)
        #expect(weakToken == nil)
        effect.cancel()
    }

    @Test func `a tracking scope keeps onChange until it fires, and never keeps what it read`() {
        let kept = Signal(0)
        weak var weakToken: Token?
        weak var weakDropped: Signal<Int>?
        var fired = 0
        do {
            let token = Token(), dropped = Signal(0)
            weakToken = token
            weakDropped = dropped
            withTracking { _ = kept.value; _ = dropped.value } onChange: { [token] in _ = token; fired += 1 }
        }
        #expect(weakDropped == nil)         // the scope did not keep it alive
        #expect(weakToken != nil)           // armed while something it read lives
        kept.value = 1
        #expect(fired == 1)
        #expect(weakToken == nil)
    }

    /// The scope is taken over by the `withTracking` inside `onChange`, which replaces
    /// the running closure; the replaced one goes once it returns, and a deinit among
    /// its captures may use the engine.
    @Test func `a re-armed scope lets go of the onChange it replaced once that returns`() {
        final class WritesOnDeinit {
            let log: Signal<[Int]>
            let id: Int
            init(_ log: Signal<[Int]>, _ id: Int) { self.log = log; self.id = id }
            deinit { log.value.append(id) }
        }
        let source = Signal(0)
        let log = Signal([Int]())
        var seen: [Int] = []
        weak var weakFirst: WritesOnDeinit?
        func follow(_ generation: Int) {
            let capture = WritesOnDeinit(log, generation)
            if generation == 0 { weakFirst = capture }
            withTracking { _ = source.value } onChange: { [capture] in
                seen.append(capture.id)
                // The last generation does not re-arm: an armed scope whose closure
                // captures the source it reads is a cycle that outlives the test.
                if generation < 1 { follow(generation + 1) }
                #expect(capture.id == generation)   // still alive while it runs
            }
        }
        follow(0)
        #expect(weakFirst != nil)
        source.value = 1
        #expect(weakFirst == nil)
        #expect(seen == [0])
        #expect(log.value == [0])
        source.value = 2
        #expect(seen == [0, 1])
        #expect(log.value == [0, 1])
        source.value = 3
        #expect(seen == [0, 1])
    }

    @Test
    func `a tracking scope whose every dependency died releases onChange at once`() {
        weak var weakToken: Token?
        weak var weakDropped: Signal<Int>?
        var fired = 0
        do {
            let token = Token(), dropped = Signal(0)
            weakToken = token
            weakDropped = dropped
            withTracking { _ = dropped.value } onChange: { [token] in _ = token; fired += 1 }
        }
        #expect(weakDropped == nil)
        #expect(weakToken == nil)
        #expect(fired == 0)
    }

    // MARK: Dependencies never keep subscribers alive

    @Test func `a chain of computeds dies with its last handle, whatever its source does`() {
        let source = Signal(1)
        var runs = 0
        weak var weakFirst: Computed<Int>?
        weak var weakLast: Computed<Int>?
        do {
            let first = Computed { runs += 1; return source.value + 1 }
            let second = Computed { runs += 1; return first.value + 1 }
            let last = Computed { runs += 1; return second.value + 1 }
            weakFirst = first
            weakLast = last
            #expect(last.value == 4)
        }
        #expect(weakFirst == nil && weakLast == nil)
        #expect(source.subs == nil)
        source.value = 2
        #expect(runs == 3)
    }

    @Test func `a subscriber keeps its dependencies alive while linked`() {
        let source = Signal(1)
        var computeRuns = 0
        weak var weakComputed: Computed<Int>?
        var seen: [Int] = []
        var effect: Effect?
        do {
            let doubled = Computed { computeRuns += 1; return source.value * 2 }
            weakComputed = doubled
            effect = Effect { seen.append(doubled.value) }
        }
        #expect(weakComputed != nil)        // held by the effect's closure and its link
        source.value = 2
        #expect(seen == [2, 4])
        #expect(effect?.isCancelled == false)
        effect = nil
        #expect(weakComputed == nil)
        #expect(source.subs == nil)
        #expect(computeRuns == 2)
    }

    /// Inside one flush: `switcher` stops reading `held` (which the test also holds) and
    /// `linkOnly` (which only its link held); `observer` runs next in the same flush.
    @Test func `a dropped dependency is released at once unless its link held the last reference`() {
        let toggle = Signal(false)
        let held = Signal(0)
        weak var weakLinkOnly: Computed<Int>?
        var heldCounts: [UInt] = []
        var linkOnlyAliveInFlush: [Bool] = []
        let switcher: Effect
        do {
            let linkOnly = Computed { held.value + 1 }
            weakLinkOnly = linkOnly
            switcher = Effect { [unowned linkOnly] in
                if !toggle.value { _ = held.value + linkOnly.value }
            }
        }
        #expect(weakLinkOnly != nil)        // its link is its last reference
        let observer = Effect {
            _ = toggle.value
            heldCounts.append(_getRetainCount(held))
            linkOnlyAliveInFlush.append(weakLinkOnly != nil)
        }
        toggle.value = true
        // `held` lost the switcher's link before the observer ran; `linkOnly` stayed
        // alive until the flush ended, then went.
        #expect(heldCounts.count == 2 && heldCounts[1] == heldCounts[0] - 1)
        #expect(linkOnlyAliveInFlush == [true, true])
        #expect(weakLinkOnly == nil)
        switcher.cancel()
        observer.cancel()
    }

    // MARK: Detaching

    @Test func `an unobserved computed detaches from its sources`() {
        let source = Signal(1)
        var runs = 0
        let doubled = Computed { runs += 1; return source.value * 2 }
        let quadrupled = Computed { doubled.value * 2 }
        let effect = Effect { _ = quadrupled.value }
        #expect(subscribers(of: source) == [ObjectIdentifier(doubled)])
        effect.cancel()
        // Out of their sources' subscriber lists: writes no longer reach them.
        #expect(source.subs == nil)
        #expect(doubled.subs == nil && quadrupled.subs == nil)
        #expect(doubled.flags.contains(.detached) && quadrupled.flags.contains(.detached))
        source.value = 2                    // recomputes nothing now
        #expect(runs == 1)
        #expect(quadrupled.value == 8)      // and is fresh when read again
        #expect(runs == 2)
        #expect(subscribers(of: source) == [ObjectIdentifier(doubled)])
    }

    @Test func `a detached computed that nothing changed under is not recomputed`() {
        let source = Signal(1)
        var runs = 0
        let doubled = Computed { runs += 1; return source.value * 2 }
        let quadrupled = Computed { doubled.value * 2 }
        let effect = Effect { _ = quadrupled.value }
        effect.cancel()
        #expect(quadrupled.value == 4)      // memoized across detaching and reattaching
        #expect(runs == 1)
        source.value = 1                    // equal: nothing changed
        #expect(quadrupled.value == 4)
        #expect(runs == 1)
    }

    @Test func `a detached computed does not keep its subscribers' memory but keeps its own sources`() {
        weak var weakSource: Signal<Int>?
        var computed: Computed<Int>?
        do {
            let source = Signal(3)
            weakSource = source
            computed = Computed { source.value + 1 }
            let effect = Effect { _ = computed?.value }
            effect.cancel()
        }
        #expect(weakSource != nil)          // the detached computed still depends on it
        #expect(computed?.value == 4)
        computed = nil
        #expect(weakSource == nil)
    }

    @Test func `a computed on a branch no longer taken detaches from its sources`() {
        let useComputed = Signal(true)
        let deep = Signal(1), plain = Signal(0)
        var deepRuns = 0
        let viaComputed = Computed { deepRuns += 1; return deep.value * 10 }
        let chosen = Computed { useComputed.value ? viaComputed.value : plain.value }
        let effect = Effect { _ = chosen.value }
        #expect(deep.subs != nil)
        useComputed.value = false
        #expect(deep.subs == nil)
        #expect(viaComputed.flags.contains(.detached))
        deep.value = 2
        #expect(deepRuns == 1)
        #expect(viaComputed.value == 20)    // read again: the changed source is noticed
        #expect(deepRuns == 2)
        effect.cancel()
    }

    // MARK: Link reuse

    @Test func `steady re-runs that read the same dependencies reuse their links`() {
        let a = Signal(0), b = Signal(0), c = Signal(0)
        var computeRuns = 0, effectRuns = 0
        let sum = Computed { computeRuns += 1; return a.value + b.value + c.value }
        let effect = Effect { effectRuns += 1; _ = sum.value; _ = a.value }
        let computedLinks = dependencyLinks(of: sum)
        let effectLinks = dependencyLinks(of: effect)
        #expect(computedLinks.count == 3 && effectLinks.count == 2)
        for value in 1...20 {
            b.value = value
        }
        a.value = 1
        #expect(dependencyLinks(of: sum) == computedLinks)
        #expect(dependencyLinks(of: effect) == effectLinks)
        #expect(subscribers(of: a) == [ObjectIdentifier(sum), ObjectIdentifier(effect)])
        #expect(subscribers(of: b) == [ObjectIdentifier(sum)])
        #expect([computeRuns, effectRuns] == [22, 22])
        effect.cancel()
    }

    @Test func `a signal written in a batch may die before the batch ends`() {
        let survivor = Signal(0)
        var runs = 0
        weak var weakDoomed: Signal<[Int]>?
        let effect = Effect { runs += 1; _ = survivor.value }
        batch {
            do {
                let doomed = Signal([1, 2, 3])
                weakDoomed = doomed
                let reader = Computed { doomed.value.count }
                #expect(reader.value == 3)
                doomed.value = [4, 5]       // logged: it has a subscriber
            }
            survivor.value = 1
        }
        #expect(weakDoomed == nil)
        #expect(runs == 2)
        #expect(Runtime.current.pointee.log.isEmpty)
        effect.cancel()
    }
}
