// partitioningIndex(where:): the lower bound in one descent, against a linear scan, over
// trees one leaf to three levels deep, packed by bulk building or left uneven by inserts.

import Testing
@testable import Ripple

extension PersistentTreeTests {
    @Test(arguments: [0, 1, 2, 511, 512, 513, 40_000])
    func `the partition point matches a linear scan`(count: Int) {
        let tree = Tree((0..<count).map { $0 * 2 })
        for bound in [-1, 0, 1, 2, count - 1, count, count + 1, 2 * count - 2, 2 * count - 1, 2 * count, 3 * count] {
            let expected = (0..<count).first { $0 * 2 >= bound } ?? count
            #expect(tree.partitioningIndex { $0 >= bound } == expected, "count \(count), bound \(bound)")
        }
    }

    @Test func `the partition point is found in a deep tree grown by scattered inserts`() {
        // Wide elements make leaves of 16, so 6,000 of them stand three levels high.
        var generator = SeededRandom(seed: 41)
        var tree = PersistentTree<Wide, Wide.Marking>()
        var values: [Int] = []
        for _ in 0..<6_000 {
            let value = Int(generator.next() % 100_000)
            let position = values.firstIndex { $0 >= value } ?? values.count
            values.insert(value, at: position)
            tree.insert(Wide(value: value), at: position)
        }
        #expect(tree.invariantViolations() == [])
        for bound in stride(from: -7, through: 100_007, by: 997) {
            let expected = values.firstIndex { $0 >= bound } ?? values.count
            #expect(tree.partitioningIndex { $0.value >= bound } == expected, "bound \(bound)")
        }
    }
}

// lowerBound(of:key:): the same answer from a guess by interpolation, however unevenly
// the keys are spread.

/// Ascending keys: even, clustered at both ends, doubling, repeated, and extremes.
private let keySpreads: [String: [UInt64]] = [
    "even": (0..<5_000).map { UInt64($0) * 1_000 + 7 },
    "clustered": (0..<2_500).map { UInt64($0) } + (0..<2_500).map { UInt64.max - 5_000 + UInt64($0) },
    "doubling": (0..<64).map { UInt64(1) << UInt64($0) },
    "repeated": (0..<3_000).map { UInt64($0 / 7) },
    "extremes": [0, 1, UInt64.max / 2, UInt64.max - 1, UInt64.max],
    "one": [42],
    "none": [],
]

extension PersistentTreeTests {
    @Test(arguments: keySpreads.keys.sorted())
    func `the interpolated lower bound matches a linear scan`(spread: String) throws {
        let keys = try #require(keySpreads[spread])
        let packed = PersistentTree<UInt64, NoMarking<UInt64>>(keys)
        // The same keys inserted one by one, in an order that leaves leaves uneven.
        var uneven = PersistentTree<UInt64, NoMarking<UInt64>>()
        var held: [UInt64] = []
        let scattered = keys.indices.sorted { ($0 * 7_919) % 10_007 < ($1 * 7_919) % 10_007 }
        for key in scattered.map({ keys[$0] }) {
            let position = held.firstIndex { $0 > key } ?? held.count
            held.insert(key, at: position)
            uneven.insert(key, at: position)
        }
        #expect(held == keys)
        var targets: [UInt64] = [0, 1, UInt64.max - 1, UInt64.max]
        for key in keys.prefix(300) + keys.suffix(300) + stride(from: 0, to: keys.count, by: 37).map({ keys[$0] }) {
            targets += [key, key &- 1, key &+ 1]
        }
        for target in targets {
            let expected = keys.firstIndex { $0 >= target } ?? keys.count
            #expect(packed.lowerBound(of: target) { $0 } == expected, "\(spread), packed, target \(target)")
            #expect(uneven.lowerBound(of: target) { $0 } == expected, "\(spread), uneven, target \(target)")
        }
    }

    @Test func `the interpolated lower bound reads keys through a projection`() {
        // As a slot table does: elements name slots, the keys are looked up elsewhere.
        let labels: [UInt64] = (0..<2_000).map { UInt64($0) * UInt64($0) * 3 }
        let slots = PersistentTree<Int, NoMarking<Int>>(Array(0..<2_000))
        for slot in stride(from: 0, to: 2_000, by: 13) {
            #expect(slots.lowerBound(of: labels[slot]) { labels[$0] } == slot)
            #expect(slots.lowerBound(of: labels[slot] + 1) { labels[$0] } == slot + 1)
        }
    }
}
