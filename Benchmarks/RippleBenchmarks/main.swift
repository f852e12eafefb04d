#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// RippleBenchmarks: `swift run -c release RippleBenchmarks [--quick] [--filter NAME]
// [--json FILE] [--alien PATH | --no-alien] [--require-alien]`. See Benchmarks/README.md.

struct Options {
    var filter: String?
    var quick = false
    var jsonPath: String?
    var alienPath: String?
    var noAlien = false
    var requireAlien = false
    /// Run each selected case once, with this many operations for family A, untimed:
    /// for counting instructions (`Benchmarks/compare-instructions`).
    var fixedOperations: Int?
    var list = false
}

func usage() -> Never {
    print("""
        usage: RippleBenchmarks [--quick] [--filter NAME] [--json FILE] [--alien PATH | --no-alien] [--require-alien]
          --quick          every case at small sizes, the same on both sides of family B (a few minutes);
                           check values still asserted
          --filter NAME    only the cases whose function name contains NAME (e.g. kairo, bench_ripple_fanOut);
                           several names separated by commas select the cases matching any
          --json FILE      also write the results to FILE as JSON
          --alien PATH     the alien-signals build family B runs beside Ripple, with node (default:
                           $RIPPLE_ALIEN_SIGNALS, else ../shared/anchors/js/alien-signals-3.1.2.mjs
                           beside the package root)
          --no-alien       run family B on Ripple's side only
          --require-alien  fail (exit status 4) unless family B's JavaScript side can run (so does a
                           missing --alien PATH)
          --fixed-ops N    run each selected case once, untimed: family A's sides with N operations,
                           family B's shapes in their quick protocol (for counting instructions)
          --list           print the function of every family A side and family B shape, one a line
        """)
    exit(2)
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--quick": options.quick = true
        case "--filter":
            guard let name = arguments.popFirst() else { usage() }
            options.filter = name
        case "--json":
            guard let path = arguments.popFirst() else { usage() }
            options.jsonPath = path
        case "--alien":
            guard let path = arguments.popFirst() else { usage() }
            options.alienPath = path
        case "--no-alien": options.noAlien = true
        case "--require-alien": options.requireAlien = true
        case "--fixed-ops":
            guard let count = arguments.popFirst().flatMap({ Int($0) }), (1...10_000_000).contains(count) else {
                printError("RippleBenchmarks: --fixed-ops takes a number of operations from 1 to 10000000")
                usage()
            }
            options.fixedOperations = count
        case "--list": options.list = true
        case "--help", "-h": usage()
        default:
            printError("RippleBenchmarks: unknown argument \(argument)")
            usage()
        }
    }
    return options
}

func matches(_ function: String, _ options: Options) -> Bool {
    guard let filter = options.filter else { return true }
    return filter.split(separator: ",").contains { function.contains($0) }
}

/// Whether this binary was built without optimization (`-c debug`, the default).
func isDebugBuild() -> Bool {
    #if DEBUG
    return true
    #else
    return _isDebugAssertConfiguration()
    #endif
}

if isDebugBuild() {
    printError("""
        RippleBenchmarks: refusing to report numbers from a debug build.
        Run `swift run -c release RippleBenchmarks`.
        """)
    exit(3)
}

let options = parseOptions()
if options.list {
    for comparison in comparisons {
        print(comparison.ripple.function)
        print(comparison.observation.function)
        if let plain = comparison.plain { print(plain.function) }
    }
    for shape in shapes { print(shape.function) }
    exit(0)
}
if let operations = options.fixedOperations {
    runFixed(operations, options)
    exit(0)
}
let mode = RunMode(quick: options.quick)
// Make the shapes' constants opaque to the optimizer.
busySteps = opaque(100)
fibArgument = opaque(16)

let loadAtStart = loadAverage()
print("RippleBenchmarks, \(mode.quick ? "quick" : "full") run, \(processorCount()) processors, load average at start: \(loadAtStart ?? "?")")
var report: [(String, JSON)] = [
    ("mode", .string(mode.quick ? "quick" : "full")),
    ("filter", options.filter.map(JSON.string) ?? .null),
    ("processors", .number(Double(processorCount()))),
    ("load_average_at_start", loadAtStart.map(JSON.string) ?? .null),
]

let selectedComparisons = comparisons.compactMap { comparison -> (Comparison, ripple: Bool, observation: Bool, plain: Bool)? in
    let ripple = matches(comparison.ripple.function, options)
    let observation = matches(comparison.observation.function, options)
    let plain = comparison.plain.map { matches($0.function, options) } ?? false
    return ripple || observation || plain ? (comparison, ripple, observation, plain) : nil
}
if !selectedComparisons.isEmpty {
    print("\n## Family A: Ripple against Apple's Observation (time per operation; Obs / Ripple > 1: Ripple faster)\n")
    flushOutput()
    let rows = runComparisons(selectedComparisons, mode)
    printComparisons(rows)
    report.append(("observation", comparisonsJSON(rows)))
}

let selectedShapes = shapes.filter { matches($0.function, options) }
if !selectedShapes.isEmpty {
    print("""

        ## Family B: js-reactivity-benchmark shapes and propagate, side by side with alien-signals
        (alien / Ripple > 1: Ripple faster)

        """)
    let located: Result<AlienSide, UnavailableReason> = options.noAlien
        ? .failure(UnavailableReason("--no-alien was given"))
        : AlienSide.locate(explicitPath: options.alienPath)
    let alien = try? located.get()
    var skipped: String?
    switch located {
    case .success(let alien):
        print("alien-signals: \(alien.source) (\(alien.alienPath))")
    case .failure(let reason):
        // A build named on the command line is one the caller expects to be measured.
        if options.requireAlien || (options.alienPath != nil && !options.noAlien) {
            let flag = options.requireAlien ? "--require-alien" : "--alien"
            printError("RippleBenchmarks: \(flag) given, but the JavaScript side cannot run: \(reason.text)")
            exit(4)
        }
        skipped = reason.text
        print("alien-signals not run, Ripple's numbers alone: \(reason.text)")
    }
    print("")
    flushOutput()
    let order = mode.order(withAlien: alien != nil)
    let rows = runShapesSideBySide(selectedShapes, mode, alien: alien)
    let familyB = FamilyBReport(shapeRows: rows, alien: alien, skipped: skipped, order: order)
    familyB.printResults()
    report.append(("js_reactivity_benchmark", familyB.json))
}

let selectedMemory = memoryCases.filter { matches($0.function, options) }
if !selectedMemory.isEmpty {
    print("\n## Memory: bytes per object, from the allocator (mallinfo2), slope over 100,000 -> 200,000\n")
    flushOutput()
    report.append(("memory", measurementsJSON(runMeasurements(selectedMemory, mode))))
}

let selectedSteadyState = steadyStateCases.filter { matches($0.function, options) }
if !selectedSteadyState.isEmpty {
    print("\n## Steady state: an update that reads what it read before allocates nothing\n")
    report.append(("steady_state", measurementsJSON(runMeasurements(selectedSteadyState, mode))))
}

let selectedInterop = interopCases.filter { matches($0.function, options) }
if !selectedInterop.isEmpty {
    print("\n## Following @Observable models: what trackObservable costs\n")
    flushOutput()
    report.append(("interop", measurementsJSON(runMeasurements(selectedInterop, mode))))
}

let selectedScale = scaleCases.filter { matches($0.function, options) }
if !selectedScale.isEmpty {
    print("\n## Scale: a write costs what it affects, not the graph's size\n")
    flushOutput()
    report.append(("scale", measurementsJSON(runMeasurements(selectedScale, mode))))
}

let loadAtEnd = loadAverage()
print("\nload average at end: \(loadAtEnd ?? "?")")
report.append(("load_average_at_end", loadAtEnd.map(JSON.string) ?? .null))

if let path = options.jsonPath {
    writeFile(path, JSON.object(report).text)
    print("\nwrote \(path)")
}

/// `--fixed-ops`: each selected side and shape once, in a fixed amount of work, so that
/// two builds' instruction counts compare.
func runFixed(_ operations: Int, _ options: Options) {
    busySteps = opaque(100)
    fibArgument = opaque(16)
    var seen = Set<String>()
    for comparison in comparisons {
        for side in [comparison.ripple, comparison.observation] + (comparison.plain.map { [$0] } ?? [])
        where matches(side.function, options) && seen.insert(side.function).inserted {
            blackHole(side.run(operations))
            print("ran \(side.function)")
        }
    }
    for shape in shapes where matches(shape.function, options) {
        blackHole(shape.run(RunMode(quick: true)))
        print("ran \(shape.function)")
    }
}
