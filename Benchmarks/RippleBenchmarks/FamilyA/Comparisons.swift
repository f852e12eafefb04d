// Family A: Ripple against Apple's Observation, same process, same run, reported as
// time per operation on each side and the ratio Observation / Ripple (above 1 means
// Ripple is faster).

/// One side of a comparison: a benchmark function that times `ops` operations and
/// returns the nanoseconds they took.
struct Side: Sendable {
    let function: String
    let run: @Sendable (Int) -> UInt64

    init(_ function: String, _ run: @escaping @Sendable (Int) -> UInt64) {
        self.function = function
        self.run = run
    }
}

/// A family A case: the same workload on both sides.
struct Comparison: Sendable {
    let name: String
    let title: String
    /// Nanoseconds per reported unit: 1 for ns, 1000 for µs.
    let scale: Double
    let ripple: Side
    let observation: Side
    /// Ripple's plain `@Derived` over an array, for the incremental cases' second target.
    var plain: Side? = nil
    /// A reference the other rows are read against, not a case: left out of the mean.
    var isFloor = false

    var unit: String { scale == 1 ? "ns" : "us" }
}

let comparisons: [Comparison] = [
    Comparison(name: "untrackedRead", title: "read a tracked property, no tracking scope", scale: 1,
               ripple: Side("bench_ripple_untrackedRead", bench_ripple_untrackedRead),
               observation: Side("bench_observation_untrackedRead", bench_observation_untrackedRead)),
    Comparison(name: "trackedRead", title: "read inside a tracking scope (100 reads per scope), per read", scale: 1,
               ripple: Side("bench_ripple_trackedRead", bench_ripple_trackedRead),
               observation: Side("bench_observation_trackedRead", bench_observation_trackedRead)),
    Comparison(name: "write", title: "write, no observers", scale: 1,
               ripple: Side("bench_ripple_write", bench_ripple_write),
               observation: Side("bench_observation_write", bench_observation_write)),
    Comparison(name: "continuousObservation", title: "write -> observer notified -> re-registered (Ripple: Effect)", scale: 1,
               ripple: Side("bench_ripple_continuousObservation", bench_ripple_continuousObservation),
               observation: Side("bench_observation_continuousObservation", bench_observation_continuousObservation)),
    Comparison(name: "continuousObservationWithTracking",
               title: "write -> observer notified -> re-registered (Ripple: withTracking re-armed)", scale: 1,
               ripple: Side("bench_ripple_continuousObservationWithTracking", bench_ripple_continuousObservationWithTracking),
               observation: Side("bench_observation_continuousObservation", bench_observation_continuousObservation)),
    Comparison(name: "memoizedDerived", title: "availableBooksCount over 1,000 books, read after no change", scale: 1,
               ripple: Side("bench_ripple_memoizedDerived", bench_ripple_memoizedDerived),
               observation: Side("bench_observation_memoizedDerived", bench_observation_memoizedDerived)),
    Comparison(name: "trackingOver100Objects",
               title: "tracking scope over 100 objects x 10 properties, ended by a write", scale: 1000,
               ripple: Side("bench_ripple_trackingOver100Objects", bench_ripple_trackingOver100Objects),
               observation: Side("bench_observation_trackingOver100Objects", bench_observation_trackingOver100Objects)),
    Comparison(name: "fanOut", title: "one write, 1,000 observers of the property (Ripple: Effects)", scale: 1000,
               ripple: Side("bench_ripple_fanOut", bench_ripple_fanOut),
               observation: Side("bench_observation_fanOut", bench_observation_fanOut)),
    Comparison(name: "fanOutWithTracking", title: "one write, 1,000 observers (Ripple: withTracking re-armed)", scale: 1000,
               ripple: Side("bench_ripple_fanOutWithTracking", bench_ripple_fanOutWithTracking),
               observation: Side("bench_observation_fanOut", bench_observation_fanOut)),
    Comparison(name: "modelCreation", title: "create and free a model with 10 tracked properties", scale: 1,
               ripple: Side("bench_ripple_modelCreation", bench_ripple_modelCreation),
               observation: Side("bench_observation_modelCreation", bench_observation_modelCreation)),
    Comparison(name: "libraryScenario", title: "Library, 10,000 books: toggle/rename a book, re-render the count", scale: 1000,
               ripple: Side("bench_ripple_libraryScenario", bench_ripple_libraryScenario),
               observation: Side("bench_observation_libraryScenario", bench_observation_libraryScenario)),
    Comparison(name: "todoScenario", title: "TodoStore, 10,000 items: search/priority/toggle, 2 views", scale: 1000,
               ripple: Side("bench_ripple_todoScenario", bench_ripple_todoScenario),
               observation: Side("bench_observation_todoScenario", bench_observation_todoScenario)),
    Comparison(name: "todoToggle",
               title: "TodoStore, 10,000 items: toggle an item's isCompleted, read filteredItems.count and completedCount",
               scale: 1000,
               ripple: Side("bench_ripple_todoToggle", bench_ripple_todoToggle),
               observation: Side("bench_observation_todoToggle", bench_observation_todoToggle)),
    Comparison(name: "cartScenario", title: "ShoppingCart, 1,000 lines: quantity/coupon/isLoading, 2 views", scale: 1000,
               ripple: Side("bench_ripple_cartScenario", bench_ripple_cartScenario),
               observation: Side("bench_observation_cartScenario", bench_observation_cartScenario)),
    Comparison(name: "dashboardScenario", title: "Dashboard, 4 views of one property each: one write", scale: 1,
               ripple: Side("bench_ripple_dashboardScenario", bench_ripple_dashboardScenario),
               observation: Side("bench_observation_dashboardScenario", bench_observation_dashboardScenario)),
] + viewLoopComparisons + incrementalComparisons

/// The incremental list operators against `@Observable` computed properties and, where
/// a target asks, against Ripple's plain `@Derived`.
let incrementalComparisons: [Comparison] = [
    Comparison(name: "incrementalFloor",
               title: "the floor: write one tracked Int, read a value derived from it", scale: 1,
               ripple: Side("bench_ripple_incrementalFloor", bench_ripple_incrementalFloor),
               observation: Side("bench_observation_incrementalFloor", bench_observation_incrementalFloor),
               isFloor: true),
    Comparison(name: "incrementalTodoToggle",
               title: "10,000 struct todos: toggle one, read filteredItems.count and completedCount", scale: 1000,
               ripple: Side("bench_ripple_incrementalTodoToggle", bench_ripple_incrementalTodoToggle),
               observation: Side("bench_observation_incrementalTodoToggle", bench_observation_incrementalTodoToggle)),
    Comparison(name: "incrementalLibraryToggle",
               title: "10,000 class books: check one out or in, read availableBooksCount", scale: 1000,
               ripple: Side("bench_ripple_incrementalLibraryToggle", bench_ripple_incrementalLibraryToggle),
               observation: Side("bench_observation_incrementalLibraryToggle", bench_observation_incrementalLibraryToggle),
               plain: Side("bench_plain_incrementalLibraryToggle", bench_plain_incrementalLibraryToggle)),
    Comparison(name: "incrementalGroupedToggle",
               title: "10,000 todos: change one's priority, read the sections by priority", scale: 1000,
               ripple: Side("bench_ripple_incrementalGroupedToggle", bench_ripple_incrementalGroupedToggle),
               observation: Side("bench_observation_incrementalGroupedToggle",
                                 bench_observation_incrementalGroupedToggle)),
    Comparison(name: "incrementalKeyedUpdate", title: "10,000 todos: toggle one, read one by its id", scale: 1000,
               ripple: Side("bench_ripple_incrementalKeyedUpdate", bench_ripple_incrementalKeyedUpdate),
               observation: Side("bench_observation_incrementalKeyedUpdate", bench_observation_incrementalKeyedUpdate)),
    Comparison(name: "incrementalChangeSet",
               title: "10,000 todos: toggle one, apply the pending list's change to a view's rows", scale: 1000,
               ripple: Side("bench_ripple_incrementalChangeSet", bench_ripple_incrementalChangeSet),
               observation: Side("bench_observation_incrementalChangeSet", bench_observation_incrementalChangeSet)),
    Comparison(name: "incrementalCartQuantity", title: "1,000 cart lines: change one quantity, read totalPrice", scale: 1000,
               ripple: Side("bench_ripple_incrementalCartQuantity", bench_ripple_incrementalCartQuantity),
               observation: Side("bench_observation_incrementalCartQuantity", bench_observation_incrementalCartQuantity)),
    Comparison(name: "incrementalCartQuantityModels",
               title: "1,000 cart lines that are models: change one line's quantity, read totalPrice", scale: 1000,
               ripple: Side("bench_ripple_incrementalCartQuantityModels", bench_ripple_incrementalCartQuantityModels),
               observation: Side("bench_observation_incrementalCartQuantityModels",
                                 bench_observation_incrementalCartQuantityModels)),
    Comparison(name: "incrementalTodoSearch",
               title: "10,000 todos: type one character into the search text, read filteredItems", scale: 1000,
               ripple: Side("bench_ripple_incrementalTodoSearch", bench_ripple_incrementalTodoSearch),
               observation: Side("bench_observation_incrementalTodoSearch", bench_observation_incrementalTodoSearch),
               plain: Side("bench_plain_incrementalTodoSearch", bench_plain_incrementalTodoSearch)),
    Comparison(name: "incrementalTodoInsertRemove",
               title: "10,000 todos: insert in the middle, remove another, read both", scale: 1000,
               ripple: Side("bench_ripple_incrementalTodoInsertRemove", bench_ripple_incrementalTodoInsertRemove),
               observation: Side("bench_observation_incrementalTodoInsertRemove", bench_observation_incrementalTodoInsertRemove)),
]

/// Nanoseconds per operation, measured over enough operations to fill `target`
/// nanoseconds; the first call also calibrates.
private func calibrate(_ side: Side, target: Double) -> Int {
    var ops = 1
    while true {
        let elapsed = Double(max(side.run(ops), 1))
        if elapsed >= target / 4 || ops >= 1 << 28 {
            return max(1, Int(Double(ops) * target / elapsed))
        }
        ops *= elapsed < target / 64 ? 16 : 4
    }
}

struct ComparisonRow {
    let comparison: Comparison
    /// Nanoseconds per operation, the fastest sample; nil when the side was filtered out.
    let ripple: Double?
    let observation: Double?
    /// Ripple's plain `@Derived`, for the incremental cases that compare with it.
    var plain: Double? = nil

    var ratio: Double? {
        guard let ripple, let observation else { return nil }
        return observation / ripple
    }

    /// How many times faster the incremental operators are than the plain `@Derived`.
    var plainRatio: Double? {
        guard let ripple, let plain else { return nil }
        return plain / ripple
    }
}

/// Runs each selected side: calibrates, then takes the fastest of several samples,
/// alternating the two sides so that both see the same machine conditions.
func runComparisons(_ selected: [(Comparison, ripple: Bool, observation: Bool, plain: Bool)], _ mode: RunMode) -> [ComparisonRow] {
    let target = mode.pick(full: 20e6, quick: 3e6)
    let samples = mode.pick(full: 7, quick: 3)
    var rows: [ComparisonRow] = []
    for (comparison, runRipple, runObservation, runPlain) in selected {
        progress("  \(comparison.name)")
        let plainSide = runPlain ? comparison.plain : nil
        let rippleOps = runRipple ? calibrate(comparison.ripple, target: target) : 0
        let observationOps = runObservation ? calibrate(comparison.observation, target: target) : 0
        let plainOps = plainSide.map { calibrate($0, target: target) } ?? 0
        var ripple = Double.infinity, observation = Double.infinity, plain = Double.infinity
        for _ in 0..<samples {
            if runObservation {
                observation = min(observation, Double(comparison.observation.run(observationOps)) / Double(observationOps))
            }
            if let plainSide {
                plain = min(plain, Double(plainSide.run(plainOps)) / Double(plainOps))
            }
            if runRipple {
                ripple = min(ripple, Double(comparison.ripple.run(rippleOps)) / Double(rippleOps))
            }
        }
        rows.append(ComparisonRow(
            comparison: comparison,
            ripple: runRipple ? ripple : nil,
            observation: runObservation ? observation : nil,
            plain: plainSide != nil ? plain : nil
        ))
    }
    return rows
}

func printComparisons(_ rows: [ComparisonRow]) {
    let table = rows.map { row -> [String] in
        let scale = row.comparison.scale
        return [
            row.comparison.name,
            row.observation.map { formatAuto($0 / scale) + " " + row.comparison.unit } ?? "-",
            row.ripple.map { formatAuto($0 / scale) + " " + row.comparison.unit } ?? "-",
            row.ratio.map { format($0, digits: $0 >= 100 ? 0 : 1) + "x" } ?? "-",
            row.comparison.title,
        ]
    }
    printTable(["case", "Observation", "Ripple", "Obs / Ripple", "what one operation is"], table)
    let ratios = meanRatios(rows)
    if !ratios.isEmpty {
        print("geometric mean over \(ratios.count) cases: \(format(geometricMean(ratios), digits: 1))x")
    }
    let plainRows = rows.filter { $0.plainRatio != nil }
    if !plainRows.isEmpty {
        print("\nIncremental operators against Ripple's plain @Derived over an array, same run:\n")
        printTable(["case", "plain @Derived", "incremental", "plain / incremental"], plainRows.map { row in
            let scale = row.comparison.scale
            return [
                row.comparison.name,
                row.plain.map { formatAuto($0 / scale) + " " + row.comparison.unit } ?? "-",
                row.ripple.map { formatAuto($0 / scale) + " " + row.comparison.unit } ?? "-",
                row.plainRatio.map { format($0, digits: $0 >= 100 ? 0 : 1) + "x" } ?? "-",
            ]
        })
    }
    printViewLoopRenders(rows)
}

/// The ratios the geometric mean is taken over: every case's but the floor's.
private func meanRatios(_ rows: [ComparisonRow]) -> [Double] {
    rows.filter { !$0.comparison.isFloor }.compactMap(\.ratio)
}

func comparisonsJSON(_ rows: [ComparisonRow]) -> JSON {
    let ratios = meanRatios(rows)
    return .object([
        ("cases", .array(rows.map { row in
            .object([
                ("case", .string(row.comparison.name)),
                ("title", .string(row.comparison.title)),
                ("ripple_function", .string(row.comparison.ripple.function)),
                ("observation_function", .string(row.comparison.observation.function)),
                ("ripple_ns_per_op", row.ripple.map(JSON.number) ?? .null),
                ("observation_ns_per_op", row.observation.map(JSON.number) ?? .null),
                ("ratio_observation_over_ripple", row.ratio.map(JSON.number) ?? .null),
            ])
        })),
        ("rows", .array(rows.map { row in
            var fields: [(String, JSON)] = [
                ("name", .string(row.comparison.name)),
                ("ripple_ns", row.ripple.map(JSON.number) ?? .null),
                ("observation_ns", row.observation.map(JSON.number) ?? .null),
                ("ratio", row.ratio.map(JSON.number) ?? .null),
            ]
            if row.comparison.plain != nil {
                fields.append(("plain_ns", row.plain.map(JSON.number) ?? .null))
                fields.append(("plain_ratio", row.plainRatio.map(JSON.number) ?? .null))
            }
            return .object(fields)
        })),
        ("geometric_mean", ratios.isEmpty ? .null : .number(geometricMean(ratios))),
    ])
}
