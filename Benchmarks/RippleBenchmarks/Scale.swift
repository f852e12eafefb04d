import Ripple

// Scale: the cost of a write should follow the nodes it affects, not the graph's
// size. Deep chains are warmed link by link, since the first evaluation of a cold
// chain nests through the closures; everything runs on the main thread, whose stack
// is the large one.

/// `count` idle nodes, alive and subscribed: triples of a signal, a computed reading
/// it and an effect reading the computed.
private func idleGraph(_ count: Int) -> (keep: [AnyObject], effects: [Effect]) {
    var keep: [AnyObject] = []
    var effects: [Effect] = []
    keep.reserveCapacity(count / 3 * 2)
    effects.reserveCapacity(count / 3)
    for index in 0..<(count / 3) {
        let signal = Signal(index)
        let computed = Computed { signal.value + 1 }
        keep.append(signal)
        keep.append(computed)
        effects.append(Effect { blackHole(computed.value) })
    }
    return (keep, effects)
}

/// Nanoseconds per write through a chain of a signal, 8 computeds and an effect
/// (10 nodes), with `idle` idle nodes alive beside it.
private func chainWrite(_ mode: RunMode, idle: Int) -> Double {
    let idleNodes = idleGraph(idle)
    let head = Signal(0)
    var last = Computed { head.value + 1 }
    for _ in 1..<8 {
        let previous = last
        last = Computed { previous.value + 1 }
    }
    let tail = last
    let runs = Counter()
    let effect = Effect {
        blackHole(tail.value)
        runs.count += 1
    }
    let writes = mode.pick(full: 200_000, quick: 20_000)
    var fastest = UInt64.max
    var value = 0
    for sample in 0...mode.pick(full: 7, quick: 3) {
        let elapsed = measure {
            for _ in 0..<writes {
                value += 1
                head.value = value
            }
        }
        if sample > 0 { fastest = min(fastest, elapsed) }  // sample 0 warms up
    }
    checkEqual(tail.value, value + 8, "10-node chain end")
    checkEqual(runs.count, 1 + value, "10-node chain effect runs")
    effect.cancel()
    for idleEffect in idleNodes.effects { idleEffect.cancel() }
    return Double(fastest) / Double(writes)
}

@inline(never)
func bench_scale_idle0(_ mode: RunMode) -> Double {
    chainWrite(mode, idle: 0)
}

@inline(never)
func bench_scale_idle10k(_ mode: RunMode) -> Double {
    chainWrite(mode, idle: 10_000)
}

@inline(never)
func bench_scale_idle1M(_ mode: RunMode) -> Double {
    chainWrite(mode, idle: mode.pick(full: 1_000_000, quick: 100_000))
}

/// Nanoseconds per node for one write propagating through a chain of `length`
/// computeds to an effect: the write, the push, the effect's pull, and every
/// recomputation.
private func chainPropagation(_ mode: RunMode, length: Int) -> Double {
    let head = Signal(0)
    var chain: [Computed<Int>] = []
    chain.reserveCapacity(length)
    var previous = Computed { head.value + 1 }
    chain.append(previous)
    for _ in 1..<length {
        let link = previous
        previous = Computed { link.value + 1 }
        chain.append(previous)
    }
    // Warm link by link: each first evaluation then reads a cached predecessor.
    for computed in chain { blackHole(computed.value) }
    let tail = previous
    let effect = Effect { blackHole(tail.value) }

    let writes = max(3, 2_000_000 / length)
    var fastest = UInt64.max
    var value = 0
    for _ in 0..<mode.pick(full: 5, quick: 3) {
        let elapsed = measure {
            for _ in 0..<writes {
                value += 1
                head.value = value
            }
        }
        fastest = min(fastest, elapsed)
    }
    checkEqual(tail.value, value + length, "chain of \(length) end")
    effect.cancel()
    return Double(fastest) / Double(writes) / Double(length)
}

@inline(never)
func bench_scale_chain1k(_ mode: RunMode) -> Double {
    chainPropagation(mode, length: 1000)
}

@inline(never)
func bench_scale_chain10k(_ mode: RunMode) -> Double {
    chainPropagation(mode, length: 10_000)
}

@inline(never)
func bench_scale_chain100k(_ mode: RunMode) -> Double {
    chainPropagation(mode, length: 100_000)
}

@inline(never)
func bench_scale_chain1M(_ mode: RunMode) -> Double {
    chainPropagation(mode, length: mode.pick(full: 1_000_000, quick: 100_000))
}

let scaleCases: [Measurement] = [
    Measurement("bench_scale_idle0", "write through a 10-node chain, no idle nodes", unit: "ns/write", bench_scale_idle0),
    Measurement("bench_scale_idle10k", "write through a 10-node chain, 10,000 idle nodes", unit: "ns/write",
                target: "= no idle", bench_scale_idle10k),
    Measurement("bench_scale_idle1M", "write through a 10-node chain, 1,000,000 idle nodes (quick: 100,000)",
                unit: "ns/write", target: "= no idle", bench_scale_idle1M),
    Measurement("bench_scale_chain1k", "propagation through a chain of 1,000", unit: "ns/node", bench_scale_chain1k),
    Measurement("bench_scale_chain10k", "propagation through a chain of 10,000", unit: "ns/node", bench_scale_chain10k),
    Measurement("bench_scale_chain100k", "propagation through a chain of 100,000", unit: "ns/node",
                bench_scale_chain100k),
    Measurement("bench_scale_chain1M", "propagation through a chain of 1,000,000 (quick: 100,000)", unit: "ns/node",
                bench_scale_chain1M),
] + incrementalScaleCases

/// Runs memory or scale cases and prints them as they finish.
func runMeasurements(_ selected: [Measurement], _ mode: RunMode) -> [(Measurement, Double)] {
    var results: [(Measurement, Double)] = []
    for measurement in selected {
        progress("  \(measurement.function)")
        results.append((measurement, measurement.run(mode)))
    }
    printTable(["case", "value", "target"], results.map { measurement, value in
        [measurement.title, formatAuto(value) + " " + measurement.unit, measurement.target ?? ""]
    })
    return results
}

func measurementsJSON(_ results: [(Measurement, Double)]) -> JSON {
    .array(results.map { measurement, value in
        .object([
            ("case", .string(measurement.title)),
            ("function", .string(measurement.function)),
            ("value", .number(value)),
            ("unit", .string(measurement.unit)),
        ])
    })
}
