import Ripple

// molBench (from $mol_wire's benchmark), as in js-reactivity-benchmark's kairo suite,
// where it runs under the kairo protocol.

// Safety: written once at startup, before any benchmark runs; read-only afterwards.
nonisolated(unsafe) var fibArgument = 16

/// The naive Fibonacci the shape uses as its unit of heavy work.
func fib(_ n: Int) -> Int {
    n < 2 ? 1 : fib(n - 1) + fib(n - 2)
}

/// `n + fib(16)`; the argument 16 is read at run time so it cannot be folded.
@inline(never)
func hard(_ n: Int) -> Int {
    n + fib(fibArgument)
}

/// One element of D: in JavaScript `{ x }`, a new object each time, so D never
/// compares equal to its previous value. It has no equality here either.
struct MolItem {
    let x: Int
}

/// The log the three effects append to.
final class MolLog {
    @exclusivity(unchecked) var values: [Int] = []
}

/// A, B -> C, D -> E, F -> G with effects H, I, J.
///
/// Checks: after the build the log is [3201, 1604, 3196]; each iteration logs
/// [3204, 1607] after the first batch and [3204, 1607, 3201, 1604] after the second.
/// H and I run twice per iteration, J never (F recomputes to an equal value).
@inline(never)
func bench_kairo_molBench(_ mode: RunMode) -> Double {
    kairoProtocol(mode) { scope in
        let log = MolLog()
        let a = Signal(0)
        let b = Signal(0)
        let c = Computed { a.value % 2 + b.value % 2 }
        let d = Computed { (0..<5).map { i in MolItem(x: i + a.value % 2 - b.value % 2) } }
        let e = Computed { hard(c.value + a.value + d.value[0].x) }
        let f = Computed { () -> Int in
            let x = d.value[2].x
            return hard(x != 0 ? x : b.value)
        }
        let g = Computed { () -> Int in
            // `C + (C || E % 2) + D[4].x + F`: C is read twice, E only when C is 0.
            let first = c.value
            let second = c.value
            return first + (second != 0 ? second : e.value % 2) + d.value[4].x + f.value
        }
        scope.effect { log.values.append(hard(g.value)) }  // H
        scope.effect { log.values.append(g.value) }        // I
        scope.effect { log.values.append(hard(f.value)) }  // J
        checkEqual(log.values, [3201, 1604, 3196], "molBench log after the build")
        var i = 0
        return {
            i += 1
            log.values.removeAll(keepingCapacity: true)
            batch {
                b.value = 1
                a.value = 1 + i * 2
            }
            checkEqual(log.values, [3204, 1607], "molBench log after the first batch")
            batch {
                a.value = 2 + i * 2
                b.value = 2
            }
            checkEqual(log.values, [3204, 1607, 3201, 1604], "molBench log after the second batch")
        }
    }
}
