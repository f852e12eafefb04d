import Testing
@testable import Ripple

/// Seeded random sequences of every list mutation, on lists of values and of objects,
/// interleaved with query changes, batches and reads at random points, each checked
/// against plain recomputations (see ``ListProgram``, which the fuzz target runs too).
@Suite struct ListDifferentialTests {
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func `lists of values: every operator equals a plain recomputation`(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let failure = ListProgram.runValues(&random, steps: 2_000, name: "seed \(seed)")
        #expect(failure == nil)
    }

    @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
    func `lists of objects: every operator equals a plain recomputation`(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let failure = ListProgram.runObjects(&random, steps: 1_500, name: "seed \(seed)")
        #expect(failure == nil)
    }

    @Test(arguments: 0..<4)
    func `programs read from random bytes agree with plain recomputations`(shard: Int) {
        var generator = SeededRandom(seed: 1_000 + UInt64(shard))
        for program in 0..<25 {
            let bytes = (0..<Int.random(in: 1...600, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let failure = ListProgram.run(bytes)
            #expect(failure == nil, "shard \(shard), program \(program): \(bytes)")
        }
    }
}
