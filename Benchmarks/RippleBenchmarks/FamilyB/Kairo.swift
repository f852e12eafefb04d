import Ripple

// The kairo shapes of js-reactivity-benchmark, with their parameters and check values.
// Every write happens inside its own batch, as in the JavaScript harness.

/// The kairo timing protocol: build (not timed), run `iter()` 3 times, then the
/// minimum of 10 samples of 500 `iter()` calls each, in milliseconds.
///
/// A quick run takes 3 samples of 50 calls and scales the minimum to 500 calls.
func kairoProtocol(_ mode: RunMode, build: (BuildScope) -> () -> Void) -> Double {
    let scope = BuildScope()
    let iter = build(scope)
    iter()
    iter()
    iter()
    let samples = mode.pick(full: 10, quick: 3)
    let callsPerSample = mode.pick(full: 500, quick: 50)
    var fastest = UInt64.max
    for _ in 0..<samples {
        let elapsed = measure {
            for _ in 0..<callsPerSample { iter() }
        }
        fastest = min(fastest, elapsed)
    }
    scope.dispose()
    return fastest.milliseconds * Double(500 / callsPerSample)
}

/// Only c1 and c2 recompute: c2 always yields 0, so the change stops there.
@inline(never)
func bench_kairo_avoidablePropagation(_ mode: RunMode) -> Double {
    kairoProtocol(mode) { scope in
        let head = Signal(0)
        let c1 = Computed { head.value }
        let c2 = Computed { () -> Int in _ = c1.value; return 0 }
        let c3 = Computed { () -> Int in busy(); return c2.value + 1 }
        let c4 = Computed { c3.value + 2 }
        let c5 = Computed { c4.value + 3 }
        scope.effect {
            _ = c5.value
            busy()
        }
        return {
            batch { head.value = 1 }
            checkEqual(c5.value, 6, "avoidablePropagation c5")
            for i in 0..<1000 {
                batch { head.value = i }
                checkEqual(c5.value, 6, "avoidablePropagation c5")
            }
        }
    }
}

/// One head, 50 branches of two computeds and an effect each.
@inline(never)
func bench_kairo_broadPropagation(_ mode: RunMode) -> Double {
    kairoProtocol(mode) { scope in
        let head = Signal(0)
        let counter = Counter()
        var last: Computed<Int>!
        for i in 0..<50 {
            let current = Computed { head.value + i }
            let current2 = Computed { current.value + 1 }
            scope.effect {
                _ = current2.value
                counter.count += 1
            }
            last = current2
        }
        let tail: Computed<Int> = last
        return {
            batch { head.value = 1 }
            counter.count = 0
            for i in 0..<50 {
                batch { head.value = i }
                checkEqual(tail.value, i + 50, "broadPropagation last")
            }
            checkEqual(counter.count, 2500, "broadPropagation effect runs")
        }
    }
}

/// A chain of 50 computeds with one effect at the end.
@inline(never)
func bench_kairo_deepPropagation(_ mode: RunMode) -> Double {
    kairoProtocol(mode) { scope in
        let length = 50
        let head = Signal(0)
        var current = Computed { head.value + 1 }
        for _ in 1..<length {
            let previous = current
            current = Computed { previous.value + 1 }
        }
        let last = current
        let counter = Counter()
        scope.effect {
            _ = last.value
            counter.count += 1
        }
        return {
            batch { head.value = 1 }
            counter.count = 0
            for i in 0..<50 {
                batch { head.value = i }
                checkEqual(last.value, length + i, "deepPropagation last")
            }
            checkEqual(counter.count, 50, "deepPropagation effect runs")
        }
    }
}

/// Five computeds of one head, summed in order by a sixth.
@inline(never)
func bench_kairo_diamond(_ mode: RunMode) -> Double {
    kairoProtocol(mode) { scope in
        let width = 5
        let head = Signal(0)
        let current = (0..<width).map { _ in Computed { head.value + 1 } }
        let sum = Computed { current.reduce(0) { $0 + $1.value } }
        let counter = Counter()
        scope.effect {
            _ = sum.value
            counter.count += 1
        }
        return {
            batch { head.value = 1 }
            checkEqual(sum.value, 2 * width, "diamond sum")
            counter.count = 0
            for i in 0..<500 {
                batch { head.value = i }
                checkEqual(sum.value, (i + 1) * width, "diamond sum")
            }
            checkEqual(counter.count, 500, "diamond effect runs")
        }
    }
}

/// The mux value: a new dictionary on every run. In JavaScript it is a new object,
/// which never equals the previous one; it has no equality here either.
struct MuxTable {
    let values: [Int: Int]
}

/// 100 heads gathered into one dictionary, then split again into 100 computeds.
@inline(never)
func bench_kairo_mux(_ mode: RunMode) -> Double {
    kairoProtocol(mode) { scope in
        let heads = (0..<100).map { _ in Signal(0) }
        let mux = Computed { () -> MuxTable in
            var values: [Int: Int] = [:]
            values.reserveCapacity(heads.count)
            // By index: `enumerated()` hands out each head retained.
            for index in heads.indices { values[index] = heads[index].value }
            return MuxTable(values: values)
        }
        let split = heads.indices
            .map { index in Computed { mux.value.values[index]! } }
            .map { x in Computed { x.value + 1 } }
        for x in split {
            scope.effect { _ = x.value }
        }
        return {
            for i in 0..<10 {
                batch { heads[i].value = i }
                checkEqual(split[i].value, i + 1, "mux split[\(i)]")
            }
            for i in 0..<10 {
                batch { heads[i].value = i * 2 }
                checkEqual(split[i].value, i * 2 + 1, "mux split[\(i)]")
            }
        }
    }
}

/// One computed reads the head 30 times.
@inline(never)
func bench_kairo_repeatedObservers(_ mode: RunMode) -> Double {
    kairoProtocol(mode) { scope in
        let size = 30
        let head = Signal(0)
        let current = Computed { () -> Int in
            var result = 0
            for _ in 0..<size { result += head.value }
            return result
        }
        let counter = Counter()
        scope.effect {
            _ = current.value
            counter.count += 1
        }
        return {
            batch { head.value = 1 }
            checkEqual(current.value, size, "repeatedObservers current")
            counter.count = 0
            for i in 0..<100 {
                batch { head.value = i }
                checkEqual(current.value, i * size, "repeatedObservers current")
            }
            checkEqual(counter.count, 100, "repeatedObservers effect runs")
        }
    }
}

/// A chain of 10 and a computed that sums the head and the first nine links.
@inline(never)
func bench_kairo_triangle(_ mode: RunMode) -> Double {
    kairoProtocol(mode) { scope in
        let width = 10
        let head = Signal(0)
        var chain: [Computed<Int>] = []
        var previous = Computed { head.value + 1 }
        chain.append(previous)
        for _ in 2...width {
            let link = previous
            previous = Computed { link.value + 1 }
            chain.append(previous)
        }
        // The list holds the head and the first width - 1 links; the last link is
        // created and never read, as in the original.
        let links = Array(chain.prefix(width - 1))
        let sum = Computed { links.reduce(head.value) { $0 + $1.value } }
        let counter = Counter()
        scope.effect {
            _ = sum.value
            counter.count += 1
        }
        let constant = (1...width).reduce(0, +)
        return {
            batch { head.value = 1 }
            checkEqual(sum.value, constant, "triangle sum")
            counter.count = 0
            for i in 0..<100 {
                batch { head.value = i }
                checkEqual(sum.value, constant - width + i * width, "triangle sum")
            }
            checkEqual(counter.count, 100, "triangle effect runs")
        }
    }
}

/// A computed whose dependencies switch with the head's parity on every write.
@inline(never)
func bench_kairo_unstable(_ mode: RunMode) -> Double {
    kairoProtocol(mode) { scope in
        let head = Signal(0)
        let double = Computed { head.value * 2 }
        let inverse = Computed { -head.value }
        let current = Computed { () -> Int in
            var result = 0
            for _ in 0..<20 {
                result += head.value % 2 != 0 ? double.value : inverse.value
            }
            return result
        }
        let counter = Counter()
        scope.effect {
            _ = current.value
            counter.count += 1
        }
        return {
            batch { head.value = 1 }
            checkEqual(current.value, 40, "unstable current")
            counter.count = 0
            for i in 0..<100 {
                batch { head.value = i }
            }
            checkEqual(counter.count, 100, "unstable effect runs")
        }
    }
}
