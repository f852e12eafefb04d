import Testing
@testable import Ripple

/// Depth: long chains update, re-read and tear down without deep recursion; a cold
/// chain's first evaluation, which nests through user closures, handles 1,000 links.
@Suite struct DepthTests {
    /// A chain where link `n` holds `head + n`. Each link's closure reads the previous
    /// link; `warm` reads every link right after creating it, so no read ever nests.
    static func makeChain(
        length: Int, head: Signal<Int>, warm: Bool, runs: @escaping () -> Void
    ) -> [Computed<Int>] {
        var chain: [Computed<Int>] = []
        chain.reserveCapacity(length)
        chain.append(Computed { runs(); return head.value })
        if warm { _ = chain[0].value }
        for _ in 1..<length {
            let previous = chain[chain.count - 1]
            let link = Computed { runs(); return previous.value + 1 }
            if warm { _ = link.value }
            chain.append(link)
        }
        return chain
    }

    @Test func `a warm chain of 100,000 computeds updates and re-reads, then tears down`() {
        let length = 100_000
        let head = Signal(0)
        var runs = 0
        var chain = Self.makeChain(length: length, head: head, warm: true) { runs += 1 }
        #expect(runs == length)

        for round in 1...2 {
            head.value = round
            #expect(chain[length - 1].value == round + length - 1)
            #expect(chain[length - 1].value == round + length - 1)
            #expect(runs == length * (round + 1))
        }

        let tail = chain[length - 1]
        var seen: [Int] = []
        var effect: Effect? = Effect { seen.append(tail.value) }
        head.value = 10
        head.value = 11
        #expect(seen == [2 + length - 1, 10 + length - 1, 11 + length - 1])
        #expect(runs == length * 5)

        weak let weakFirst = chain[0]
        weak let weakTail = chain[length - 1]
        weak let weakEffect = effect
        effect = nil
        chain = []
        #expect(weakEffect == nil)          // released with its handle, not kept by the chain
        #expect(weakTail != nil)            // still held by `tail`
        _ = consume tail
        #expect(weakTail == nil)
        #expect(weakFirst == nil)
        #expect(head.subs == nil)
        head.value = 12
        #expect(runs == length * 5)
    }

    @Test func `a cold chain of 100,000 computeds that was never read tears down`() {
        let head = Signal(0)
        var runs = 0
        var chain = Self.makeChain(length: 100_000, head: head, warm: false) { runs += 1 }
        weak let weakFirst = chain[0]
        chain = []
        #expect(weakFirst == nil)
        #expect(runs == 0)
    }

    @Test func `a cold chain of 1,000 computeds evaluates on its first read`() {
        let length = 1_000
        let head = Signal(5)
        var runs = 0
        let chain = Self.makeChain(length: length, head: head, warm: false) { runs += 1 }
        #expect(runs == 0)
        #expect(chain[length - 1].value == 5 + length - 1)
        #expect(runs == length)
        head.value = 6
        #expect(chain[length - 1].value == 6 + length - 1)
        #expect(runs == 2 * length)
        #expect(chain[0].value == 6)
        #expect(runs == 2 * length)
    }

    @Test func `a cold chain of 1,000 computeds evaluates inside an effect`() {
        let length = 1_000
        let head = Signal(0)
        var runs = 0
        let chain = Self.makeChain(length: length, head: head, warm: false) { runs += 1 }
        var seen: [Int] = []
        let effect = Effect { seen.append(chain[length - 1].value) }
        head.value = 1
        #expect(seen == [length - 1, length])
        #expect(runs == 2 * length)
        effect.cancel()
    }
}
