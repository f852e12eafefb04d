// A row of family B's table: one shape, or the sum of a group of sbench sub-tests,
// with every measured run of each side, the ratio alien / Ripple and its spread.

struct ShapeRow {
    let title: String
    let function: String
    let unit: Shape.Unit
    let mean: Shape.Mean
    var ripple: [SideRun] = []
    var alien: [SideRun] = []

    init(_ shape: Shape) {
        self.init(title: shape.title, function: shape.function, unit: shape.unit, mean: shape.mean)
    }

    init(title: String, function: String, unit: Shape.Unit, mean: Shape.Mean) {
        self.title = title
        self.function = function
        self.unit = unit
        self.mean = mean
    }

    /// The fastest of Ripple's runs. The machine's noise only ever slows a run down, so
    /// the fastest run is the least disturbed, as each protocol takes its fastest sample.
    var rippleValue: Double { ripple.map(\.value).min() ?? .nan }

    /// The fastest of alien-signals' runs; nil when the JavaScript side did not run.
    var alienValue: Double? { alien.map(\.value).min() }

    /// alien-signals / Ripple, fastest against fastest: above 1 means Ripple is faster.
    /// It always lies within the spread.
    var ratio: Double? { alienValue.map { $0 / rippleValue } }

    /// Each Ripple run against each JavaScript run beside it in time; their lowest and
    /// highest are the row's spread.
    var neighbourRatios: [Double] {
        ripple.indices.flatMap { index -> [Double] in
            [index, index + 1].filter(alien.indices.contains).map { alien[$0].value / ripple[index].value }
        }
    }

    var spread: (low: Double, high: Double)? {
        let ratios = neighbourRatios
        guard let low = ratios.min(), let high = ratios.max() else { return nil }
        return (low, high)
    }

    /// Whether every warm-up ended with two runs in agreement rather than at its limits.
    var warmUpsSettled: Bool { (ripple + alien).allSatisfy(\.warmUpSettled) }

    var isMeanRow: Bool {
        if case .row = mean { return ratio != nil }
        return false
    }

    func isPart(of group: String) -> Bool {
        if case .summedInto(let name) = mean { return name == group }
        return false
    }
}

/// The summed rows (createComputations, updateSignals): run k of a sum adds up run k
/// of each sub-test, which the alternation ran at about the same time. A sum missing
/// some sub-tests (a filtered run) is printed as partial and left out of the mean.
func sumRows(_ rows: [ShapeRow]) -> [ShapeRow] {
    summedRows.compactMap { group -> ShapeRow? in
        let parts = rows.filter { $0.isPart(of: group.title) }
        guard let first = parts.first else { return nil }
        let complete = parts.count == group.parts
        let title = complete
            ? "\(group.title) (sum of \(group.parts))"
            : "\(group.title) (partial: \(parts.count) of \(group.parts))"
        var sum = ShapeRow(title: title, function: "sum", unit: first.unit, mean: complete ? .row : .excluded)
        func add(_ runs: KeyPath<ShapeRow, [SideRun]>) -> [SideRun] {
            first[keyPath: runs].indices.map { index in
                SideRun(
                    value: parts.reduce(0) { $0 + $1[keyPath: runs][index].value },
                    warmUpRuns: parts.reduce(0) { $0 + $1[keyPath: runs][index].warmUpRuns },
                    warmUpSettled: parts.allSatisfy { $0[keyPath: runs][index].warmUpSettled }
                )
            }
        }
        sum.ripple = add(\.ripple)
        sum.alien = add(\.alien)
        return sum
    }
}

/// The geometric mean of the mean rows' ratios, and of their spreads' ends.
struct RatioMean {
    let rows: Int
    let value: Double
    let low: Double
    let high: Double

    init?(_ rows: [ShapeRow]) {
        let meanRows = rows.filter(\.isMeanRow)
        guard !meanRows.isEmpty else { return nil }
        self.rows = meanRows.count
        value = geometricMean(meanRows.compactMap(\.ratio))
        low = geometricMean(meanRows.compactMap { $0.spread?.low })
        high = geometricMean(meanRows.compactMap { $0.spread?.high })
    }
}

/// The rows of a full selection's mean: kairo 9, cellx 3, dynamic 6, the two sbench
/// sums and the 9 propagate points.
let fullMeanRowCount = 29
