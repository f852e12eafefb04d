import Testing
@testable import Ripple

/// `Computed`: laziness, memoization, equality cut-off, dynamic dependencies, cached errors.
@Suite struct ComputedTests {
    /// An error that says which run threw it, so a rethrow can be told from a rerun.
    struct Failure: Error, Equatable {
        let run: Int
    }

    @Test func `nothing runs before the first read`() {
        let count = Signal(1)
        var runs = 0
        let doubled = Computed { runs += 1; return count.value * 2 }
        count.value = 2
        #expect(runs == 0)
        #expect(doubled.value == 4)
        #expect(runs == 1)
    }

    @Test func `repeated reads run the closure once`() throws {
        let count = Signal(1)
        var runs = 0
        let doubled = Computed { runs += 1; return count.value * 2 }
        #expect(doubled.value == 2)
        #expect(doubled.value == 2)
        #expect(doubled.peek() == 2)
        #expect(try doubled.get() == 2)
        #expect(runs == 1)
    }

    @Test func `a change recomputes once, however often it is read`() {
        let count = Signal(1)
        var runs = 0, firstRuns = 0, secondRuns = 0
        let doubled = Computed { runs += 1; return count.value * 2 }
        let first = Effect { firstRuns += 1; _ = doubled.value }
        let second = Effect { secondRuns += 1; _ = doubled.value }
        count.value = 2
        #expect(doubled.value == 4)
        #expect(doubled.value == 4)
        #expect(runs == 2)
        #expect([firstRuns, secondRuns] == [2, 2])
        first.cancel()
        second.cancel()
    }

    @Test func `several writes before a read recompute once`() {
        let count = Signal(1)
        var runs = 0
        let doubled = Computed { runs += 1; return count.value * 2 }
        #expect(doubled.value == 2)
        count.value = 2
        count.value = 3
        count.value = 4
        #expect(doubled.value == 8)
        #expect(runs == 2)
    }

    @Test func `a write that changes nothing recomputes nothing`() {
        let count = Signal(1)
        var runs = 0
        let doubled = Computed { runs += 1; return count.value * 2 }
        #expect(doubled.value == 2)
        count.value = 1
        batch { count.value = 5; count.value = 1 }
        #expect(doubled.value == 2)
        #expect(runs == 1)
    }

    @Test func `an upstream recompute to an equal value does not recompute downstream`() {
        let count = Signal(1)
        var parityRuns = 0, labelRuns = 0
        let isEven = Computed { parityRuns += 1; return count.value % 2 == 0 }
        let label = Computed { labelRuns += 1; return isEven.value ? "even" : "odd" }
        #expect(label.value == "odd")
        count.value = 3
        #expect(label.value == "odd")
        #expect(parityRuns == 2)
        #expect(labelRuns == 1)
        count.value = 4
        #expect(label.value == "even")
        #expect(parityRuns == 3)
        #expect(labelRuns == 2)
    }

    @Test func `equality cut-off stops effects downstream`() {
        let count = Signal(1)
        var parityRuns = 0, labelRuns = 0, effectRuns = 0
        let isEven = Computed { parityRuns += 1; return count.value % 2 == 0 }
        let label = Computed { labelRuns += 1; return isEven.value ? "even" : "odd" }
        var seen: [String] = []
        let effect = Effect { effectRuns += 1; seen.append(label.value) }
        count.value = 3
        count.value = 5
        #expect([parityRuns, labelRuns, effectRuns] == [3, 1, 1])
        count.value = 6
        #expect([parityRuns, labelRuns, effectRuns] == [4, 2, 2])
        #expect(seen == ["odd", "even"])
        effect.cancel()
    }

    @Test func `a branch no longer taken is unsubscribed`() {
        let useFirst = Signal(true)
        let first = Signal("a"), second = Signal("b")
        var computeRuns = 0, effectRuns = 0
        let chosen = Computed { computeRuns += 1; return useFirst.value ? first.value : second.value }
        var seen: [String] = []
        let effect = Effect { effectRuns += 1; seen.append(chosen.value) }
        #expect(first.subs != nil)
        #expect(second.subs == nil)

        useFirst.value = false
        #expect(first.subs == nil)
        #expect(second.subs != nil)
        first.value = "A"                      // the old branch: recomputes nothing
        #expect([computeRuns, effectRuns] == [2, 2])
        second.value = "B"
        #expect([computeRuns, effectRuns] == [3, 3])
        #expect(seen == ["a", "b", "B"])
        effect.cancel()
    }

    @Test func `a dependency read many times in one run is linked once`() {
        let count = Signal(2)
        var runs = 0
        let square = Computed { runs += 1; return count.value * count.value + count.value }
        #expect(square.value == 6)
        #expect(dependencyLinks(of: square).count == 1)
        count.value = 3
        #expect(square.value == 12)
        #expect(dependencyLinks(of: square).count == 1)
        #expect(runs == 2)
    }

    @Test func `untracked reads inside a computed are not dependencies`() {
        let query = Signal("swift"), page = Signal(1)
        var runs = 0
        let results = Computed { () -> String in
            runs += 1
            let currentPage = untracked { page.value }
            return "\(query.value), page \(currentPage)"
        }
        #expect(results.value == "swift, page 1")
        page.value = 2
        #expect(results.value == "swift, page 1")
        #expect(runs == 1)
        query.value = "rust"
        #expect(results.value == "rust, page 2")
        #expect(runs == 2)
        #expect(page.subs == nil)
    }

    @Test func `peek brings a computed up to date without recording a dependency`() {
        let count = Signal(1)
        var computeRuns = 0, effectRuns = 0
        let doubled = Computed { computeRuns += 1; return count.value * 2 }
        var seen: [Int] = []
        let effect = Effect { effectRuns += 1; seen.append(doubled.peek()) }
        count.value = 2
        #expect(effectRuns == 1)
        #expect(doubled.peek() == 4)
        #expect(computeRuns == 2)
        #expect(seen == [2])
        #expect(dependencies(of: effect).isEmpty)
        effect.cancel()
    }

    final class Box {}

    final class Version: Equatable {
        let number: Int
        init(_ number: Int) { self.number = number }
        static func == (lhs: Version, rhs: Version) -> Bool { lhs.number == rhs.number }
    }

    @Test func `objects are compared by identity, Equatable objects with ==`() {
        let input = Signal(0)
        let shared = Box()
        var identityRuns = 0, equatableRuns = 0
        let boxed = Computed { input.value >= 0 ? shared : Box() }
        let versioned = Computed { Version(input.value / 2) }
        let identityEffect = Effect { identityRuns += 1; _ = boxed.value }
        let equatableEffect = Effect { equatableRuns += 1; _ = versioned.value }
        let firstVersion = versioned.value
        input.value = 1                     // same box; an equal Version
        #expect([identityRuns, equatableRuns] == [1, 1])
        #expect(versioned.value === firstVersion)
        input.value = -1                    // a new box; Version(0) again
        #expect([identityRuns, equatableRuns] == [2, 1])
        input.value = 4
        #expect([identityRuns, equatableRuns] == [3, 2])
        identityEffect.cancel()
        equatableEffect.cancel()
    }

    @Test func `a throwing computed compares objects the same way, and an error is always a change`() {
        let input = Signal(0)
        var runs = 0
        let versioned = Computed { () throws -> Version in
            guard input.value >= 0 else { throw Failure(run: input.value) }
            return Version(input.value / 2)
        }
        let effect = Effect { runs += 1; _ = try? versioned.get() }
        input.value = 1                     // an equal Version: dependents skip
        #expect(runs == 1)
        input.value = -1                    // an error
        #expect(runs == 2)
        #expect(throws: Failure(run: -1)) { try versioned.get() }
        input.value = 4
        #expect(runs == 3)
        effect.cancel()
    }

    static func makeComputed<Value>(_ compute: @escaping () -> Value) -> Computed<Value> {
        Computed(compute)
    }

    @Test
    func `a computed created in a generic context still compares Equatable values`() {
        let count = Signal(1)
        var effectRuns = 0
        let parity = Self.makeComputed { count.value % 2 }
        let effect = Effect { effectRuns += 1; _ = parity.value }
        count.value = 3                     // parity recomputes to 1 again
        #expect(effectRuns == 1)
        effect.cancel()
    }

    // MARK: Errors

    @Test func `a thrown error is cached until a dependency changes`() throws {
        let input = Signal(-1)
        var runs = 0
        let root = Computed { () throws -> Int in
            runs += 1
            guard input.value >= 0 else { throw Failure(run: runs) }
            return input.value * 10
        }
        #expect(throws: Failure(run: 1)) { try root.get() }
        #expect(throws: Failure(run: 1)) { try root.get() }
        #expect(runs == 1)

        input.value = -2
        #expect(throws: Failure(run: 2)) { try root.get() }
        #expect(throws: Failure(run: 2)) { try root.get() }
        #expect(runs == 2)

        input.value = 4
        #expect(try root.get() == 40)
        #expect(root.value == 40)
        #expect(runs == 3)
    }

    @Test func `a new error always counts as a change downstream`() {
        let input = Signal(-1)
        var rootRuns = 0, effectRuns = 0
        let root = Computed { () throws -> Int in
            rootRuns += 1
            guard input.value >= 0 else { throw Failure(run: 0) }
            return 0
        }
        var seen: [String] = []
        let effect = Effect {
            effectRuns += 1
            do { seen.append("value \(try root.get())") } catch { seen.append("error") }
        }
        input.value = -2      // another error, equal as it may be: still a change
        input.value = 0
        input.value = 1       // an equal value: cut off
        #expect([rootRuns, effectRuns] == [4, 3])
        #expect(seen == ["error", "error", "value 0"])
        effect.cancel()
    }

    @Test func `the cache holds one value at a time through values and errors`() throws {
        final class Token: Equatable {
            let id: Int
            let onDeinit: () -> Void
            init(_ id: Int, onDeinit: @escaping () -> Void) { self.id = id; self.onDeinit = onDeinit }
            deinit { onDeinit() }
            static func == (lhs: Token, rhs: Token) -> Bool { lhs.id == rhs.id }
        }
        var alive = 0
        let input = Signal(1)
        let token = Computed { () throws -> Token in
            guard input.value >= 0 else { throw Failure(run: input.value) }
            alive += 1
            return Token(input.value) { alive -= 1 }
        }
        #expect(try token.get().id == 1)
        #expect(alive == 1)
        input.value = 2                     // a new value replaces the old one
        #expect(try token.get().id == 2)
        #expect(alive == 1)
        input.value = -1                    // an error replaces the value
        #expect(throws: Failure(run: -1)) { try token.get() }
        #expect(alive == 0)
        input.value = 3                     // a value replaces the error
        #expect(try token.get().id == 3)
        #expect(alive == 1)

        // A trivial value takes the in-place path between two values.
        let doubled = Computed { () throws -> Int in
            guard input.value >= 0 else { throw Failure(run: input.value) }
            return input.value * 2
        }
        var seen: [String] = []
        let effect = Effect {
            do { seen.append("\(try doubled.get())") } catch { seen.append("error") }
        }
        input.value = 4
        input.value = -2
        input.value = 5
        input.value = 6
        #expect(seen == ["6", "8", "error", "10", "12"])
        effect.cancel()
    }

    // MARK: Custom equality

    @Test func `a custom comparer is called as equals(old, new) between values only`() throws {
        let input = Signal(1)
        var calls: [[Int]] = []
        var computeRuns = 0, effectRuns = 0
        // Asymmetric on purpose: only a rise counts as a change.
        let highWater = Computed(equals: { old, new in calls.append([old, new]); return new <= old }) { () throws -> Int in
            computeRuns += 1
            guard input.value >= 0 else { throw Failure(run: computeRuns) }
            return input.value
        }
        var seen: [Int] = []
        let effect = Effect { effectRuns += 1; seen.append((try? highWater.get()) ?? -1) }
        #expect(calls.isEmpty)            // the first value has nothing to compare with

        input.value = 0                   // not a rise: cut off, the old value stays
        #expect(try highWater.get() == 1)
        input.value = 3
        input.value = -1                  // an error: no comparison
        input.value = 2                   // after an error: no comparison
        #expect(calls == [[1, 0], [1, 3]])
        #expect(computeRuns == 5)
        #expect(effectRuns == 4)
        #expect(seen == [1, 3, -1, 2])
        effect.cancel()
    }

    @Test func `reads made by the comparer are tracked by the computed itself`() {
        let input = Signal(10.0)
        let tolerance = Signal(0.5)
        var computeRuns = 0, effectRuns = 0
        let smoothed = Computed(equals: { old, new in abs(old - new) < tolerance.value }) {
            computeRuns += 1
            return input.value
        }
        var seen: [Double] = []
        let effect = Effect { effectRuns += 1; seen.append(smoothed.value) }
        input.value = 10.2                 // the comparer runs: within tolerance
        #expect(subscribers(of: tolerance) == [ObjectIdentifier(smoothed)])
        #expect(!dependencies(of: effect).contains(ObjectIdentifier(tolerance)))

        tolerance.value = 1.0              // the computed recomputes; equal, so cut off
        #expect([computeRuns, effectRuns] == [3, 1])
        tolerance.value = 0.1              // 10.2 against the cached 10: a change now
        #expect([computeRuns, effectRuns] == [4, 2])
        #expect(seen == [10, 10.2])
        effect.cancel()
    }
}
