// Family B side by side: for each shape, Ripple's run alternates with alien-signals'
// (JavaScript, Swift, JavaScript, ...), each run preceded by an untimed warm-up, so
// that both sides see the same machine within seconds of each other.

/// The untimed warm-up before each measured run: it ends when two consecutive runs of
/// the shape's protocol agree within 5%, or at these limits, whichever comes first.
struct WarmUpLimits {
    let runs: Int
    let seconds: Int
}

extension RunMode {
    var warmUpLimits: WarmUpLimits {
        pick(full: WarmUpLimits(runs: 8, seconds: 15), quick: WarmUpLimits(runs: 3, seconds: 3))
    }

    /// The measured runs of each shape, in order. JavaScript's runs surround
    /// Ripple's, so each Ripple run has a JavaScript run on either side.
    func order(withAlien: Bool) -> [Engine] {
        let ripple = pick(full: 2, quick: 1)
        guard withAlien else { return Array(repeating: .ripple, count: ripple) }
        return [.alien] + Array(repeating: [Engine.ripple, .alien], count: ripple).flatMap { $0 }
    }
}

/// Which engine a run measured.
enum Engine {
    case ripple
    case alien

    var name: String {
        switch self {
        case .ripple: "Swift"
        case .alien: "JavaScript"
        }
    }
}

/// One measured run of a shape on one side, after its warm-up.
struct SideRun {
    let value: Double
    let warmUpRuns: Int
    /// False when the warm-up stopped at its limits before two runs agreed.
    let warmUpSettled: Bool
}

/// Whether two runs agree within 5% of the smaller.
func runsAgree(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= 0.05 * min(a, b)
}

/// Runs `run` untimed until two consecutive results agree within 5%, within `limits`.
func warmUp(_ limits: WarmUpLimits, _ run: () -> Double) -> (runs: Int, settled: Bool) {
    let start = now()
    let deadline = start &+ UInt64(limits.seconds) &* 1_000_000_000
    var previous = run()
    var runs = 1
    while runs < limits.runs && now() < deadline {
        let current = run()
        runs += 1
        if runsAgree(previous, current) { return (runs, true) }
        previous = current
    }
    return (runs, false)
}

/// Ripple's side of one shape: the warm-up, then the shape's protocol once.
func runRipple(_ shape: Shape, _ mode: RunMode) -> SideRun {
    let warm = warmUp(mode.warmUpLimits) { shape.run(mode) }
    return SideRun(value: shape.run(mode), warmUpRuns: warm.runs, warmUpSettled: warm.settled)
}

/// Both sides of every selected shape, alternating; `alien` nil runs Ripple alone.
func runShapesSideBySide(_ selected: [Shape], _ mode: RunMode, alien: AlienSide?) -> [ShapeRow] {
    let order = mode.order(withAlien: alien != nil)
    return selected.map { shape in
        var row = ShapeRow(shape)
        progressPiece("  \(shape.function):")
        for side in order {
            let run: SideRun
            switch side {
            case .ripple:
                run = runRipple(shape, mode)
                row.ripple.append(run)
            case .alien:
                guard let alien else { continue }
                run = alien.run(shape.function, unit: shape.unit, mode, mode.warmUpLimits)
                row.alien.append(run)
            }
            progressPiece(" \(side.name) \(formatAuto(run.value)) \(shape.unit.rawValue)")
        }
        progressPiece("\n")
        return row
    }
}
