import CJavaScriptMath
import Ripple

// The "dynamic" graphs of js-reactivity-benchmark (from Reactively's benchmark):
// rectangular graphs of sources and computed layers, some nodes dropping one source
// depending on a value's parity.

/// One dynamic-graph configuration and its check values.
struct DynamicConfig {
    let title: String
    let width: Int
    let totalLayers: Int
    let staticFraction: Double
    let nSources: Int
    let readFraction: Double
    let iterations: Int
    /// The sum of the read leaves after a run.
    let sum: Double
    /// Computed evaluations in one steady-state run (or, for the small checks, since
    /// the graph was built).
    let count: Int
}

/// A built graph: the sources, the leaves an effect reads, and its evaluation counter.
struct DynamicGraph {
    let sources: [Signal<Double>]
    let readLeaves: [Computed<Double>]
    let counter: Counter
    let scope: BuildScope
}

/// JavaScript's `x & 1 != 0` for a number: the parity of ToInt32(x). A double of
/// magnitude 2^53 or more is an even integer, and NaN and the infinities convert to
/// 0. Below 2^63, `Int64(x)` truncates in one instruction, as V8's conversion does;
/// `rounded(.towardZero)` called libm's `trunc`, since x86-64's baseline has no
/// rounding instruction.
@inline(__always)
func jsIsOdd(_ x: Double) -> Bool {
    guard x.magnitude < 0x1p63 else { return false }
    return Int64(x) & 1 != 0
}

/// Stops the run if `js_remainder` differs from `fmod`, or ``jsIsOdd(_:)``
/// from the parity of the truncated value, on any edge case: a wrong answer would
/// drop the wrong source, which the sums might not reveal. Runs once per process,
/// through `jsNumbersChecked`.
private func checkJSNumberOperations() {
    let values: [Double] = [
        0, -0.0, 1, -1, 3, -3, 4, -4, 5, -5, 7.5, -7.5, 0.5, -0.5, 0x1p31 + 1, -0x1p31 - 1, 0x1p52 + 1,
        0x1p53, 0x1p63 - 1024, 0x1p63, -0x1p63, 1.5e16, 3e241, .infinity, -.infinity, .nan,
        .leastNonzeroMagnitude,
    ]
    for x in values {
        let truncated = x.rounded(.towardZero)
        let odd = truncated.isFinite && truncated.magnitude < 0x1p53 && Int64(truncated) & 1 != 0
        if jsIsOdd(x) != odd { fail("jsIsOdd(\(x)) is \(jsIsOdd(x)), expected \(odd)") }
        for divisor in [1, 2, 3, 5, 7, 2.5, 0, .infinity] {
            let expected = x.truncatingRemainder(dividingBy: divisor)
            let actual = js_remainder(x, divisor)
            let same = expected.isNaN
                ? actual.isNaN
                : actual == expected && actual.sign == expected.sign
            if !same { fail("js_remainder(\(x), \(divisor)) is \(actual), fmod gives \(expected)") }
        }
    }
}

/// Evaluated by the first dynamic case to start, before it builds a graph or times
/// anything.
private let jsNumbersChecked: Void = checkJSNumberOperations()

/// Builds the graph: `width` sources holding their index, `totalLayers - 1` computed
/// layers, and one effect reading every read leaf in order.
func makeDynamicGraph(_ config: DynamicConfig) -> DynamicGraph {
    let scope = BuildScope(capacity: 1)
    let counter = Counter()
    let sources = (0..<config.width).map { Signal(Double($0)) }
    var random = PseudoRandom()
    var row = dynamicRow(over: sources, config, counter, &random)
    for _ in 1..<(config.totalLayers - 1) {
        row = dynamicRow(over: row, config, counter, &random)
    }

    var pick = PseudoRandom()
    var readLeaves = row
    let skipCount = Int((Double(row.count) * (1 - config.readFraction)).rounded())
    for _ in 0..<skipCount {
        let index = Int((pick.next() * Double(readLeaves.count)).rounded(.down))
        readLeaves.remove(at: index)
    }
    let leaves = readLeaves
    scope.effect {
        for leaf in leaves { _ = leaf.value }
    }
    return DynamicGraph(sources: sources, readLeaves: leaves, counter: counter, scope: scope)
}

/// One layer: node j reads `previous[(j + k) % width]` for k in 0..<nSources; one
/// draw per node decides static or dynamic.
func dynamicRow<Input: GraphInput<Double>>(
    over previous: [Input], _ config: DynamicConfig, _ counter: Counter, _ random: inout PseudoRandom
) -> [Computed<Double>] {
    previous.indices.map { index -> Computed<Double> in
        let inputs = (0..<config.nSources).map { previous[(index + $0) % previous.count] }
        if random.next() < config.staticFraction {
            return Computed {
                counter.count += 1
                var sum = 0.0
                for input in inputs { sum += input.current }
                return sum
            }
        }
        // Dynamic: when the first source's value is odd, skip one of the others.
        let first = inputs[0]
        let tail = Array(inputs.dropFirst())
        let tailCount = Double(tail.count)
        return Computed {
            counter.count += 1
            var sum = first.current
            let shouldDrop = jsIsOdd(sum)
            // JavaScript's `%` as V8 computes it: `truncatingRemainder` calls glibc's
            // `fmod`, which made 6-100x15 take 131 ms instead of 80 (CJavaScriptMath).
            let dropIndex = js_remainder(sum, tailCount)
            // By index, as the JavaScript loop: `enumerated()` hands out each input
            // retained, and the read that needs the engine then paid a retain and a
            // release of it.
            for position in tail.indices {
                if shouldDrop && Double(position) == dropIndex { continue }
                sum += tail[position].current
            }
            return sum
        }
    }
}

/// Writes one source per iteration, each in its own batch, and reads every read leaf
/// after each write. Returns the leaves summed left to right.
func runDynamicGraph(_ graph: DynamicGraph, iterations: Int) -> Double {
    // The sources at +0, as JavaScript holds them (`graph` keeps them alive): written
    // through an array element, each write retained and released its signal.
    let sources = graph.sources.map(Unmanaged.passUnretained)
    let leaves = graph.readLeaves
    for i in 0..<iterations {
        let index = i % sources.count
        batch { sources[index]._withUnsafeGuaranteedRef { $0.value = Double(i + index) } }
        for leaf in leaves { _ = leaf.value }
    }
    return leaves.reduce(0.0) { total, leaf in leaf.value + total }
}

/// The dynamic protocol: build, 3 warm-up runs, then the minimum of 5 timed runs, in
/// milliseconds; every timed run's sum and count are checked. A quick run does one
/// warm-up and one timed run at full size (the check values depend on it).
func dynamicProtocol(_ mode: RunMode, _ config: DynamicConfig) -> Double {
    _ = jsNumbersChecked
    let graph = makeDynamicGraph(config)
    for _ in 0..<mode.pick(full: 3, quick: 1) {
        _ = runDynamicGraph(graph, iterations: config.iterations)
    }
    var fastest = UInt64.max
    for _ in 0..<mode.pick(full: 5, quick: 1) {
        var sum = 0.0
        let elapsed = measure {
            graph.counter.count = 0
            sum = runDynamicGraph(graph, iterations: config.iterations)
        }
        checkEqual(sum, config.sum, "\(config.title) sum")
        checkEqual(graph.counter.count, config.count, "\(config.title) count")
        fastest = min(fastest, elapsed)
    }
    graph.scope.dispose()
    return fastest.milliseconds
}

let dynamicConfigs: [String: DynamicConfig] = [
    "2-10x5": DynamicConfig(
        title: "2-10x5 - lazy80%", width: 10, totalLayers: 5, staticFraction: 1, nSources: 2,
        readFraction: 0.2, iterations: 600_000, sum: 19_199_968, count: 3_480_000),
    "6-10x10": DynamicConfig(
        title: "6-10x10 - dyn25% - lazy80%", width: 10, totalLayers: 10, staticFraction: 0.75, nSources: 6,
        readFraction: 0.2, iterations: 15_000, sum: 302_310_782_860, count: 1_155_000),
    "4-1000x12": DynamicConfig(
        title: "4-1000x12 - dyn5%", width: 1000, totalLayers: 12, staticFraction: 0.95, nSources: 4,
        readFraction: 1, iterations: 7000, sum: 29_355_933_696_000, count: 1_463_000),
    "25-1000x5": DynamicConfig(
        title: "25-1000x5", width: 1000, totalLayers: 5, staticFraction: 1, nSources: 25,
        readFraction: 1, iterations: 3000, sum: 1_171_484_375_000, count: 732_000),
    "3-5x500": DynamicConfig(
        title: "3-5x500", width: 5, totalLayers: 500, staticFraction: 1, nSources: 3,
        readFraction: 1, iterations: 500, sum: 3.0239642676898464e241, count: 1_246_500),
    "6-100x15": DynamicConfig(
        title: "6-100x15 - dyn50%", width: 100, totalLayers: 15, staticFraction: 0.5, nSources: 6,
        readFraction: 1, iterations: 2000, sum: 15_664_996_402_790_400, count: 1_078_000),
]

@inline(never)
func bench_dynamic_2_10x5_lazy80(_ mode: RunMode) -> Double {
    dynamicProtocol(mode, dynamicConfigs["2-10x5"]!)
}

@inline(never)
func bench_dynamic_6_10x10_dyn25_lazy80(_ mode: RunMode) -> Double {
    dynamicProtocol(mode, dynamicConfigs["6-10x10"]!)
}

@inline(never)
func bench_dynamic_4_1000x12_dyn5(_ mode: RunMode) -> Double {
    dynamicProtocol(mode, dynamicConfigs["4-1000x12"]!)
}

@inline(never)
func bench_dynamic_25_1000x5(_ mode: RunMode) -> Double {
    dynamicProtocol(mode, dynamicConfigs["25-1000x5"]!)
}

@inline(never)
func bench_dynamic_3_5x500(_ mode: RunMode) -> Double {
    dynamicProtocol(mode, dynamicConfigs["3-5x500"]!)
}

@inline(never)
func bench_dynamic_6_100x15_dyn50(_ mode: RunMode) -> Double {
    dynamicProtocol(mode, dynamicConfigs["6-100x15"]!)
}

/// The three small graphs of the harness's own tests, counted from the build on:
/// a static 3x3, the same reading 2 of 3 leaves, and a 4x2 half dynamic. Returns the
/// milliseconds they took (not compared with anything).
@inline(never)
func bench_dynamic_smallChecks(_ mode: RunMode) -> Double {
    let checks = [
        (DynamicConfig(title: "3x3 static", width: 3, totalLayers: 3, staticFraction: 1, nSources: 2,
                       readFraction: 1, iterations: 2, sum: 16, count: 11)),
        (DynamicConfig(title: "3x3 static, read 2/3", width: 3, totalLayers: 3, staticFraction: 1, nSources: 2,
                       readFraction: 2.0 / 3.0, iterations: 10, sum: 72, count: 41)),
        (DynamicConfig(title: "4x2 dynamic", width: 4, totalLayers: 2, staticFraction: 0.5, nSources: 2,
                       readFraction: 1, iterations: 10, sum: 72, count: 22)),
    ]
    _ = jsNumbersChecked
    let elapsed = measure {
        for config in checks {
            let graph = makeDynamicGraph(config)
            let sum = runDynamicGraph(graph, iterations: config.iterations)
            checkEqual(sum, config.sum, "\(config.title) sum")
            checkEqual(graph.counter.count, config.count, "\(config.title) count")
            graph.scope.dispose()
        }
    }
    return elapsed.milliseconds
}
