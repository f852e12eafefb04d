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
