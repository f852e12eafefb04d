import Testing
@testable import Ripple

/// `Signal`: which writes count as changes, reads that do not track, and in-place updates.
@Suite struct SignalTests {
    /// Nodes with custom comparers alive at exit, as an app's long-lived state is: the
    /// CI run under LeakSanitizer checks that each comparer is reachable from its node.
    nonisolated(unsafe) static let readingAliveAtExit = Signal(20.0, equals: { abs($0 - $1) < 0.5 })
    nonisolated(unsafe) static let roundedAliveAtExit = Computed(equals: { abs($0 - $1) < 1 }) {
        readingAliveAtExit.value * 2
    }

    @Test func `custom comparers of nodes alive at exit stay reachable from their nodes`() {
        // Read, never written: other tests may run at the same time, and the nodes only
        // need to exist for the check at exit.
        #expect(Self.roundedAliveAtExit.peek() == 40)

        // In the process, the same promise: a node holds its comparer, and so what the
        // comparer captured, for as long as the node lives, and no longer.
        final class Tolerance {
            let degrees: Double
            init(_ degrees: Double) { self.degrees = degrees }
        }
        weak var weakSignalTolerance: Tolerance?
        weak var weakComputedTolerance: Tolerance?
        var reading: Signal<Double>? = nil
        var rounded: Computed<Double>? = nil
        do {
            let signalTolerance = Tolerance(0.5), computedTolerance = Tolerance(1)
            (weakSignalTolerance, weakComputedTolerance) = (signalTolerance, computedTolerance)
            let signal = Signal(20.0, equals: { abs($0 - $1) < signalTolerance.degrees })
            reading = signal
            rounded = Computed(equals: { abs($0 - $1) < computedTolerance.degrees }) { signal.value * 2 }
        }
        #expect(weakSignalTolerance != nil && weakComputedTolerance != nil)
        #expect(rounded?.value == 40)
        reading?.value = 20.2
        #expect(reading?.peek() == 20.0)        // within the signal's tolerance
        reading?.value = 20.4
        reading?.value = 20.7
        #expect(rounded?.value == 41.4)
        reading?.value = 20.8                    // 41.6 is within the computed's tolerance
        #expect(rounded?.value == 41.4)
        rounded = nil
        #expect(weakComputedTolerance == nil)
        reading = nil
        #expect(weakSignalTolerance == nil)
    }

    /// A class with no equality: compared by identity.
    final class Session {}

    /// An `Equatable` class: `==` decides, whatever the instance.
    final class Version: Equatable {
        let number: Int
        init(_ number: Int) { self.number = number }
        static func == (lhs: Version, rhs: Version) -> Bool { lhs.number == rhs.number }
    }

    /// A value with no equality: every write is a change.
    struct Reading {
        var celsius: Int
    }

    struct Oops: Error {}

    // MARK: Equality rules

    @Test func `an Equatable value notifies only when == says it changed`() {
        let name = Signal("Ada")
        var seen: [String] = []
        let effect = Effect { seen.append(name.value) }
        name.value = "Ada"
        #expect(seen == ["Ada"])
        name.value = "Grace"
        name.value = "Grace"
        #expect(seen == ["Ada", "Grace"])
        name.value = "Ada"
        #expect(seen == ["Ada", "Grace", "Ada"])
        effect.cancel()
    }

    @Test func `a class instance notifies only when a different instance is stored`() {
        let first = Session(), second = Session()
        let session = Signal(first)
        var seen: [ObjectIdentifier] = []
        let effect = Effect { seen.append(ObjectIdentifier(session.value)) }
        session.value = first
        #expect(seen.count == 1)
        session.value = second
        #expect(seen == [ObjectIdentifier(first), ObjectIdentifier(second)])
        session.value = second
        #expect(seen.count == 2)
        session.value = first
        #expect(seen == [ObjectIdentifier(first), ObjectIdentifier(second), ObjectIdentifier(first)])
        effect.cancel()
    }

    @Test func `an Equatable class compares with == rather than identity`() {
        let version = Signal(Version(1))
        var seen: [Int] = []
        let effect = Effect { seen.append(version.value.number) }
        let original = version.peek()
        version.value = Version(1)          // another instance, equal
        #expect(seen == [1])
        #expect(version.peek() === original) // the no-op write did not store it
        version.value = Version(2)
        #expect(seen == [1, 2])
        effect.cancel()
    }

    @Test func `a value without equality notifies on every write`() {
        let reading = Signal(Reading(celsius: 20))
        let tick = Signal(())
        var readingRuns = 0, tickRuns = 0
        let readingEffect = Effect { readingRuns += 1; _ = reading.value }
        let tickEffect = Effect { tickRuns += 1; _ = tick.value }
        reading.value = Reading(celsius: 20)
        reading.value = Reading(celsius: 20)
        tick.value = ()
        #expect(readingRuns == 3)
        #expect(tickRuns == 2)
        readingEffect.cancel()
        tickEffect.cancel()
    }

    static func makeSignal<Value>(_ value: Value) -> Signal<Value> {
        Signal(value)
    }

    @Test
    func `a signal created in a generic context still compares Equatable values`() {
        let count = Self.makeSignal(1)
        var runs = 0
        let effect = Effect { runs += 1; _ = count.value }
        count.value = 1
        #expect(runs == 1)
        effect.cancel()
    }

    @Test func `a custom comparer is called as equals(old, new) and decides alone`() {
        var calls: [[Int]] = []
        // Asymmetric on purpose: only a rise counts as a change.
        let level = Signal(5, equals: { old, new in
            calls.append([old, new])
            return new <= old
        })
        var seen: [Int] = []
        let effect = Effect { seen.append(level.value) }
        level.value = 3                      // "equal": a no-op, the value stays 5
        #expect(level.peek() == 5)
        level.value = 8
        #expect(calls == [[5, 3], [5, 8]])
        #expect(seen == [5, 8])
        effect.cancel()
    }

    @Test func `in a batch the comparer judges the value subscribers saw against the final one`() {
        var calls: [[Double]] = []
        let reading = Signal(20.0, equals: { old, new in
            calls.append([old, new])
            return abs(old - new) < 0.5
        })
        var runs = 0
        let effect = Effect { runs += 1; _ = reading.value }
        batch {
            reading.value = 21        // a change from 20
            reading.value = 20.3      // a change from 21, but within tolerance of 20
        }
        #expect(calls == [[20, 21], [21, 20.3], [20, 20.3]])
        #expect(runs == 1)
        #expect(reading.peek() == 20.3)
        effect.cancel()
    }

    @Test func `every NaN write notifies, as Equatable says NaN != NaN`() {
        let reading = Signal(Double.nan)
        var runs = 0
        let effect = Effect { runs += 1; _ = reading.value }
        reading.value = .nan
        #expect(runs == 2)
        reading.value = .nan
        #expect(runs == 3)
        batch { reading.value = .nan }
        #expect(runs == 4)
        effect.cancel()
    }

    @Test func `standard value types compare with their own ==, not their bits`() {
        // Signals of Int, Double, Bool, String, Float and UInt call `==` directly; the
        // result must be the type's `==`: -0.0 equals 0.0, and canonically equivalent
        // strings are equal although their bytes differ.
        let zero = Signal(0.0)
        let name = Signal("caf\u{E9}")
        let flag = Signal(true)
        let small = Signal(Float(0))
        let count = Signal(UInt(7))
        var runs = 0
        let effect = Effect {
            runs += 1
            _ = (zero.value, name.value, flag.value, small.value, count.value)
        }
        zero.value = -0.0
        name.value = "cafe\u{301}"
        flag.value = true
        small.value = -0
        count.value = 7
        #expect(runs == 1)
        batch {
            name.value = "other"
            name.value = "cafe\u{301}"   // back to a value equal to the one subscribers saw
        }
        #expect(runs == 1)
        count.value = 8
        #expect(runs == 2)
        effect.cancel()
    }

    @Test func `a custom comparer on a standard value type still decides`() {
        let level = Signal(10, equals: { old, new in abs(old - new) < 5 })
        var runs = 0
        let effect = Effect { runs += 1; _ = level.value }
        level.value = 13
        #expect(runs == 1)
        level.value = 20
        #expect(runs == 2)
        effect.cancel()
    }

    @Test func `a NaN recomputed by a Computed notifies its readers too`() {
        let reading = Signal(Double.nan)
        var computeRuns = 0, effectRuns = 0
        let scaled = Computed { computeRuns += 1; return reading.value * 2 }
        let effect = Effect { effectRuns += 1; _ = scaled.value }
        reading.value = .nan
        #expect(computeRuns == 2)
        #expect(effectRuns == 2)
        effect.cancel()
    }

    // MARK: Reads

    @Test func `peek reads without recording a dependency`() {
        let total = Signal(10)
        var effectRuns = 0, computeRuns = 0
        var peeked: [Int] = []
        let effect = Effect { effectRuns += 1; peeked.append(total.peek()) }
        let doubled = Computed { computeRuns += 1; return total.peek() * 2 }
        #expect(doubled.value == 20)
        total.value = 11
        #expect(doubled.value == 20)   // no dependency, so still the memoized value
        #expect(effectRuns == 1)
        #expect(computeRuns == 1)
        #expect(peeked == [10])
        #expect(total.subs == nil)
        #expect(total.peek() == 11)
        effect.cancel()
    }

    // MARK: update

    @Test func `update notifies exactly once, even when nothing changed`() {
        let items = Signal([1, 2])
        var runs = 0
        let effect = Effect { runs += 1; _ = items.value.count }
        items.update { _ in }
        #expect(runs == 2)
        items.update { $0.append(3); $0.append(4) }
        #expect(runs == 3)
        let removed = items.update { $0.removeLast() }
        #expect(removed == 4)
        #expect(runs == 4)
        batch {
            items.update { $0.append(9) }
            _ = items.update { $0.removeLast() }   // back where it started, still a change
        }
        #expect(runs == 5)
        batch {
            items.value = [7]
            items.update { $0 = [1, 2, 3] }    // the value subscribers saw, still a change
        }
        #expect(runs == 6)
        #expect(items.peek() == [1, 2, 3])
        effect.cancel()
    }

    @Test func `update rethrows and still notifies once`() {
        let items = Signal([1])
        var runs = 0
        let effect = Effect { runs += 1; _ = items.value.count }
        #expect(throws: Oops.self) {
            try items.update { value in
                value.append(2)
                throw Oops()
            }
        }
        #expect(runs == 2)
        #expect(items.peek() == [1, 2])
        effect.cancel()
    }

    /// Where the in-place update happens: each path through `update` must leave the
    /// array's buffer uniquely referenced.
    enum UpdateSite: String, CaseIterable, Sendable {
        case withoutSubscribers
        case outsideBatch
        case insideBatch
        case afterASharingWriteInTheSameBatch
    }

    /// An array with spare capacity, built so that no other reference to its buffer
    /// is left behind.
    static func roomyArray() -> [Int] {
        var array: [Int] = []
        array.reserveCapacity(64)
        array.append(contentsOf: [1, 2, 3])
        return array
    }

    static func bufferAddress(_ signal: Signal<[Int]>) -> UInt {
        signal.peek().withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    @Test(arguments: UpdateSite.allCases)
    func `update mutates an array in place without copying its storage`(site: UpdateSite) {
        // Every write notifies, so a write of the same array logs a copy that shares
        // the buffer: `update` must drop that copy before mutating.
        let items = Signal(Self.roomyArray(), equals: { _, _ in false })
        var runs = 0
        let effect: Effect? = site == .withoutSubscribers
            ? nil
            : Effect { runs += 1; _ = items.value.count }
        let before = Self.bufferAddress(items)
        switch site {
        case .withoutSubscribers, .outsideBatch:
            items.update { $0.append(4) }
        case .insideBatch:
            batch { items.update { $0.append(4) } }
        case .afterASharingWriteInTheSameBatch:
            batch {
                items.value = items.peek()
                items.update { $0.append(4) }
            }
        }
        #expect(Self.bufferAddress(items) == before)
        #expect(items.peek() == [1, 2, 3, 4])
        #expect(runs == (site == .withoutSubscribers ? 0 : 2))
        effect?.cancel()
    }

    // MARK: Writes nobody follows

    @Test func `a write with no subscribers runs nothing and logs nothing`() {
        let lonely = Signal(0)
        let other = Signal(0)
        var computeRuns = 0, effectRuns = 0
        let unread = Computed { computeRuns += 1; return lonely.value * 10 }
        let effect = Effect { effectRuns += 1; _ = other.value }
        lonely.value = 1
        batch {
            lonely.value = 2
            lonely.update { $0 += 1 }
            #expect(lonely.subs == nil)
            #expect(lonely.flags.isDisjoint(with: [.logged, .dirty]))
            #expect(Runtime.current.pointee.log.isEmpty)
            #expect(Runtime.current.pointee.queue.isEmpty)
        }
        #expect(computeRuns == 0)
        #expect(effectRuns == 1)
        #expect(unread.value == 30)
        #expect(computeRuns == 1)
        effect.cancel()
    }
}
