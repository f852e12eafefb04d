import CMallocStats
import Foundation
import Testing
@testable import Ripple

/// A graph of a million nodes (in CI; see ``nodeCount``) is built, updated and dropped;
/// its memory comes back and nothing is left linked. It runs in a child process (an
/// exit test) so that the allocator's statistics count this graph alone, not the tests
/// running beside it.
@Suite struct StressTests {
    /// A grid: row 0 holds `columns` signals; each computed of row `r` reads two
    /// neighbours in row `r - 1` (its own column and the next, wrapping), so every node
    /// fans in and out. With every signal at `v`, each node of row `r` holds
    /// `v * 2^r mod modulus`.
    struct Grid {
        static let modulus = 1_000_003
        let rows: Int
        let columns: Int
        var nodeCount: Int { rows * columns }

        static func expected(_ value: Int, row: Int) -> Int {
            var result = value % modulus
            for _ in 0..<row { result = result * 2 % modulus }
            return result
        }
    }

    /// What the child process measured; it fails with these lines on standard error.
    struct Failures {
        var lines: [String] = []
        mutating func check(_ condition: Bool, _ line: @autoclosure () -> String) {
            if !condition { lines.append(line()) }
        }
    }

    final class Counter {
        var value = 0
    }

    /// Builds, updates and drops the grid, then checks that the heap came back.
    static func exercise(_ grid: Grid) -> Failures {
        var failures = Failures()
        let baseline = Int(cmalloc_bytes_in_use())
        let peak = buildUpdateAndDrop(grid, &failures)
        // What this test allocated is gone too: what remains is the engine's own.
        let retained = Int(cmalloc_bytes_in_use()) - baseline
        let allowed = 1_000_000     // its cached links and their slabs, its walk stacks
        let linkHeap = Runtime.linkHeap
        print("stress: \(grid.nodeCount) nodes, peak \((peak - baseline) / 1_000_000) MB, retained after drop \(retained) bytes (allowed \(allowed)); link heap: \(linkHeap.slabs) slabs, \(linkHeap.linksOut) links out")
        failures.check(peak - baseline > grid.nodeCount * 64, "the peak of \(peak - baseline) bytes is implausibly low: are statistics available?")
        failures.check(retained < allowed, "\(retained) bytes were not given back (allowed \(allowed))")
        return failures
    }

    /// Builds the grid warm (row by row, so no first read nests), attaches an effect to
    /// every bottom node, updates it twice, then drops it and checks that nothing is
    /// left; returns the bytes in use at the peak.
    static func buildUpdateAndDrop(_ grid: Grid, _ failures: inout Failures) -> Int {
        let recomputes = Counter()

        let signals = (0..<grid.columns).map { _ in Signal(1) }
        var weakSample: [WeakNode] = []
        var peak = 0
        do {
            var previous: [NodeRef] = signals.map { .signal($0) }
            var row: [Computed<Int>] = []
            var bottom: [Computed<Int>] = []
            for r in 1..<grid.rows {
                row = []
                row.reserveCapacity(grid.columns)
                for c in 0..<grid.columns {
                    let left = previous[c], right = previous[(c + 1) % grid.columns]
                    let computed = Computed {
                        recomputes.value += 1
                        return (left.read() + right.read()) % Grid.modulus
                    }
                    _ = computed.value
                    row.append(computed)
                    if c % 97 == 0 { weakSample.append(WeakNode(node: computed)) }
                }
                previous = row.map { .computed($0) }
                if r == grid.rows - 1 { bottom = row }
            }
            previous = []
            row = []
            failures.check(recomputes.value == grid.nodeCount - grid.columns,
                           "warming ran \(recomputes.value) computes")

            var seen = [Int](repeating: 0, count: grid.columns)
            var effects: [Effect] = []
            for (column, node) in bottom.enumerated() {
                effects.append(Effect { seen[column] = node.value })
            }
            bottom = []
            let bottomRow = grid.rows - 1
            failures.check(seen.allSatisfy { $0 == Grid.expected(1, row: bottomRow) }, "the effects saw \(seen.prefix(3))…")

            // Every signal at once: every node recomputes once.
            recomputes.value = 0
            batch {
                for signal in signals { signal.value = 3 }
            }
            failures.check(recomputes.value == grid.nodeCount - grid.columns,
                           "updating every signal ran \(recomputes.value) computes, expected \(grid.nodeCount - grid.columns)")
            failures.check(seen.allSatisfy { $0 == Grid.expected(3, row: bottomRow) }, "after the update the effects saw \(seen.prefix(3))…")

            // One signal: a value the first row maps to the same result stops there; then
            // a real change recomputes its cone, each node once.
            recomputes.value = 0
            signals[0].value = 3 + Grid.modulus
            failures.check(recomputes.value == min(2, grid.columns),
                           "a write that the first row cuts off ran \(recomputes.value) computes")
            recomputes.value = 0
            signals[0].value = 4
            let cone = (1..<grid.rows).reduce(0) { $0 + min($1 + 1, grid.columns) }
            failures.check(recomputes.value == cone, "one write ran \(recomputes.value) computes, expected its cone of \(cone)")

            peak = Int(cmalloc_bytes_in_use())
            for effect in effects { effect.cancel() }
            effects = []
        }

        // Dropped: every node gone, no signal linked, the engine's runtime idle.
        failures.check(weakSample.allSatisfy { $0.node == nil },
                       "\(weakSample.filter { $0.node != nil }.count) of \(weakSample.count) sampled computeds are still alive")
        failures.check(signals.allSatisfy { $0.subs == nil },
                       "\(signals.filter { $0.subs != nil }.count) signals still have subscribers")
        let runtime = Runtime.current.pointee
        failures.check(runtime.retiredNodes.isEmpty && runtime.retiredValues.isEmpty,
                       "the runtime still holds \(runtime.retiredNodes.count) nodes and \(runtime.retiredValues.count) values to release")
        failures.check(runtime.queue.isEmpty && runtime.log.isEmpty && runtime.batchDepth == 0 && runtime.releaseHolds == 0,
                       "the runtime is not idle")
        failures.check(runtime.cachedLinkCount <= Runtime.linkCacheLimit, "\(runtime.cachedLinkCount) free links are cached")
        // The link heap took back every link but this thread's cache, and freed its
        // slabs but one kept as a spare and those holding cached links (all zero under
        // AddressSanitizer, where links come from malloc one by one).
        let linkHeap = Runtime.linkHeap
        failures.check(linkHeap.linksOut <= runtime.cachedLinkCount,
                       "\(linkHeap.linksOut) links are still handed out, \(runtime.cachedLinkCount) of them cached")
        failures.check(linkHeap.slabs <= 1 + runtime.cachedLinkCount,
                       "the link heap still holds \(linkHeap.slabs) slabs")
        return peak
    }

    /// Nodes in the grid: 100,000 by default, so that `swift test` stays quick in a
    /// debug build; `.ci/run` sets `RIPPLE_STRESS_NODES=1000000` for its debug run.
    static var nodeCount: Int {
        ProcessInfo.processInfo.environment["RIPPLE_STRESS_NODES"].flatMap(Int.init) ?? 100_000
    }

    @Test(.timeLimit(.minutes(10)))
    func `a graph of up to a million nodes updates, then gives its memory back`() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]) {
            let columns = 1_000
            let failures = StressTests.exercise(Grid(rows: max(2, StressTests.nodeCount / columns), columns: columns))
            if !failures.lines.isEmpty {
                FileHandle.standardError.write(Data(failures.lines.joined(separator: "\n").utf8))
                exit(1)
            }
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        print(output, terminator: "")
        #expect(errors.isEmpty, "\(errors)")
        #expect(output.contains("stress: \(max(2, Self.nodeCount / 1_000) * 1_000) nodes"), "\(output)")
    }
}
