// Copy-on-write: editing a copy copies only the path it touches and leaves the original,
// its iterators and other threads' copies intact; a uniquely held tree is edited in place.

import Testing
@testable import Ripple

extension PersistentTreeTests {
    @Test func `editing a copy leaves the original intact`() {
        let original = Tree(0..<10_000)
        var copy = original
        #expect(copy.isIdentical(to: original))
        copy.insert(-1, at: 5_000)
        copy.remove(at: 0)
        copy[100] = -2
        copy.removeSubrange(200..<3_000)
        copy.replaceSubrange(10..<20, with: [7, 7, 7])
        copy.append(contentsOf: 0..<300)
        #expect(!copy.isIdentical(to: original))
        #expect(Array(original) == Array(0..<10_000))
        #expect(original.invariantViolations() == [] && copy.invariantViolations() == [])
    }

    @Test(arguments: [300, 100_000, 1_000_000])
    func `writing to a copy copies only the path to the element`(count: Int) {
        let original = Tree(0..<count)
        var copy = original
        copy[count / 2] = -1
        let copied = copy.storageIdentities().subtracting(original.storageIdentities())
        #expect(copied.count == copy.height + 1)
        #expect(original[count / 2] == count / 2 && copy[count / 2] == -1)
    }

    @Test func `inserting into a copy copies only the path and the split it causes`() {
        let original = PersistentTree<Wide, Wide.Marking>((0..<50_000).map { Wide(value: $0) })
        var copy = original
        for offset in 0..<40 { copy.insert(Wide(value: -1), at: 25_000 + offset) }
        let copied = copy.storageIdentities().subtracting(original.storageIdentities())
        // 40 insertions into 15-element leaves: a few split leaves, plus the path above them.
        #expect(copied.count <= 2 * copy.height + 8)
        #expect(original.storageIdentities().count - copy.storageIdentities().intersection(original.storageIdentities()).count
            <= 2 * copy.height + 8)
        #expect(original.count == 50_000 && copy.count == 50_040)
    }

    @Test func `a uniquely held tree is edited in place`() {
        var tree = Tree(0..<100_000)
        let before = tree.storageIdentities()
        tree[70_000] += 1
        tree[10] = 5
        #expect(tree.storageIdentities() == before)
    }

    @Test func `modify yields the stored element, so a copy-on-write element is not copied`() {
        var tree = PersistentTree<[Int], NoMarking<[Int]>>((0..<10_000).map { [$0] })
        tree[5_000].reserveCapacity(100)
        func buffer(_ array: [Int]) -> UnsafeRawPointer? { array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        let stored = buffer(tree[5_000])
        tree[5_000].append(1)
        #expect(buffer(tree[5_000]) == stored)
        #expect(tree[5_000] == [5_000, 1])
    }

    @Test func `a modification that throws keeps what it wrote, and the marks`() throws {
        struct Stop: Error {}
        func appendThenThrow(_ element: inout String) throws {
            element += "1"
            throw Stop()
        }
        var tree = PersistentTree<String, StringMarking>((0..<5_000).map(Self.string))
        let copy = tree
        #expect(throws: Stop.self) { try appendThenThrow(&tree[2_500]) }
        #expect(tree[2_500] == Self.string(2_500) + "1")
        #expect(copy[2_500] == Self.string(2_500))
        try Self.check(tree, (0..<5_000).map { $0 == 2_500 ? Self.string($0) + "1" : Self.string($0) }, "after throwing")
    }

    @Test func `an iterator keeps the tree it was made from`() {
        var tree = Tree(0..<5_000)
        var iterator = tree.makeIterator(from: 100)
        tree.removeSubrange(0..<4_000)
        tree[0] = -1
        var seen: [Int] = []
        while let element = iterator.next() { seen.append(element) }
        #expect(seen == Array(100..<5_000))
    }

    @Test func `copies can be edited on different threads`() async {
        let shared = Tree(0..<100_000)
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<4 {
                group.addTask {
                    var copy = shared
                    for step in 0..<2_000 { copy.insert(task, at: (step * 7_919) % copy.count) }
                    copy.removeSubrange(1_000..<9_000)
                    return copy.count == 94_000 && copy.invariantViolations().isEmpty
                }
            }
            for await sound in group { #expect(sound) }
        }
        #expect(Array(shared) == Array(0..<100_000))
    }
}
