import Ripple

// sbench (from Solid's bench.cjs) as js-reactivity-benchmark runs it: creating
// computations over many signals, and updating signals under many computations.
// S = signals, E = effects; COUNT = 100,000.

private let count = 100_000

/// Creates a shape's computations (and returns its update loop) over `sources`.
typealias SBenchShape = (_ n: Int, _ sources: [Signal<Int>], _ scope: BuildScope) -> () -> Void

private func makeSignals(_ n: Int) -> [Signal<Int>] {
    (0..<n).map { Signal($0) }
}

/// The update of the creation sub-tests: nothing.
private func noUpdate() {}

/// sbench has no check values of its own: before its warm-ups, a sub-test runs once at
/// n / 100 with every effect body counted (not timed), and the count must match what
/// the shape implies; a write after the effects are cancelled must run nothing. The
/// JavaScript harness checks alien-signals the same way.
private func checkEffectRuns(_ name: String, n: Int, sourceCount: Int, _ shape: SBenchShape,
                             expectedRuns: (Int) -> Int) {
    let runs = Counter()
    let scope = BuildScope(capacity: n, countingRunsIn: runs)
    let sources = makeSignals(sourceCount)
    shape(n, sources, scope)()
    scope.dispose()
    checkEqual(runs.count, expectedRuns(n), "\(name) effect runs at n = \(n)")
    if let first = sources.first {
        first.value = -1
        checkEqual(runs.count, expectedRuns(n), "\(name) effect runs after the effects were cancelled")
    }
    scope.release()
}

// The expected effect runs of a check pass. The first write, set(0), stores the value
// the source already holds: it runs nothing.
private func once(_ n: Int) -> Int { n }
private func fanOut(_ perSource: Int) -> (Int) -> Int { { n in n / perSource * perSource } }
private func updates(_ effects: Int, writes: @escaping (Int) -> Int = { $0 }) -> (Int) -> Int {
    { n in effects + effects * (writes(n) - 1) }
}

/// The sbench protocol for one sub-test: the check pass, 3 warm-ups at n / 100, then
/// the minimum of 10 timed runs, in milliseconds. A run creates `sourceCount` signals
/// and reads each three times (not timed); the timed region creates the computations,
/// runs the updates and disposes of the computations. Freeing memory afterwards is not
/// timed, as garbage collection is not in JavaScript. A quick run does 1 warm-up and 3
/// runs.
func sbenchProtocol(_ mode: RunMode, _ name: String, n: Int, sourceCount: Int, expectedRuns: (Int) -> Int,
                    _ shape: SBenchShape) -> Double {
    checkEffectRuns(name, n: n / 100, sourceCount: sourceCount, shape, expectedRuns: expectedRuns)
    for _ in 0..<mode.pick(full: 3, quick: 1) {
        let scope = BuildScope(capacity: n / 100)
        let sources = makeSignals(sourceCount)
        shape(n / 100, sources, scope)()
        scope.dispose()
        scope.release()
    }
    var fastest = UInt64.max
    for _ in 0..<mode.pick(full: 10, quick: 3) {
        let scope = BuildScope(capacity: n)
        scope.reserveNodes(n)
        let sources = makeSignals(sourceCount)
        for source in sources {
            _ = source.value
            _ = source.value
            _ = source.value
        }
        let start = now()
        let update = shape(n, sources, scope)
        update()
        scope.dispose()
        let elapsed = now() &- start
        fastest = min(fastest, elapsed)
        scope.release()
        withExtendedLifetime(sources) {}
    }
    return fastest.milliseconds
}

// MARK: Creation

@inline(never)
func bench_sbench_createSignals(_ mode: RunMode) -> Double {
    sbenchProtocol(mode, "createSignals", n: count, sourceCount: count, expectedRuns: { _ in 0 }) { n, _, scope in
        for i in 0..<n { scope.keep(Signal(i)) }
        return noUpdate
    }
}

@inline(never)
func bench_sbench_create0to1(_ mode: RunMode) -> Double {
    sbenchProtocol(mode, "create0to1", n: count, sourceCount: 0, expectedRuns: once) { n, _, scope in
        for i in 0..<n {
            scope.effect { blackHole(i) }
        }
        return noUpdate
    }
}

@inline(never)
func bench_sbench_create1to1(_ mode: RunMode) -> Double {
    sbenchProtocol(mode, "create1to1", n: count, sourceCount: count, expectedRuns: once) { n, sources, scope in
        for i in 0..<n {
            let source = sources[i]
            scope.effect { _ = source.value }
        }
        return noUpdate
    }
}

@inline(never)
func bench_sbench_create2to1(_ mode: RunMode) -> Double {
    sbenchProtocol(mode, "create2to1", n: count / 2, sourceCount: count, expectedRuns: once) { n, sources, scope in
        for i in 0..<n {
            let s1 = sources[i * 2], s2 = sources[i * 2 + 1]
            scope.effect { _ = s1.value + s2.value }
        }
        return noUpdate
    }
}

@inline(never)
func bench_sbench_create4to1(_ mode: RunMode) -> Double {
    sbenchProtocol(mode, "create4to1", n: count / 4, sourceCount: count, expectedRuns: once) { n, sources, scope in
        for i in 0..<n {
            let s1 = sources[i * 4], s2 = sources[i * 4 + 1]
            let s3 = sources[i * 4 + 2], s4 = sources[i * 4 + 3]
            scope.effect { _ = s1.value + s2.value + s3.value + s4.value }
        }
        return noUpdate
    }
}

@inline(never)
func bench_sbench_create1000to1(_ mode: RunMode) -> Double {
    sbenchProtocol(mode, "create1000to1", n: count / 1000, sourceCount: count, expectedRuns: once) {
        n, sources, scope in
        for i in 0..<n {
            let offset = i * 1000
            scope.effect {
                var sum = 0
                for j in 0..<1000 { sum += sources[offset + j].value }
                blackHole(sum)
            }
        }
        return noUpdate
    }
}

/// `perSource` effects on each of `n / perSource` sources.
private func createFanOut(_ perSource: Int) -> SBenchShape {
    { n, sources, scope in
        for i in 0..<(n / perSource) {
            let source = sources[i]
            for _ in 0..<perSource {
                scope.effect { _ = source.value }
            }
        }
        return noUpdate
    }
}

@inline(never)
func bench_sbench_create1to2(_ mode: RunMode) -> Double {
    sbenchProtocol(mode, "create1to2", n: count, sourceCount: count / 2, expectedRuns: fanOut(2), createFanOut(2))
}

@inline(never)
func bench_sbench_create1to4(_ mode: RunMode) -> Double {
    sbenchProtocol(mode, "create1to4", n: count, sourceCount: count / 4, expectedRuns: fanOut(4), createFanOut(4))
}

@inline(never)
func bench_sbench_create1to8(_ mode: RunMode) -> Double {
    sbenchProtocol(mode, "create1to8", n: count, sourceCount: count / 8, expectedRuns: fanOut(8), createFanOut(8))
}

@inline(never)
func bench_sbench_create1to1000(_ mode: RunMode) -> Double {
    sbenchProtocol(mode, "create1to1000", n: count, sourceCount: count / 1000, expectedRuns: fanOut(1000),
                   createFanOut(1000))
}

// MARK: Updates

/// `n` batched writes `set(i)` to the first source.
private func writes(_ n: Int, _ source: Signal<Int>) -> () -> Void {
    {
        for i in 0..<n {
            batch { source.value = i }
        }
    }
}

@inline(never)
func bench_sbench_update1to1(_ mode: RunMode) -> Double {
    sbenchProtocol(mode, "update1to1", n: count * 4, sourceCount: 1, expectedRuns: updates(1)) { n, sources, scope in
        let s1 = sources[0]
        scope.effect { _ = s1.value }
        return writes(n, s1)
    }
}

@inline(never)
func bench_sbench_update2to1(_ mode: RunMode) -> Double {
    sbenchProtocol(mode, "update2to1", n: count * 2, sourceCount: 2, expectedRuns: updates(1)) { n, sources, scope in
        let s1 = sources[0], s2 = sources[1]
        scope.effect { _ = s1.value + s2.value }
        return writes(n, s1)
    }
}

@inline(never)
func bench_sbench_update4to1(_ mode: RunMode) -> Double {
    sbenchProtocol(mode, "update4to1", n: count, sourceCount: 4, expectedRuns: updates(1)) { n, sources, scope in
        let s1 = sources[0], s2 = sources[1], s3 = sources[2], s4 = sources[3]
        scope.effect { _ = s1.value + s2.value + s3.value + s4.value }
        return writes(n, s1)
    }
}

@inline(never)
func bench_sbench_update1000to1(_ mode: RunMode) -> Double {
    sbenchProtocol(mode, "update1000to1", n: count / 250, sourceCount: 1000, expectedRuns: updates(1)) {
        n, sources, scope in
        scope.effect {
            var sum = 0
            for i in 0..<1000 { sum += sources[i].value }
            blackHole(sum)
        }
        return writes(n, sources[0])
    }
}

@inline(never)
func bench_sbench_update1to2(_ mode: RunMode) -> Double {
    sbenchProtocol(mode, "update1to2", n: count, sourceCount: 1, expectedRuns: updates(2)) { n, sources, scope in
        let s1 = sources[0]
        scope.effect { _ = s1.value }
        scope.effect { _ = s1.value }
        return writes(n, s1)
    }
}

@inline(never)
func bench_sbench_update1to4(_ mode: RunMode) -> Double {
    sbenchProtocol(mode, "update1to4", n: count, sourceCount: 1, expectedRuns: updates(4)) { n, sources, scope in
        let s1 = sources[0]
        for _ in 0..<4 { scope.effect { _ = s1.value } }
        return writes(n, s1)
    }
}

@inline(never)
func bench_sbench_update1to1000(_ mode: RunMode) -> Double {
    let writeCount = { (n: Int) in n / 10 }
    return sbenchProtocol(mode, "update1to1000", n: count, sourceCount: 1,
                          expectedRuns: updates(1000, writes: writeCount)) { n, sources, scope in
        let s1 = sources[0]
        for _ in 0..<1000 { scope.effect { _ = s1.value } }
        return writes(n / 10, s1)
    }
}
