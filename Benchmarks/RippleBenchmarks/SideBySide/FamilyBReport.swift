// Family B's results as printed and as written by `--json`.

/// Everything family B measured, and where the JavaScript numbers came from.
struct FamilyBReport {
    /// Each shape, then the summed rows.
    let rows: [ShapeRow]
    /// "node v20.x, alien-signals 3.1.2, this run"; nil when the JavaScript side did not run.
    let alienSource: String?
    /// Why the JavaScript side did not run.
    let alienSkipped: String?
    let order: [Engine]

    init(shapeRows: [ShapeRow], alien: AlienSide?, skipped: String?, order: [Engine]) {
        rows = shapeRows + sumRows(shapeRows)
        alienSource = alien?.source
        alienSkipped = skipped
        self.order = order
    }

    var mean: RatioMean? { RatioMean(rows) }

    func printResults() {
        let table = rows.map { row -> [String] in
            let unit = " " + row.unit.rawValue
            return [
                row.title + (row.warmUpsSettled ? "" : " ~"),
                formatAuto(row.rippleValue) + unit,
                row.alienValue.map { formatAuto($0) + unit } ?? "-",
                row.ratio.map { format($0, digits: 2) + "x" } ?? "-",
                row.spread.map { format($0.low, digits: 2) + "-" + format($0.high, digits: 2) + "x" } ?? "-",
            ]
        }
        printTable(["shape", "Ripple", "alien-signals", "alien / Ripple", "spread"], table)
        print("")
        guard let mean else {
            flushOutput()
            return
        }
        let coverage = mean.rows == fullMeanRowCount ? "" : " (a full selection has \(fullMeanRowCount))"
        print("geometric mean over \(mean.rows) rows\(coverage): \(format(mean.value, digits: 2))x "
            + "(spread \(format(mean.low, digits: 2))-\(format(mean.high, digits: 2))x)")
        let orderText = order.map(\.name).joined(separator: ", ")
        print("""
            Rows of the mean: kairo 9, cellx 3, dynamic 6, createComputations and updateSignals
            (each sbench group once, as its sum), propagate 9. createSignals and the dynamic small
            checks are printed beside alien-signals but are not in the mean.
            Each side's value is the fastest of its runs (order per shape: \(orderText)),
            each run its shape's protocol after an untimed warm-up; run k of a sum adds up run k of its
            sub-tests. The spread is the lowest and highest ratio of a Ripple run to a JavaScript run
            beside it. ~: a warm-up stopped at its limits before two runs agreed within 5%.
            """)
        flushOutput()
    }

    var json: JSON {
        var members: [(String, JSON)] = [
            ("alien_source", alienSource.map(JSON.string) ?? .null),
            ("alien_skipped_because", alienSkipped.map(JSON.string) ?? .null),
            ("order", .array(order.map { .string($0.name) })),
            ("rows", .array(rows.map(rowJSON))),
        ]
        if let mean {
            members.append(("geometric_mean", .object([
                ("ratio_alien_over_ripple", .number(mean.value)),
                ("spread_low", .number(mean.low)),
                ("spread_high", .number(mean.high)),
                ("rows", .number(Double(mean.rows))),
                ("excluded", .string(
                    "createSignals, the dynamic small checks; the sbench sub-tests count through their two sums")),
            ])))
        } else {
            members.append(("geometric_mean", .null))
        }
        return .object(members)
    }

    private func rowJSON(_ row: ShapeRow) -> JSON {
        let unit = row.unit.rawValue
        let members: [(String, JSON)] = [
            ("name", .string(row.title)),
            ("function", .string(row.function)),
            ("ripple_\(unit)", .number(row.rippleValue)),
            ("alien_\(unit)", row.alienValue.map(JSON.number) ?? .null),
            ("alien_source", alienSource.map(JSON.string) ?? .null),
            ("ratio_alien_over_ripple", row.ratio.map(JSON.number) ?? .null),
            ("spread_low", row.spread.map { .number($0.low) } ?? .null),
            ("spread_high", row.spread.map { .number($0.high) } ?? .null),
            ("ripple_\(unit)_runs", .array(row.ripple.map { .number($0.value) })),
            ("alien_\(unit)_runs", .array(row.alien.map { .number($0.value) })),
            ("warm_ups_settled", .bool(row.warmUpsSettled)),
            ("in_geometric_mean", .bool(row.isMeanRow)),
        ]
        return .object(members)
    }
}
