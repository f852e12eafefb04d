// Family B: the js-reactivity-benchmark shapes and the propagate shape, each run side
// by side with alien-signals on node in the same run (SideBySide/), as the ratio
// alien / Ripple: above 1 means Ripple is faster.

/// One shape: a benchmark function that runs the shape's whole protocol and returns
/// its result in the shape's unit, as the JavaScript harness reports it.
struct Shape: Sendable {
    /// What a shape's protocol reports.
    enum Unit: String, Sendable {
        /// Milliseconds for the whole protocol (js-reactivity-benchmark's shapes).
        case milliseconds = "ms"
        /// Nanoseconds per operation (the propagate shape).
        case nanoseconds = "ns"
    }

    /// How a shape's ratio counts in the geometric mean.
    enum Mean: Sendable {
        /// A row of the mean.
        case row
        /// Counted once, through the summed row it belongs to ("createComputations").
        case summedInto(String)
        /// Printed beside alien-signals, but not a row of the mean.
        case excluded
    }

    let function: String
    let title: String
    let unit: Unit
    let mean: Mean
    let run: @Sendable (RunMode) -> Double

    init(_ function: String, _ title: String, unit: Unit = .milliseconds, mean: Mean = .row,
         _ run: @escaping @Sendable (RunMode) -> Double) {
        self.function = function
        self.title = title
        self.unit = unit
        self.mean = mean
        self.run = run
    }
}

/// The summed rows of the geometric mean, and how many sub-tests each sums.
let summedRows: [(title: String, parts: Int)] = [
    ("createComputations", 9),
    ("updateSignals", 7),
]

private let createComputations = Shape.Mean.summedInto("createComputations")
private let updateSignals = Shape.Mean.summedInto("updateSignals")

let shapes: [Shape] = [
    Shape("bench_kairo_avoidablePropagation", "avoidablePropagation", bench_kairo_avoidablePropagation),
    Shape("bench_kairo_broadPropagation", "broadPropagation", bench_kairo_broadPropagation),
    Shape("bench_kairo_deepPropagation", "deepPropagation", bench_kairo_deepPropagation),
    Shape("bench_kairo_diamond", "diamond", bench_kairo_diamond),
    Shape("bench_kairo_mux", "mux", bench_kairo_mux),
    Shape("bench_kairo_repeatedObservers", "repeatedObservers", bench_kairo_repeatedObservers),
    Shape("bench_kairo_triangle", "triangle", bench_kairo_triangle),
    Shape("bench_kairo_unstable", "unstable", bench_kairo_unstable),
    Shape("bench_kairo_molBench", "molBench", bench_kairo_molBench),
    Shape("bench_cellx_1000", "cellx1000", bench_cellx_1000),
    Shape("bench_cellx_2500", "cellx2500", bench_cellx_2500),
    Shape("bench_cellx_5000", "cellx5000", bench_cellx_5000),
    Shape("bench_dynamic_smallChecks", "dynamic small checks (3x3, 3x3 read 2/3, 4x2)", mean: .excluded,
          bench_dynamic_smallChecks),
    Shape("bench_dynamic_2_10x5_lazy80", "2-10x5 - lazy80%", bench_dynamic_2_10x5_lazy80),
    Shape("bench_dynamic_6_10x10_dyn25_lazy80", "6-10x10 - dyn25% - lazy80%", bench_dynamic_6_10x10_dyn25_lazy80),
    Shape("bench_dynamic_4_1000x12_dyn5", "4-1000x12 - dyn5%", bench_dynamic_4_1000x12_dyn5),
    Shape("bench_dynamic_25_1000x5", "25-1000x5", bench_dynamic_25_1000x5),
    Shape("bench_dynamic_3_5x500", "3-5x500", bench_dynamic_3_5x500),
    Shape("bench_dynamic_6_100x15_dyn50", "6-100x15 - dyn50%", bench_dynamic_6_100x15_dyn50),
    Shape("bench_sbench_createSignals", "createSignals", mean: .excluded, bench_sbench_createSignals),
    Shape("bench_sbench_create0to1", "create0to1", mean: createComputations, bench_sbench_create0to1),
    Shape("bench_sbench_create1to1", "create1to1", mean: createComputations, bench_sbench_create1to1),
    Shape("bench_sbench_create2to1", "create2to1", mean: createComputations, bench_sbench_create2to1),
    Shape("bench_sbench_create4to1", "create4to1", mean: createComputations, bench_sbench_create4to1),
    Shape("bench_sbench_create1000to1", "create1000to1", mean: createComputations, bench_sbench_create1000to1),
    Shape("bench_sbench_create1to2", "create1to2", mean: createComputations, bench_sbench_create1to2),
    Shape("bench_sbench_create1to4", "create1to4", mean: createComputations, bench_sbench_create1to4),
    Shape("bench_sbench_create1to8", "create1to8", mean: createComputations, bench_sbench_create1to8),
    Shape("bench_sbench_create1to1000", "create1to1000", mean: createComputations, bench_sbench_create1to1000),
    Shape("bench_sbench_update1to1", "update1to1", mean: updateSignals, bench_sbench_update1to1),
    Shape("bench_sbench_update2to1", "update2to1", mean: updateSignals, bench_sbench_update2to1),
    Shape("bench_sbench_update4to1", "update4to1", mean: updateSignals, bench_sbench_update4to1),
    Shape("bench_sbench_update1000to1", "update1000to1", mean: updateSignals, bench_sbench_update1000to1),
    Shape("bench_sbench_update1to2", "update1to2", mean: updateSignals, bench_sbench_update1to2),
    Shape("bench_sbench_update1to4", "update1to4", mean: updateSignals, bench_sbench_update1to4),
    Shape("bench_sbench_update1to1000", "update1to1000", mean: updateSignals, bench_sbench_update1to1000),
    Shape("bench_propagate_w1_h1", "propagate w1 h1", unit: .nanoseconds, bench_propagate_w1_h1),
    Shape("bench_propagate_w1_h10", "propagate w1 h10", unit: .nanoseconds, bench_propagate_w1_h10),
    Shape("bench_propagate_w1_h100", "propagate w1 h100", unit: .nanoseconds, bench_propagate_w1_h100),
    Shape("bench_propagate_w10_h1", "propagate w10 h1", unit: .nanoseconds, bench_propagate_w10_h1),
    Shape("bench_propagate_w10_h10", "propagate w10 h10", unit: .nanoseconds, bench_propagate_w10_h10),
    Shape("bench_propagate_w10_h100", "propagate w10 h100", unit: .nanoseconds, bench_propagate_w10_h100),
    Shape("bench_propagate_w100_h1", "propagate w100 h1", unit: .nanoseconds, bench_propagate_w100_h1),
    Shape("bench_propagate_w100_h10", "propagate w100 h10", unit: .nanoseconds, bench_propagate_w100_h10),
    Shape("bench_propagate_w100_h100", "propagate w100 h100", unit: .nanoseconds, bench_propagate_w100_h100),
]
