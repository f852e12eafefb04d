import Foundation
import Testing
@testable import Ripple

/// The inline read path (`Graph.PlainRead`): a read that needs nothing from the engine
/// is decided in the accessor, and every other read falls through to the engine. These
/// tests hold each condition of the inline path false in turn and check that the
/// engine path took over.
@Suite struct ReadPathTests {
    @Test func `a re-run reading in the same order keeps every link object`() {
        let a = Signal(1), b = Signal(2)
        let doubled = Computed { a.value * 2 }
        let sum = Computed { doubled.value + a.value + b.value }
        let effect = Effect { _ = sum.value }
        let before = dependencyLinks(of: sum)
        a.value = 5
        #expect(sum.value == 17)
        #expect(dependencyLinks(of: sum) == before)
        #expect(dependencies(of: sum) == [ObjectIdentifier(doubled), ObjectIdentifier(a), ObjectIdentifier(b)])
        effect.cancel()
    }

    @Test func `a node read twice in a row is one dependency`() {
        let a = Signal(1)
        let twice = Computed { a.value + a.value }
        let reader = Computed { twice.value + twice.value }
        let effect = Effect { _ = reader.value }
        a.value = 2
        #expect(reader.value == 8)
        #expect(dependencies(of: twice) == [ObjectIdentifier(a)])
        #expect(dependencies(of: reader) == [ObjectIdentifier(twice)])
        #expect(subscribers(of: a) == [ObjectIdentifier(twice)])
        effect.cancel()
    }

    @Test func `a node read again after other reads is one dependency`() {
        let a = Signal(1), b = Signal(10)
        var runs = 0
        let alternating = Computed { () -> Int in
            runs += 1
            var sum = 0
            for _ in 0..<3 { sum += a.value + b.value }
            return sum
        }
        let effect = Effect { _ = alternating.value }
        a.value = 2
        #expect(alternating.value == 36)
        #expect(dependencies(of: alternating) == [ObjectIdentifier(a), ObjectIdentifier(b)])
        #expect(subscribers(of: a) == [ObjectIdentifier(alternating)])
        #expect(subscribers(of: b) == [ObjectIdentifier(alternating)])
        b.value = 20
        #expect(alternating.value == 66)
        #expect(runs == 3)
        effect.cancel()
    }

    @Test func `a re-run reading in a new order still depends on everything it read`() {
        let flip = Signal(false), x = Signal(1), y = Signal(10)
        var runs = 0
        let ordered = Computed { () -> Int in
            runs += 1
            return flip.value ? y.value + x.value : x.value + y.value
        }
        let effect = Effect { _ = ordered.value }
        flip.value = true
        #expect(dependencies(of: ordered) == [ObjectIdentifier(flip), ObjectIdentifier(y), ObjectIdentifier(x)])
        x.value = 2
        y.value = 20
        #expect(ordered.value == 22)
        #expect(runs == 4)
        effect.cancel()
    }

    @Test func `a read inside a batch sees the batch's writes`() {
        let a = Signal(1)
        let doubled = Computed { a.value * 2 }
        let effect = Effect { _ = doubled.value }
        var seen: [Int] = []
        batch {
            a.value = 3
            // The batch log is not empty: the read goes through the engine.
            seen.append(doubled.value)
            let tracked = Computed { doubled.value + a.value }
            seen.append(tracked.value)
        }
        #expect(seen == [6, 9])
        effect.cancel()
    }

    @Test func `a stale computed read from an effect recomputes first`() {
        let a = Signal(1)
        let doubled = Computed { a.value * 2 }
        var seen: [Int] = []
        let effect = Effect { seen.append(doubled.value) }
        a.value = 2
        a.value = 3
        #expect(seen == [2, 4, 6])
        effect.cancel()
    }

    @Test func `a computed that holds an error rethrows it from get()`() throws {
        struct Odd: Error {}
        let a = Signal(1)
        let checked = Computed { () throws -> Int in
            guard a.value % 2 == 0 else { throw Odd() }
            return a.value
        }
        #expect(throws: Odd.self) { try checked.get() }
        // Current and cached now: the inline path rethrows the cached error too.
        #expect(throws: Odd.self) { try checked.get() }
        a.value = 2
        #expect(try checked.get() == 2)
    }

    @Test func `reads on a thread that has no runtime yet`() {
        let a = Signal(4)
        let handoff = Handoff(a, Computed { a.value * 2 })
        let thread = Thread {
            // Nothing on this thread has touched the engine: a signal read needs no
            // runtime, a computed read creates one to evaluate.
            handoff.values.append(handoff.signal.value)
            handoff.values.append(handoff.computed.value)
            handoff.values.append(handoff.computed.value)
            handoff.done.signal()
        }
        thread.start()
        guard handoff.done.wait(for: "the other thread's reads") else { return }
        #expect(handoff.values == [4, 8, 8])
    }

    /// Nodes lent to one other thread, and what it read, while this thread waits.
    ///
    /// Safety (`@unchecked Sendable`): one thread at a time uses it; the test reads the
    /// values after `done` is signalled.
    final class Handoff: @unchecked Sendable {
        let signal: Signal<Int>
        let computed: Computed<Int>
        var values: [Int] = []
        let done = DispatchSemaphore(value: 0)

        init(_ signal: Signal<Int>, _ computed: Computed<Int>) {
            self.signal = signal
            self.computed = computed
        }
    }

    // MARK: The engine path holds what it reads

    /// Owns computeds, as an app's array of rows would; a row's recompute may empty it.
    final class Rows {
        var nodes: [Computed<Int>] = []

        /// Adds a row worth ten times `source`, which empties `nodes`, its only owner,
        /// when it recomputes to more than `limit`.
        func addRow(times source: Signal<Int>, clearingAbove limit: Int) {
            nodes.append(Computed { [unowned self] () -> Int in
                let value = source.value * 10
                if value > limit { self.nodes.removeAll() }
                return value
            })
        }
    }

    /// The getter hands the engine path its node unretained, as an optimized read of an
    /// array element does; these tests call that path the same way.
    @Test func `an untracked read whose recompute drops the last reference still returns`() {
        let source = Signal(1)
        let rows = Rows()
        rows.addRow(times: source, clearingAbove: 0)   // its first recompute lets go
        weak let weakRow = rows.nodes[0]
        let row = Unmanaged.passUnretained(rows.nodes[0])
        #expect(Computed<Int>.valueReadThroughEngine(row) == 10)
        #expect(rows.nodes.isEmpty)
        #expect(weakRow == nil)
    }

    @Test func `a tracked re-read is held by the run's own link while it recomputes`() {
        let source = Signal(1)
        let rows = Rows()
        rows.addRow(times: source, clearingAbove: 10)  // its second recompute lets go
        weak let weakRow = rows.nodes[0]
        var seen: [Int] = []
        let reader = Unmanaged.passUnretained(rows.nodes[0])
        let effect = Effect { seen.append(Computed<Int>.valueReadThroughEngine(reader)) }
        source.value = 2                               // the re-run recomputes the row
        #expect(seen == [10, 20])
        #expect(rows.nodes.isEmpty)
        #expect(weakRow != nil)                        // the effect's link holds it
        effect.cancel()
        #expect(weakRow == nil)
    }

    @Test func `a read of a source written in the open batch holds it while it resolves`() {
        // The old value's last element drops the signal that held it, when the batch
        // log destroys the saved copy: on the first read of the new value.
        let holder = SignalHolder<[DeinitAction]>()
        holder.signal = Signal([DeinitAction { holder.signal = nil }])
        weak let weakSignal = holder.signal
        // A tracking scope subscribes without owning, so the holder is the only owner.
        var fired = 0
        withTracking { _ = holder.signal?.value } onChange: { fired += 1 }
        var counts: [Int] = []
        var effect: Effect?
        batch {
            holder.signal?.value = []                  // logged, with the old array saved
            let signal = Unmanaged.passUnretained(holder.signal!)
            effect = Effect { counts.append(Signal<[DeinitAction]>.valueReadThroughEngine(signal).count) }
        }
        #expect(counts == [0])
        #expect(fired == 1)
        #expect(holder.signal == nil)
        effect?.cancel()
        effect = nil
        #expect(weakSignal == nil)
    }
}
