// Family B: the js-reactivity-benchmark shapes, each printed beside alien-signals
// 3.1.2 on node 20 on this machine kind (BENCHMARKS.md), as the ratio
// alien / Ripple: above 1 means Ripple is faster.

/// One shape: a benchmark function that runs the shape's whole protocol and returns
/// its time in milliseconds, as the JavaScript harness reports it.
struct Shape: Sendable {
    let function: String
    let title: String
    /// alien-signals, ms; nil when the shape has no anchor (or is part of a sum).
    let anchor: Double?
    /// The anchor row this shape is summed into ("createComputations", "updateSignals").
    let sumInto: String?
    let run: @Sendable (RunMode) -> Double

    init(_ function: String, _ title: String, anchor: Double? = nil, sumInto: String? = nil,
         _ run: @escaping @Sendable (RunMode) -> Double) {
        self.function = function
        self.title = title
        self.anchor = anchor
        self.sumInto = sumInto
        self.run = run
    }
}

/// Anchors that are sums of several sub-tests, and how many sub-tests they sum.
let summedAnchors: [(title: String, anchor: Double, parts: Int)] = [
    ("createComputations", 47.3, 9),
    ("updateSignals", 334, 7),
]

let shapes: [Shape] = [
    Shape("bench_kairo_avoidablePropagation", "avoidablePropagation", anchor: 41.1, bench_kairo_avoidablePropagation),
    Shape("bench_kairo_broadPropagation", "broadPropagation", anchor: 92.5, bench_kairo_broadPropagation),
    Shape("bench_kairo_deepPropagation", "deepPropagation", anchor: 33.8, bench_kairo_deepPropagation),
    Shape("bench_kairo_diamond", "diamond", anchor: 52.8, bench_kairo_diamond),
    Shape("bench_kairo_mux", "mux", anchor: 91.8, bench_kairo_mux),
    Shape("bench_kairo_repeatedObservers", "repeatedObservers", anchor: 9.1, bench_kairo_repeatedObservers),
    Shape("bench_kairo_triangle", "triangle", anchor: 19.6, bench_kairo_triangle),
    Shape("bench_kairo_unstable", "unstable", anchor: 15.9, bench_kairo_unstable),
    Shape("bench_kairo_molBench", "molBench", anchor: 16.9, bench_kairo_molBench),
    Shape("bench_cellx_1000", "cellx1000", anchor: 6.2, bench_cellx_1000),
    Shape("bench_cellx_2500", "cellx2500", anchor: 21.3, bench_cellx_2500),
    Shape("bench_cellx_5000", "cellx5000", bench_cellx_5000),
    Shape("bench_dynamic_smallChecks", "dynamic small checks (3x3, 3x3 read 2/3, 4x2)", bench_dynamic_smallChecks),
    Shape("bench_dynamic_2_10x5_lazy80", "2-10x5 - lazy80%", anchor: 182, bench_dynamic_2_10x5_lazy80),
    Shape("bench_dynamic_6_10x10_dyn25_lazy80", "6-10x10 - dyn25% - lazy80%", anchor: 136, bench_dynamic_6_10x10_dyn25_lazy80),
    Shape("bench_dynamic_4_1000x12_dyn5", "4-1000x12 - dyn5%", anchor: 313, bench_dynamic_4_1000x12_dyn5),
    Shape("bench_dynamic_25_1000x5", "25-1000x5", anchor: 472, bench_dynamic_25_1000x5),
    Shape("bench_dynamic_3_5x500", "3-5x500", anchor: 110, bench_dynamic_3_5x500),
    Shape("bench_dynamic_6_100x15_dyn50", "6-100x15 - dyn50%", anchor: 192, bench_dynamic_6_100x15_dyn50),
    Shape("bench_sbench_createSignals", "createSignals", bench_sbench_createSignals),
    Shape("bench_sbench_create0to1", "create0to1", sumInto: "createComputations", bench_sbench_create0to1),
    Shape("bench_sbench_create1to1", "create1to1", sumInto: "createComputations", bench_sbench_create1to1),
    Shape("bench_sbench_create2to1", "create2to1", sumInto: "createComputations", bench_sbench_create2to1),
    Shape("bench_sbench_create4to1", "create4to1", sumInto: "createComputations", bench_sbench_create4to1),
    Shape("bench_sbench_create1000to1", "create1000to1", sumInto: "createComputations", bench_sbench_create1000to1),
    Shape("bench_sbench_create1to2", "create1to2", sumInto: "createComputations", bench_sbench_create1to2),
    Shape("bench_sbench_create1to4", "create1to4", sumInto: "createComputations", bench_sbench_create1to4),
    Shape("bench_sbench_create1to8", "create1to8", sumInto: "createComputations", bench_sbench_create1to8),
    Shape("bench_sbench_create1to1000", "create1to1000", sumInto: "createComputations", bench_sbench_create1to1000),
    Shape("bench_sbench_update1to1", "update1to1", sumInto: "updateSignals", bench_sbench_update1to1),
    Shape("bench_sbench_update2to1", "update2to1", sumInto: "updateSignals", bench_sbench_update2to1),
    Shape("bench_sbench_update4to1", "update4to1", sumInto: "updateSignals", bench_sbench_update4to1),
    Shape("bench_sbench_update1000to1", "update1000to1", sumInto: "updateSignals", bench_sbench_update1000to1),
    Shape("bench_sbench_update1to2", "update1to2", sumInto: "updateSignals", bench_sbench_update1to2),
    Shape("bench_sbench_update1to4", "update1to4", sumInto: "updateSignals", bench_sbench_update1to4),
    Shape("bench_sbench_update1to1000", "update1to1000", sumInto: "updateSignals", bench_sbench_update1to1000),
]

/// What family B produced: a row per shape, the summed rows, and the geometric mean
/// of the ratios over every anchored row.
struct ShapeResults {
    var rows: [(title: String, function: String, ms: Double, anchor: Double?)] = []

    var ratios: [Double] {
        rows.compactMap { row in row.anchor.map { $0 / row.ms } }
    }

    var json: JSON {
        .object([
            ("shapes", .array(rows.map { row in
                .object([
                    ("shape", .string(row.title)),
                    ("function", .string(row.function)),
                    ("ripple_ms", .number(row.ms)),
                    ("alien_ms", row.anchor.map(JSON.number) ?? .null),
                    ("ratio_alien_over_ripple", row.anchor.map { .number($0 / row.ms) } ?? .null),
                ])
            })),
            ("geometric_mean", ratios.isEmpty ? .null : .number(geometricMean(ratios))),
        ])
    }
}

func runShapes(_ selected: [Shape], _ mode: RunMode) -> ShapeResults {
    var results = ShapeResults()
    var sums: [String: (ms: Double, parts: Int)] = [:]
    for shape in selected {
        progress("  \(shape.function)")
        let ms = shape.run(mode)
        results.rows.append((shape.title, shape.function, ms, shape.anchor))
        if let group = shape.sumInto {
            let previous = sums[group] ?? (0, 0)
            sums[group] = (previous.ms + ms, previous.parts + 1)
        }
    }
    for summed in summedAnchors {
        guard let sum = sums[summed.title] else { continue }
        let complete = sum.parts == summed.parts
        let title = complete ? "\(summed.title) (sum of \(summed.parts))" : "\(summed.title) (partial: \(sum.parts) of \(summed.parts))"
        results.rows.append((title, "sum", sum.ms, complete ? summed.anchor : nil))
    }
    return results
}

func printShapes(_ results: ShapeResults) {
    let rows = results.rows.map { row -> [String] in
        [
            row.title,
            formatAuto(row.ms),
            row.anchor.map { formatAuto($0) } ?? "-",
            row.anchor.map { format($0 / row.ms, digits: 2) + "x" } ?? "-",
        ]
    }
    printTable(["shape", "Ripple ms", "alien-signals ms", "alien / Ripple"], rows)
    let ratios = results.ratios
    if !ratios.isEmpty {
        print("geometric mean over \(ratios.count) anchored shapes: \(format(geometricMean(ratios), digits: 2))x")
    }
}
