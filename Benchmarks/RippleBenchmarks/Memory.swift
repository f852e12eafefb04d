import CMallocStats
import Observation
import Ripple

// Memory: bytes per object as the allocator counts them (glibc mallinfo2: bytes in
// use), not estimated. Each case builds N and 2N objects (N = 100,000) and reports
// the slope, (bytes(2N) - bytes(N)) / N, which cancels constant offsets: the
// engine's free list of links, allocator bookkeeping, arrays reserved beforehand.

/// Bytes the allocator has handed out and not taken back.
func heapInUse() -> Int {
    Int(cmalloc_bytes_in_use())
}

/// How many bytes `body` left allocated.
@inline(__always)
func heapGrowth(_ body: () -> Void) -> Int {
    let before = heapInUse()
    body()
    return heapInUse() - before
}

/// Bytes per object: `growth(n)` builds n objects, keeps them while it measures, and
/// returns the growth.
func bytesPerObject(_ mode: RunMode, _ growth: (Int) -> Int) -> Double {
    let n = mode.pick(full: 100_000, quick: 10_000)
    _ = growth(n)  // warms the allocator's arenas and the engine's free lists
    let single = growth(n)
    let double = growth(2 * n)
    return Double(double - single) / Double(n)
}

/// Builds `n` objects into an array reserved beforehand; returns the heap growth.
func growth<T>(_ n: Int, _ make: (Int) -> T) -> Int {
    var objects: [T] = []
    objects.reserveCapacity(n)
    return heapGrowth {
        for index in 0..<n { objects.append(make(index)) }
    }
}

@inline(never)
func bench_memory_signal(_ mode: RunMode) -> Double {
    bytesPerObject(mode) { n in growth(n) { Signal($0) } }
}

/// A computed whose closure captures nothing, evaluated once (its value cached).
@inline(never)
func bench_memory_computed(_ mode: RunMode) -> Double {
    bytesPerObject(mode) { n in
        growth(n) { _ -> Computed<Int> in
            let computed = Computed { 42 }
            _ = computed.value
            return computed
        }
    }
}

/// A computed reading one signal, evaluated: the computed, its closure's context (one
/// captured reference) and one edge. The signals exist beforehand.
@inline(never)
func bench_memory_computedReadingOneSignal(_ mode: RunMode) -> Double {
    bytesPerObject(mode) { n in
        let signals = (0..<n).map { Signal($0) }
        return growth(n) { index -> Computed<Int> in
            let signal = signals[index]
            let computed = Computed { signal.value }
            _ = computed.value
            return computed
        }
    }
}

/// An effect whose body captures nothing and reads nothing.
@inline(never)
func bench_memory_effect(_ mode: RunMode) -> Double {
    bytesPerObject(mode) { n in growth(n) { _ in Effect {} } }
}

/// One computed reading n signals that exist beforehand: n edges.
@inline(never)
func bench_memory_edge(_ mode: RunMode) -> Double {
    bytesPerObject(mode) { n in
        let signals = (0..<n).map { Signal($0) }
        let sum = Computed { signals.reduce(0) { $0 &+ $1.value } }
        return heapGrowth { blackHole(sum.value) }
    }
}

@inline(never)
func bench_memory_rippleModelNeverObserved(_ mode: RunMode) -> Double {
    bytesPerObject(mode) { n in growth(n) { _ in RModels.Record() } }
}

/// n models, then one effect reading all ten properties of each: the models, ten
/// edges per model, and the effect's share.
@inline(never)
func bench_memory_rippleModelObserved(_ mode: RunMode) -> Double {
    bytesPerObject(mode) { n in
        var records: [RModels.Record] = []
        records.reserveCapacity(n)
        var effect: Effect?
        let bytes = heapGrowth {
            for _ in 0..<n { records.append(RModels.Record()) }
            effect = Effect {
                blackHole(records.reduce(0) { $0 &+ $1.sum })
            }
        }
        effect?.cancel()
        return bytes
    }
}

@inline(never)
func bench_memory_observationModelNeverObserved(_ mode: RunMode) -> Double {
    bytesPerObject(mode) { n in growth(n) { _ in OModels.Record() } }
}

/// n models, then one `withObservationTracking` reading all ten properties of each:
/// the models and what the registrars hold for the armed observation.
@inline(never)
func bench_memory_observationModelObserved(_ mode: RunMode) -> Double {
    bytesPerObject(mode) { n in
        var records: [OModels.Record] = []
        records.reserveCapacity(n)
        let bytes = heapGrowth {
            for _ in 0..<n { records.append(OModels.Record()) }
            blackHole(withObservationTracking({
                records.reduce(0) { $0 &+ $1.sum }
            }, onChange: {}))
        }
        return bytes
    }
}

/// A measured quantity that is not a timing comparison: memory and scale cases.
struct Measurement: Sendable {
    let function: String
    let title: String
    let unit: String
    /// The design target it is held to, if any ("<= 48").
    let target: String?
    let run: @Sendable (RunMode) -> Double

    init(_ function: String, _ title: String, unit: String, target: String? = nil,
         _ run: @escaping @Sendable (RunMode) -> Double) {
        self.function = function
        self.title = title
        self.unit = unit
        self.target = target
        self.run = run
    }
}

let memoryCases: [Measurement] = [
    Measurement("bench_memory_signal", "Signal<Int>", unit: "B", target: "<= 64 + 8 (value)", bench_memory_signal),
    Measurement("bench_memory_computed", "Computed<Int>, capture-free closure, evaluated", unit: "B",
                target: "<= 96 + 8 (value)", bench_memory_computed),
    Measurement("bench_memory_computedReadingOneSignal", "Computed<Int> reading one Signal (context + 1 edge)",
                unit: "B", bench_memory_computedReadingOneSignal),
    Measurement("bench_memory_edge", "dependency edge", unit: "B", target: "<= 48", bench_memory_edge),
    Measurement("bench_memory_effect", "Effect, empty body", unit: "B", bench_memory_effect),
    Measurement("bench_memory_rippleModelNeverObserved", "Ripple model, 10 properties, never observed", unit: "B",
                target: "@Tracked: no node allocation", bench_memory_rippleModelNeverObserved),
    Measurement("bench_memory_rippleModelObserved", "Ripple model, 10 properties, all observed (10 edges)", unit: "B",
                bench_memory_rippleModelObserved),
    Measurement("bench_memory_observationModelNeverObserved", "@Observable, 10 properties, never observed", unit: "B",
                bench_memory_observationModelNeverObserved),
    Measurement("bench_memory_observationModelObserved", "@Observable, 10 properties, all observed", unit: "B",
                bench_memory_observationModelObserved),
] + incrementalMemoryCases
