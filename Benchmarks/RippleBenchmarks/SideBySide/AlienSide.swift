#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The JavaScript side of family B: alien-signals run by node in this run, through
// Benchmarks/JavaScript/alien-harness.mjs. Ratios come only from these numbers: a
// stored table measures the host's speed on the day it was taken, not Ripple.

/// The package's root directory, from this file's path at build time: the benchmark
/// runs from its source tree, where the JavaScript harness and the anchors live.
let packageRoot: String = {
    let path = #filePath
    guard let range = path.firstRange(of: "/Benchmarks/RippleBenchmarks/") else { return "." }
    return String(path[..<range.lowerBound])
}()

/// The directory that contains `path` ("/a/b" for "/a/b/c").
func parentDirectory(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// Whether a file exists and can be read.
func isReadableFile(_ path: String) -> Bool {
    access(path, R_OK) == 0
}

/// How to run alien-signals: node, the harness and the alien-signals build.
struct AlienSide {
    let nodeVersion: String
    let alienPath: String
    let harnessPath: String

    /// The version in the build's file name (`alien-signals-3.1.2.mjs`), or "unknown version".
    var alienVersion: String {
        let name = alienPath.split(separator: "/").last.map(String.init) ?? alienPath
        let prefix = "alien-signals-", suffix = ".mjs"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else {
            return "unknown version (\(name))"
        }
        return String(name.dropFirst(prefix.count).dropLast(suffix.count))
    }

    /// Where the JavaScript numbers come from, as the report states it beside each row.
    var source: String {
        "node \(nodeVersion), alien-signals \(alienVersion), this run"
    }

    /// The default build: `../shared/anchors/js/alien-signals-3.1.2.mjs` beside the package root.
    static var defaultAlienPath: String {
        parentDirectory(packageRoot) + "/shared/anchors/js/alien-signals-3.1.2.mjs"
    }

    /// Finds node and the alien-signals build, or says in one line why the JavaScript
    /// side cannot run. `explicitPath` is `--alien PATH`; then RIPPLE_ALIEN_SIGNALS;
    /// then the default build.
    static func locate(explicitPath: String?) -> Result<AlienSide, UnavailableReason> {
        let path = explicitPath ?? getenv("RIPPLE_ALIEN_SIGNALS").map { String(cString: $0) } ?? defaultAlienPath
        guard isReadableFile(path) else {
            return .failure(UnavailableReason("no alien-signals build at \(path) (give one with --alien PATH)"))
        }
        let harness = packageRoot + "/Benchmarks/JavaScript/alien-harness.mjs"
        guard isReadableFile(harness) else {
            return .failure(UnavailableReason("the JavaScript harness is missing: \(harness)"))
        }
        guard let version = runChild(["node", "--version"]), version.status == 0 else {
            return .failure(UnavailableReason("node is not on the PATH"))
        }
        let nodeVersion = version.standardOutput.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? "?"
        return .success(AlienSide(nodeVersion: nodeVersion, alienPath: path, harnessPath: harness))
    }

    /// Runs one shape in a fresh node process: an untimed warm-up within `limits`, then
    /// the shape's protocol. A failed check or a broken build fails the whole run.
    func run(_ function: String, unit: Shape.Unit, _ mode: RunMode, _ limits: WarmUpLimits) -> SideRun {
        var arguments = ["node", "--expose-gc"] + nodeStackArguments + [harnessPath, "--alien", alienPath]
        if mode.quick { arguments.append("--quick") }
        arguments += ["--warm-up-runs", String(limits.runs), "--warm-up-seconds", String(limits.seconds), function]
        guard let output = runChild(arguments) else {
            fail("could not start node for \(function)")
        }
        guard output.status == 0 else {
            fail("the JavaScript side of \(function) exited with status \(output.status) (its error is above)")
        }
        let lines = output.standardOutput.split(separator: "\n")
        guard lines.count == 1, let members = parseFlatJSONObject(lines[0]) else {
            fail("the JavaScript side of \(function) printed other than one result line:\n\(output.standardOutput)")
        }
        return SideRun(function: function, unit: unit, members: members)
    }
}

/// A JavaScript stack of 4 MB, at most half the process's stack limit (past the limit
/// node crashes instead of throwing). Disposing cellx's 5,000 layers recurses through
/// alien-signals' `unwatched`, which node's ~1 MB default holds only in optimized
/// frames, and a busy machine can delay the optimizer past the dispose.
let nodeStackArguments: [String] = {
    #if canImport(Glibc)
    let resource = __rlimit_resource_t(RLIMIT_STACK.rawValue)
    #else
    let resource = RLIMIT_STACK
    #endif
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return [] }
    // No limit reads as the largest value, which the clamp keeps large.
    let size = min(4096, Int(clamping: limit.rlim_cur / 1024) / 2)
    return size > 1024 ? ["--stack-size=\(size)"] : []
}()

/// Why the JavaScript side cannot run, in one line.
struct UnavailableReason: Error {
    let text: String
    init(_ text: String) { self.text = text }
}

extension SideRun {
    /// Decodes the harness's line {"shape", "unit", "value", "warm_up_runs", "warm_up_settled"},
    /// failing the run unless it is the shape asked for, in the unit the Swift side reports.
    init(function: String, unit: Shape.Unit, members: [(key: String, value: JSONScalar)]) {
        var shape: String?, reportedUnit: String?, value: Double?, warmUpRuns: Double?, settled: Bool?
        for (key, member) in members {
            switch (key, member) {
            case ("shape", .string(let text)): shape = text
            case ("unit", .string(let text)): reportedUnit = text
            case ("value", .number(let number)): value = number
            case ("warm_up_runs", .number(let number)): warmUpRuns = number
            case ("warm_up_settled", .bool(let flag)): settled = flag
            default: break
            }
        }
        guard shape == function, reportedUnit == unit.rawValue, let value, value.isFinite, value > 0,
              let warmUpRuns, let settled
        else {
            fail("the JavaScript side of \(function) reported \(members)")
        }
        self.init(value: value, warmUpRuns: Int(warmUpRuns), warmUpSettled: settled)
    }
}
