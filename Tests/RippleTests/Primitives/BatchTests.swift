import Testing
@testable import Ripple

/// `batch`: one flush for many writes, fresh reads inside, and only final values count.
@Suite struct BatchTests {
    struct Oops: Error {}

    @Test func `nested batches flush once, at the outermost end`() {
        let a = Signal(0), b = Signal(0)
        var runs = 0
        var seen: [[Int]] = []
        let effect = Effect { runs += 1; seen.append([a.value, b.value]) }
        batch {
            a.value = 1
            batch {
                b.value = 1
                batch { a.value = 2 }
                #expect(runs == 1)
            }
            #expect(runs == 1)
            b.value = 2
        }
        #expect(runs == 2)
        #expect(seen == [[0, 0], [2, 2]])
        effect.cancel()
    }

    @Test func `reads inside a batch see every write made so far`() {
        let count = Signal(1)
        var computeRuns = 0, effectRuns = 0
        let doubled = Computed { computeRuns += 1; return count.value * 2 }
        var seen: [Int] = []
        let effect = Effect { effectRuns += 1; seen.append(doubled.value) }
        batch {
            count.value = 5
            #expect(count.value == 5)
            #expect(doubled.value == 10)
            count.value = 6
            #expect(doubled.value == 12)
            #expect(doubled.peek() == 12)
            #expect(effectRuns == 1)
        }
        #expect(computeRuns == 3)
        #expect(effectRuns == 2)
        #expect(seen == [2, 12])
        effect.cancel()
    }

    @Test func `an unobserved computed read inside a batch is fresh`() {
        let count = Signal(1)
        var warmRuns = 0, coldRuns = 0
        let warm = Computed { warmRuns += 1; return count.value + 100 }
        let cold = Computed { coldRuns += 1; return count.value + 200 }
        #expect(warm.value == 101)          // linked before the batch
        batch {
            count.value = 2
            #expect(warm.value == 102)
            #expect(cold.value == 202)      // first read ever
            count.value = 3
            #expect(warm.value == 103)
            #expect(cold.value == 203)
        }
        #expect([warmRuns, coldRuns] == [3, 2])
    }

    @Test func `writes that end where they started notify nobody and recompute nothing`() {
        let count = Signal(0), name = Signal("x")
        var computeRuns = 0, effectRuns = 0, unobservedRuns = 0
        let doubled = Computed { computeRuns += 1; return count.value * 2 }
        let unobserved = Computed { unobservedRuns += 1; return count.value + 1 }
        let effect = Effect { effectRuns += 1; _ = doubled.value; _ = name.value }
        #expect(unobserved.value == 1)      // linked to count, read by nobody
        batch {
            count.value = 1
            count.value = 2
            name.value = "y"
            count.value = 0
            name.value = "x"
        }
        #expect([computeRuns, effectRuns] == [1, 1])
        #expect(unobserved.value == 1)
        #expect(unobservedRuns == 1)
        count.value = 3                     // the write-back left nothing stale behind
        #expect([computeRuns, effectRuns] == [2, 2])
        #expect(unobserved.value == 4)
        #expect(unobservedRuns == 2)
        effect.cancel()
    }

    /// Larger than the batch log's inline room for a saved value.
    struct Wide: Equatable {
        var a = 0, b = 0, c = 0, d = 0, e = 0
        var label = ""
    }

    @Test func `write-backs of many signals and wide values notify nobody`() {
        let signals = (0..<150).map { Signal(Wide(a: $0)) }
        var runs = 0
        var lastSeen: [Wide] = []
        let effect = Effect { runs += 1; lastSeen = signals.map(\.value) }
        batch {
            for signal in signals { signal.value.label = "changed" }
            for signal in signals { signal.value.label = "" }
        }
        #expect(runs == 1)
        batch {
            for signal in signals { signal.value.label = "changed" }
        }
        #expect(runs == 2)
        #expect(lastSeen.allSatisfy { $0.label == "changed" })
        #expect(lastSeen.map(\.a) == Array(0..<150))
        effect.cancel()
    }

    @Test func `a write undone by an outer batch notifies nobody`() {
        let count = Signal(0)
        var computeRuns = 0, effectRuns = 0
        let doubled = Computed { computeRuns += 1; return count.value * 2 }
        let effect = Effect { effectRuns += 1; _ = doubled.value }
        batch {
            batch { count.value = 1 }       // an inner batch's end is not a flush
            count.value = 0
        }
        #expect([computeRuns, effectRuns] == [1, 1])
        effect.cancel()
    }

    @Test func `only the signals that really changed notify`() {
        let kept = Signal(0), changed = Signal(0)
        var keptRuns = 0, changedRuns = 0
        let keptEffect = Effect { keptRuns += 1; _ = kept.value }
        let changedEffect = Effect { changedRuns += 1; _ = changed.value }
        batch {
            kept.value = 1
            changed.value = 1
            kept.value = 0
        }
        #expect([keptRuns, changedRuns] == [1, 2])
        keptEffect.cancel()
        changedEffect.cancel()
    }

    @Test func `an effect created inside a batch runs at once, then once when the batch ends`() {
        let count = Signal(0)
        var seen: [Int] = []
        let effect = batch { () -> Effect in
            let effect = Effect { seen.append(count.value) }
            #expect(seen == [0])
            count.value = 1
            count.value = 2
            #expect(seen == [0])
            return effect
        }
        #expect(seen == [0, 2])
        effect.cancel()
    }

    @Test func `batch returns what its body returned`() {
        let count = Signal(1)
        var computeRuns = 0
        let doubled = Computed { computeRuns += 1; return count.value * 2 }
        let result = batch { () -> Int in
            count.value = 3
            return doubled.value
        }
        #expect(result == 6)
        #expect(batch { "plain" } == "plain")
        #expect(computeRuns == 1)
    }

    @Test func `batch rethrows, and the writes made before the throw still flush`() {
        let count = Signal(0)
        var runs = 0
        var seen: [Int] = []
        let effect = Effect { runs += 1; seen.append(count.value) }
        #expect(throws: Oops.self) {
            try batch {
                count.value = 1
                count.value = 2
                throw Oops()
            }
        }
        #expect(runs == 2)
        count.value = 3                     // the batch has ended: writes notify at once
        #expect(runs == 3)
        #expect(seen == [0, 2, 3])
        #expect(Runtime.current.pointee.batchDepth == 0)
        effect.cancel()
    }

    @Test func `a saved value whose deinit releases its own source is destroyed once, last`() {
        // The batch log saves the old array; when the batch ends it propagates the
        // write, then destroys that copy, whose element drops the signal's only owner.
        let holder = SignalHolder<[DeinitAction]>()
        var deinits = 0
        holder.signal = Signal([DeinitAction { deinits += 1; holder.signal = nil }])
        weak let weakSignal = holder.signal
        var seen: [Int] = []
        // A tracking scope subscribes without owning the signal.
        withTracking { _ = holder.signal?.value } onChange: { seen.append(holder.signal?.value.count ?? -1) }
        batch { holder.signal?.value = [] }
        #expect(deinits == 1)
        #expect(holder.signal == nil)
        #expect(weakSignal == nil)
        #expect(seen.count <= 1)
        #expect(Runtime.current.pointee.log.isEmpty)
        let other = Signal(0)
        var runs = 0
        let effect = Effect { _ = other.value; runs += 1 }
        batch { other.value = 1 }
        #expect(runs == 2)
        effect.cancel()
    }

    @Test func `a write by a saved value's deinit as the batch resolves propagates in the same flush`() {
        // The batch logs one source; resolving it destroys the saved old array, whose
        // element writes another signal from its deinit. That write joins the log being
        // resolved, and reaches its own reader in the same flush.
        let other = Signal(0)
        let source = Signal([DeinitAction { other.value = 7 }])
        var counts: [Int] = [], others: [Int] = []
        let sourceReader = Effect { counts.append(source.value.count) }
        let otherReader = Effect { others.append(other.value) }
        batch { source.value = [] }
        #expect(counts == [1, 0])
        #expect(others == [0, 7])
        #expect(Runtime.current.pointee.log.isEmpty)
        #expect(!other.flags.contains(.logged))
        batch { other.value = 8 }
        #expect(others == [0, 7, 8])
        sourceReader.cancel()
        otherReader.cancel()
    }
}
