import Testing
@testable import Ripple

/// Detaching and reattaching, checked against a naive evaluator over many small random
/// graphs: effects come and go (so computeds detach), models are rebuilt (so branches
/// switch to nodes that are detached and stale), and batches write and undo.
@Suite struct DetachTests {
    /// Found by the fuzz target: a computed that lost its last subscriber inside a
    /// batch, after a write the batch had not propagated yet, recorded the written
    /// version as seen and kept its old value forever.
    @Test func `a computed detached in a batch after a write to its source sees the write`() {
        let source = Signal(1)
        let doubled = Computed { source.value * 2 }
        let quadrupled = Computed { doubled.value * 2 }
        let effect = Effect { _ = quadrupled.value }
        batch {
            source.value = 5
            effect.cancel()
        }
        #expect(doubled.value == 10)
        #expect(quadrupled.value == 20)
    }

    /// Found by the fuzz target: a computed detaching mid-batch used to propagate the
    /// batch's writes so far, so a write later undone in the same batch still re-ran
    /// the effects that read it.
    @Test func `a computed detached in a batch does not turn an undone write into a change`() {
        let source = Signal(0)
        let doubled = Computed { source.value * 2 }
        var reads = 0
        let reader = Effect {
            _ = source.value
            reads += 1
        }
        var watcher: Effect? = Effect { _ = doubled.value }
        batch {
            source.value = 1
            watcher = nil
            source.value = 0
        }
        #expect(reads == 1)
        #expect(doubled.value == 0)
        source.value = 3
        #expect(reads == 2)
        #expect(doubled.value == 6)
        _ = watcher
        reader.cancel()
    }

    @Test func `detached computeds are fresh when read again`() {
        for seed in UInt64(1)...400 {
            var random = SeededRandom(seed: seed)
            let sources = 6
            let signals = (0..<sources).map { _ in Signal(Int.random(in: 0..<3, using: &random)) }
            var values = signals.map { $0.peek() }
            final class Holder { var nodes: [Computed<Int>?] = [] }
            let holder = Holder()
            var formulas: [(Int, [Int], [Int])] = []
            for index in 0..<12 {
                let available = sources + index
                func pick() -> [Int] { (0..<Int.random(in: 1...2, using: &random)).map { _ in Int.random(in: 0..<available, using: &random) } }
                formulas.append((Int.random(in: 0..<available, using: &random), pick(), pick()))
            }
            func read(_ n: Int) -> Int { n < sources ? signals[n].value : holder.nodes[n - sources]!.value }
            func make(_ i: Int) -> Computed<Int> {
                let f = formulas[i]
                return Computed { (read(f.0) % 2 == 0 ? f.1 : f.2).reduce(1) { $0 &+ read($1) } % 5 }
            }
            func truth() -> [Int] {
                var v = values
                for f in formulas { v.append((v[f.0] % 2 == 0 ? f.1 : f.2).reduce(1) { $0 &+ v[$1] } % 5) }
                return v
            }
            holder.nodes = (0..<12).map { make($0) }
            var effects: [Effect] = []
            var log: [String] = []
            for _ in 0..<300 {
                switch Int.random(in: 0..<6, using: &random) {
                case 0:
                    let s = Int.random(in: 0..<sources, using: &random), v = Int.random(in: 0..<3, using: &random)
                    values[s] = v; signals[s].value = v; log.append("w\(s)=\(v)")
                case 1:
                    let n = Int.random(in: 0..<(sources + 12), using: &random)
                    let seen = read(n), t = truth()[n]
                    log.append("r\(n)")
                    if seen != t {
                        let tt = truth()
                        for k in sources..<(sources + 12) {
                            let node = holder.nodes[k - sources]!
                            let f = formulas[k - sources]
                            var d: [String] = []
                            var c = node.deps
                            while let l = c { d.append("\(ObjectIdentifier(l.pointee.dep.takeUnretainedValue()).hashValue % 1000)"); c = l.pointee.nextDep }
                            print("node \(k) id \(ObjectIdentifier(node).hashValue % 1000) flags \(String(node.flags.rawValue, radix: 2)) v\(node.version) cached \(String(describing: node.cached).dropFirst(40)) truth \(tt[k]) formula \(f) subs \(node.subs != nil) deps \(d)")
                        }
                        print("signals \(signals.map { ObjectIdentifier($0).hashValue % 1000 }) values \(values)")
                        Issue.record("seed \(seed): node \(n) read \(seen) expected \(t); log \(log.suffix(25))"); return }
                case 2:
                    let n = Int.random(in: sources..<(sources + 12), using: &random)
                    effects.append(Effect { _ = read(n) }); log.append("e\(n)")
                case 3:
                    if !effects.isEmpty { effects.removeLast().cancel(); log.append("c") }
                case 4:
                    let s = Int.random(in: 0..<sources, using: &random), v = Int.random(in: 0..<3, using: &random)
                    let old = values[s]
                    let undo = Bool.random(using: &random)
                    batch { signals[s].value = v; if undo { signals[s].value = old } }
                    if !undo { values[s] = v }
                    log.append("b\(s)=\(v)\(undo ? "u" : "")")
                default:
                    let i = Int.random(in: 0..<12, using: &random)
                    for j in i..<12 { holder.nodes[j] = make(j) }
                    effects.forEach { $0.cancel() }; effects.removeAll()
                    log.append("rebuild\(i)")
                }
            }
            // The computeds read each other through the holder, which holds them:
            // break that cycle, or every seed's graph leaks.
            effects.forEach { $0.cancel() }
            holder.nodes = []
        }
    }
}
