import Ripple

// Steady state: once a graph has run, an update that recomputes and re-runs everything
// while reading the same dependencies in the same order allocates nothing and does no
// reference counting. The heap check runs here; the reference counting is checked with
// callgrind (Benchmarks/README.md, "Proving the steady state").

/// A signal, a chain of three computeds and an effect that reads the last one.
private final class SteadyGraph {
    let source = Signal(0)
    let doubled: Computed<Int>
    let plusOne: Computed<Int>
    let squared: Computed<Int>
    let runs = Counter()
    var effect: Effect?

    init() {
        let source = source
        doubled = Computed { source.value * 2 }
        let doubled = doubled
        plusOne = Computed { doubled.value + 1 }
        let plusOne = plusOne
        squared = Computed { plusOne.value * plusOne.value }
        let squared = squared, runs = runs
        effect = Effect {
            blackHole(squared.value)
            runs.count += 1
        }
    }
}

/// The updates callgrind is pointed at (`--toggle-collect`): each write recomputes the
/// three computeds and re-runs the effect.
@inline(never)
func bench_steadyState_updates(_ graph: AnyObject, _ first: Int, _ count: Int) {
    let graph = unsafeDowncast(graph, to: SteadyGraph.self)
    for value in first..<(first + count) {
        graph.source.value = value
    }
}

/// Nanoseconds per steady-state update; fails if the updates changed the heap.
@inline(never)
func bench_steadyState_update(_ mode: RunMode) -> Double {
    let graph = SteadyGraph()
    bench_steadyState_updates(graph, 1, 100)  // links, queues and free lists at their size
    let updates = mode.pick(full: 1_000_000, quick: 100_000)
    var elapsed: UInt64 = 0
    let growth = heapGrowth {
        elapsed = measure { bench_steadyState_updates(graph, 101, updates) }
    }
    checkEqual(growth, 0, "heap bytes allocated by \(updates) steady-state updates")
    checkEqual(graph.runs.count, 1 + 100 + updates, "steady-state effect runs")
    checkEqual(graph.squared.value, (2 * (100 + updates) + 1) * (2 * (100 + updates) + 1), "steady-state value")
    graph.effect?.cancel()
    return Double(elapsed) / Double(updates)
}

let steadyStateCases: [Measurement] = [
    Measurement("bench_steadyState_update",
                "update re-running 3 computeds and an effect; heap growth checked to be 0",
                unit: "ns/update", target: "0 bytes allocated", bench_steadyState_update),
]
