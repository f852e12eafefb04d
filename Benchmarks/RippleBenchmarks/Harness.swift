#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The measuring tools every case shares: a clock, a sink the optimizer cannot see
// through, the check that fails a run loudly, and the run mode.

/// How much work a run does.
///
/// `full` follows every protocol exactly; `quick` runs every case at small sizes (the
/// same on Ripple's side and alien-signals'), still asserting every check value, so
/// that the whole run takes a few minutes.
struct RunMode: Sendable {
    let quick: Bool

    /// `full` in a full run, `quick` in a quick one.
    func pick<T>(full: T, quick: T) -> T {
        self.quick ? quick : full
    }
}

// MARK: Clock

/// Nanoseconds on the monotonic clock.
@inline(__always)
func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}

/// Measures the time `body` takes, in nanoseconds.
@inline(__always)
func measure(_ body: () -> Void) -> UInt64 {
    let start = now()
    body()
    return now() &- start
}

/// Measures the time `body` takes on `subject`, in nanoseconds. Hands the body its
/// model as a parameter, as an app's code is handed its model (a method's `self`, a
/// function's argument). A body that captured a model its caller created instead
/// would make every access to the model retain and release it, which app code does
/// not do: Ripple's unobserved write took 23 ns that way, 2 ns this way.
@inline(never)
func measure<Subject>(with subject: Subject, _ body: (Subject) -> Void) -> UInt64 {
    let start = now()
    body(subject)
    return now() &- start
}

extension UInt64 {
    var milliseconds: Double { Double(self) / 1e6 }
}

// MARK: Black hole

// Safety: only the main thread runs benchmarks; the sink exists to be written.
nonisolated(unsafe) private var blackHoleSink: UInt = 0

/// Consumes a result so that the optimizer cannot delete the work that produced it:
/// the bytes are folded into a global that the program could read back.
@inline(never)
func blackHole<T>(_ value: T) {
    withUnsafeBytes(of: value) { bytes in
        var folded: UInt = 0
        for byte in bytes { folded = folded &* 31 &+ UInt(byte) }
        blackHoleSink ^= folded
    }
}

/// The same for an integer, without the generic call.
@inline(never)
func blackHole(_ value: Int) {
    blackHoleSink ^= UInt(bitPattern: value)
}

/// The same for a double, without the generic call.
@inline(never)
func blackHole(_ value: Double) {
    blackHoleSink ^= UInt(value.bitPattern)
}

/// Returns its argument, opaque to the optimizer: a constant passed through it is no
/// longer a constant.
@inline(never)
func opaque<T>(_ value: T) -> T {
    blackHole(0)
    return value
}

/// A count the benchmarks share with their closures. The counters of the JavaScript
/// shapes are plain fields; exclusivity checks would add a runtime call to each step.
final class Counter {
    @exclusivity(unchecked) var count = 0
}

// MARK: Checks

/// Fails the run: a wrong check value means the benchmark measured something else.
func fail(_ message: String) -> Never {
    printError("RippleBenchmarks: check failed: \(message)")
    exit(1)
}

/// Writes a line to standard error.
func printError(_ line: String) {
    flushOutput()
    let text = line + "\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
}

/// Flushes standard output, so that it interleaves correctly with standard error.
func flushOutput() {
    fflush(nil)
}

/// Asserts a check value of a benchmark shape; a mismatch fails the run.
@inline(__always)
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail(message()) }
}

/// Asserts that two values are equal, naming both on failure.
@inline(__always)
func checkEqual<T: Equatable>(_ actual: T, _ expected: T, _ what: @autoclosure () -> String) {
    if actual != expected { fail("\(what()): got \(actual), expected \(expected)") }
}

// MARK: Machine

/// The 1, 5 and 15 minute load averages, or nil. The machine is shared: a load above
/// the core count means other work competed with the run.
func loadAverage() -> String? {
    var loads = [Double](repeating: 0, count: 3)
    guard getloadavg(&loads, 3) == 3 else { return nil }
    return loads.map { String(Double(Int(($0 * 100).rounded())) / 100) }.joined(separator: " ")
}

/// The number of processors this process may run on.
func processorCount() -> Int {
    Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}

// MARK: busy()

// Safety: written once at startup, before any benchmark runs; read-only afterwards.
nonisolated(unsafe) var busySteps = 100

/// The shapes' `busy()`: 100 counting steps whose result is consumed. The bound is
/// read at run time so the loop cannot be folded to a constant.
@inline(never)
func busy() {
    var a = 0
    var step = 0
    while step < busySteps {
        a = a &* 3 &+ 1
        step &+= 1
    }
    blackHole(a)
}

// MARK: Formatting

/// `value` with `digits` digits after the point (no Foundation).
func format(_ value: Double, digits: Int = 1) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (abs(value) * scale).rounded()
    let whole = Int(rounded / scale)
    var text = (value < 0 && rounded != 0 ? "-" : "") + String(whole)
    if digits > 0 {
        let fraction = Int(rounded - Double(whole) * scale)
        var digitsText = String(fraction)
        while digitsText.count < digits { digitsText = "0" + digitsText }
        text += "." + digitsText
    }
    return text
}

/// A short human form: three significant digits or so.
func formatAuto(_ value: Double) -> String {
    let magnitude = abs(value)
    if magnitude >= 1000 { return format(value, digits: 0) }
    if magnitude >= 100 { return format(value, digits: 1) }
    if magnitude >= 10 { return format(value, digits: 2) }
    if magnitude >= 1 { return format(value, digits: 2) }
    return format(value, digits: 3)
}

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let count = text.count
    guard count < width else { return text }
    let padding = String(repeating: " ", count: width - count)
    return right ? padding + text : text + padding
}

/// The middle value of `values` (the mean of the two middle ones for an even count).
func median(_ values: [Double]) -> Double {
    precondition(!values.isEmpty, "median of no values")
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// The geometric mean of positive ratios.
func geometricMean(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let logSum = values.reduce(0.0) { $0 + log($1) }
    return exp(logSum / Double(values.count))
}
