import Ripple

// The cellx benchmark (Riim/cellx perf.html) as js-reactivity-benchmark runs it.

/// The four nodes of one cellx layer.
struct CellxLayer<Node: GraphInput<Int>> {
    let prop1: Node
    let prop2: Node
    let prop3: Node
    let prop4: Node
}

/// A layer reading the previous one, with one effect on each new node.
func cellxLayer<Input: GraphInput<Int>>(over m: CellxLayer<Input>, _ scope: BuildScope) -> CellxLayer<Computed<Int>> {
    let s = CellxLayer(
        prop1: Computed { m.prop2.current },
        prop2: Computed { m.prop1.current - m.prop3.current },
        prop3: Computed { m.prop2.current + m.prop4.current },
        prop4: Computed { m.prop3.current }
    )
    scope.effect { _ = s.prop1.value }
    scope.effect { _ = s.prop2.value }
    scope.effect { _ = s.prop3.value }
    scope.effect { _ = s.prop4.value }
    return s
}

/// One cellx run: builds the graph (not timed), then times reading the four end
/// nodes, one batch writing the four sources, and reading the end nodes again.
/// Returns the elapsed nanoseconds; checks the values read against `expected`.
func cellxRun(layers: Int, expected: (before: [Int], after: [Int])) -> UInt64 {
    let scope = BuildScope(capacity: layers * 4)
    let start = CellxLayer(prop1: Signal(1), prop2: Signal(2), prop3: Signal(3), prop4: Signal(4))
    var layer = cellxLayer(over: start, scope)
    for _ in 1..<layers {
        layer = cellxLayer(over: layer, scope)
    }
    let end = layer

    let begin = now()
    let before = [end.prop1.value, end.prop2.value, end.prop3.value, end.prop4.value]
    batch {
        start.prop1.value = 4
        start.prop2.value = 3
        start.prop3.value = 2
        start.prop4.value = 1
    }
    let after = [end.prop1.value, end.prop2.value, end.prop3.value, end.prop4.value]
    let elapsed = now() &- begin

    checkEqual(before, expected.before, "cellx\(layers) end layer before the write")
    checkEqual(after, expected.after, "cellx\(layers) end layer after the write")
    scope.dispose()
    scope.release()
    return elapsed
}

/// The cellx protocol: the sum of 10 runs, each on a fresh graph, in milliseconds.
/// A quick run sums 2 runs and scales to 10.
func cellxProtocol(_ mode: RunMode, layers: Int, expected: (before: [Int], after: [Int])) -> Double {
    // The harness warms up with one 1000-layer run first.
    _ = cellxRun(layers: 1000, expected: ([-3, -6, -2, 2], [-2, -4, 2, 3]))
    let runs = mode.pick(full: 10, quick: 2)
    var total: UInt64 = 0
    for _ in 0..<runs {
        total &+= cellxRun(layers: layers, expected: expected)
    }
    return total.milliseconds * Double(10 / runs)
}

@inline(never)
func bench_cellx_1000(_ mode: RunMode) -> Double {
    cellxProtocol(mode, layers: 1000, expected: ([-3, -6, -2, 2], [-2, -4, 2, 3]))
}

@inline(never)
func bench_cellx_2500(_ mode: RunMode) -> Double {
    cellxProtocol(mode, layers: 2500, expected: ([-3, -6, -2, 2], [-2, -4, 2, 3]))
}

@inline(never)
func bench_cellx_5000(_ mode: RunMode) -> Double {
    cellxProtocol(mode, layers: 5000, expected: ([2, 4, -1, -6], [-2, 1, -4, -4]))
}
