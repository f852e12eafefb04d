import Testing
@testable import Ripple

/// Glitch freedom: no computed and no effect ever sees a change half applied, and each
/// node runs once per write, whatever the shape of the graph.
@Suite struct GlitchTests {
    /// A graph shape. Every computed passes the source's value on, so any two values
    /// one node reads must be equal: a difference is a glitch.
    struct Shape: Sendable, CustomTestStringConvertible {
        let name: String
        /// For each computed, in creation order: the nodes it reads, in reading order.
        /// `-1` is the source, `n` the n-th computed. The last computed is the sink.
        let inputs: [[Int]]
        /// The nodes the effect reads, in order.
        let effectReads: [Int]

        var testDescription: String { name }
        var sink: Int { inputs.count - 1 }
    }

    static let shapes: [Shape] = [
        Shape(name: "diamond", inputs: [[-1], [-1], [0, 1]], effectReads: [2]),
        Shape(name: "triangle", inputs: [[-1], [0, -1]], effectReads: [1]),
        Shape(name: "triangle closed by the effect", inputs: [[-1], [0]], effectReads: [-1, 1]),
        Shape(name: "mixed depths, deepest read first", inputs: [[-1], [0], [1], [-1], [2, 3, -1]], effectReads: [0, 4]),
        Shape(name: "nested diamonds", inputs: [[-1], [-1], [0, 1], [2], [2], [3, 4]], effectReads: [5]),
        Shape(name: "wide fan-in", inputs: Array(repeating: [-1], count: 64) + [Array(0..<64)], effectReads: [64]),
        Shape(
            name: "long chain beside a shortcut, shallow read first",
            inputs: [[-1]] + (0..<20).map { [$0] } + [[-1, 0, 20]],
            effectReads: [-1, 10, 21]
        ),
    ]

    /// The shape, built: run counts and every inconsistent read are recorded.
    final class Built {
        let source = Signal(0)
        var nodes: [Computed<Int>] = []
        var runs: [Int]
        var glitches: [String] = []

        init(_ shape: Shape) {
            runs = Array(repeating: 0, count: shape.inputs.count)
            for (index, inputs) in shape.inputs.enumerated() {
                nodes.append(Computed { [unowned self] in
                    runs[index] += 1
                    let values = inputs.map(read)
                    if Set(values).count != 1 {
                        glitches.append("node \(index) read \(values)")
                    }
                    return values[0]
                })
            }
        }

        func read(_ node: Int) -> Int {
            node < 0 ? source.value : nodes[node].value
        }
    }

    @Test(arguments: shapes)
    func `every node runs once per write and sees one consistent state`(shape: Shape) {
        let graph = Built(shape)
        var seen: [[Int]] = []
        let effect = Effect { seen.append(shape.effectReads.map(graph.read)) }
        for value in 1...5 {
            graph.source.value = value
        }
        batch {
            graph.source.value = 6
            graph.source.value = 7
            graph.source.value = 8
        }
        #expect(graph.glitches.isEmpty)
        #expect(graph.runs == Array(repeating: 7, count: shape.inputs.count))
        let expected = [0, 1, 2, 3, 4, 5, 8].map { Array(repeating: $0, count: shape.effectReads.count) }
        #expect(seen == expected)
        effect.cancel()
    }

    @Test(arguments: shapes)
    func `an unobserved sink read after each write is consistent and recomputes once`(shape: Shape) {
        let graph = Built(shape)
        var values: [Int] = []
        for value in 0...3 {
            graph.source.value = value
            values.append(graph.nodes[shape.sink].value)
            values.append(graph.nodes[shape.sink].value)
        }
        #expect(graph.glitches.isEmpty)
        #expect(values == [0, 0, 1, 1, 2, 2, 3, 3])
        #expect(graph.runs == Array(repeating: 4, count: shape.inputs.count))
    }

    @Test func `a batch over two sources shows the diamond's sink only the final pair`() {
        let x = Signal(0), y = Signal(0)
        var leftRuns = 0, rightRuns = 0, sinkRuns = 0
        let left = Computed { leftRuns += 1; return x.value * 10 }
        let right = Computed { rightRuns += 1; return y.value + x.value }
        let sink = Computed { sinkRuns += 1; return [left.value, right.value] }
        var seen: [[Int]] = []
        let effect = Effect { seen.append(sink.value) }
        batch {
            x.value = 1
            y.value = 1
        }
        batch {
            y.value = 2
            x.value = 2
        }
        #expect(seen == [[0, 0], [10, 2], [20, 4]])
        #expect([leftRuns, rightRuns, sinkRuns] == [3, 3, 3])
        effect.cancel()
    }

    @Test func `a diamond with one side cut off recomputes the sink once per write`() {
        let source = Signal(0)
        var halfRuns = 0, wholeRuns = 0, sinkRuns = 0
        var glitches = 0
        let half = Computed { halfRuns += 1; return source.value / 2 }
        let whole = Computed { wholeRuns += 1; return source.value }
        let sink = Computed {
            sinkRuns += 1
            let pair = (half.value, whole.value)
            if pair.0 != pair.1 / 2 { glitches += 1 }
            return pair.1
        }
        var seen: [Int] = []
        let effect = Effect { seen.append(sink.value) }
        for value in 1...6 { source.value = value }
        #expect(glitches == 0)
        #expect([halfRuns, wholeRuns, sinkRuns] == [7, 7, 7])
        #expect(seen == [0, 1, 2, 3, 4, 5, 6])
        effect.cancel()
    }

    @Test func `a diamond whose sink switches sides stays consistent`() {
        let source = Signal(0)
        var evenRuns = 0, oddRuns = 0, sinkRuns = 0
        var glitches = 0
        let even = Computed { evenRuns += 1; return source.value }
        let odd = Computed { oddRuns += 1; return source.value }
        let sink = Computed {
            sinkRuns += 1
            let value = source.value
            let side = value % 2 == 0 ? even.value : odd.value
            if side != value { glitches += 1 }
            return side
        }
        var seen: [Int] = []
        let effect = Effect { seen.append(sink.value) }
        for value in 1...5 { source.value = value }
        #expect(glitches == 0)
        // A side not read by the sink is unsubscribed, so it only runs when read.
        #expect([evenRuns, oddRuns, sinkRuns] == [3, 3, 6])
        #expect(seen == [0, 1, 2, 3, 4, 5])
        effect.cancel()
    }

    @Test func `an effect written to by another effect sees both of its writes at once`() {
        let trigger = Signal(0)
        let low = Signal(0), high = Signal(0)
        var writerRuns = 0
        var seen: [[Int]] = []
        let reader = Effect { seen.append([low.value, high.value]) }
        let writer = Effect {
            writerRuns += 1
            let value = trigger.value
            low.value = value
            high.value = value * 100
        }
        trigger.value = 1
        trigger.value = 2
        #expect(writerRuns == 3)
        #expect(seen == [[0, 0], [1, 100], [2, 200]])
        reader.cancel()
        writer.cancel()
    }
}
