import Ripple

// The propagate shape: one signal, `w` chains of `h` computeds, an
// effect at each tail; one operation is an unbatched `src = src + 1`. It isolates the
// engine's per-node cost from any benchmark-adapter overhead on either side.

/// Nanoseconds per write: the median of 15 samples of 2,000,000 / (w * h) writes, so
/// that every sample updates about 2,000,000 computeds (quick: 5 samples of
/// 200,000 / (w * h) writes). After each sample every tail equals src + h and each
/// effect has run once per write.
func propagateProtocol(_ mode: RunMode, width: Int, height: Int) -> Double {
    let scope = BuildScope(capacity: width)
    let runs = Counter()
    let source = Signal(0)
    var tails: [Computed<Int>] = []
    for _ in 0..<width {
        var previous = Computed { source.value + 1 }
        for _ in 1..<height {
            let link = previous
            previous = Computed { link.value + 1 }
        }
        let tail = previous
        tails.append(tail)
        scope.effect {
            _ = tail.value
            runs.count += 1
        }
    }
    let name = "propagate w\(width) h\(height)"
    checkEqual(runs.count, width, "\(name) effect runs after the build")

    let writes = max(1, mode.pick(full: 2_000_000, quick: 200_000) / (width * height))
    var samples: [Double] = []
    for _ in 0..<mode.pick(full: 15, quick: 5) {
        runs.count = 0
        let elapsed = measure(with: source) { source in
            for _ in 0..<writes { source.value = source.value + 1 }
        }
        samples.append(Double(elapsed) / Double(writes))
        checkEqual(runs.count, width * writes, "\(name) effect runs")
        let expected = source.value + height
        for tail in tails { checkEqual(tail.value, expected, "\(name) tail") }
    }
    scope.dispose()
    scope.release()
    return median(samples)
}

@inline(never)
func bench_propagate_w1_h1(_ mode: RunMode) -> Double {
    propagateProtocol(mode, width: 1, height: 1)
}

@inline(never)
func bench_propagate_w1_h10(_ mode: RunMode) -> Double {
    propagateProtocol(mode, width: 1, height: 10)
}

@inline(never)
func bench_propagate_w1_h100(_ mode: RunMode) -> Double {
    propagateProtocol(mode, width: 1, height: 100)
}

@inline(never)
func bench_propagate_w10_h1(_ mode: RunMode) -> Double {
    propagateProtocol(mode, width: 10, height: 1)
}

@inline(never)
func bench_propagate_w10_h10(_ mode: RunMode) -> Double {
    propagateProtocol(mode, width: 10, height: 10)
}

@inline(never)
func bench_propagate_w10_h100(_ mode: RunMode) -> Double {
    propagateProtocol(mode, width: 10, height: 100)
}

@inline(never)
func bench_propagate_w100_h1(_ mode: RunMode) -> Double {
    propagateProtocol(mode, width: 100, height: 1)
}

@inline(never)
func bench_propagate_w100_h10(_ mode: RunMode) -> Double {
    propagateProtocol(mode, width: 100, height: 10)
}

@inline(never)
func bench_propagate_w100_h100(_ mode: RunMode) -> Double {
    propagateProtocol(mode, width: 100, height: 100)
}
