import Testing
@testable import Ripple

/// `PersistentTree`: every operation against `Array` over seeded random runs, with the
/// structure checked as it goes; copy-on-write sharing; marks; iteration; a million elements.
@Suite struct PersistentTreeTests {
    typealias Tree = PersistentTree<Int, NoMarking<Int>>
    typealias MarkedTree = PersistentTree<Int, EvenMarking>

    /// Marks the even numbers.
    enum EvenMarking: TreeMarking {
        static func isMarked(_ element: Int) -> Bool { element.isMultiple(of: 2) }
    }

    /// 144 bytes: leaves of 16, so that tens of thousands of elements make a tree three
    /// levels deep, and every rebalancing path runs at every level.
    struct Wide: Equatable {
        var value: Int
        var padding = SIMD16<Int64>()

        enum Marking: TreeMarking {
            static func isMarked(_ element: Wide) -> Bool { element.value.isMultiple(of: 2) }
        }
    }

    /// Heap-allocated strings (too long to store inline), whose last digit is the mark.
    enum StringMarking: TreeMarking {
        static func isMarked(_ element: String) -> Bool { element.utf8.last.map { $0.isMultiple(of: 2) } ?? false }
    }

    static func string(_ value: Int) -> String { "element number \(value)" }

    // MARK: Differential runs

    @Test(arguments: [UInt64(1), 2, 3], [0, 1, 40, 300, 2_000, 20_000])
    func `random edits of integers match an array`(seed: UInt64, size: Int) throws {
        try Self.runAgainstArray(seed: seed, size: size, steps: 300, marking: EvenMarking.self) { $0 }
    }

    @Test(arguments: [UInt64(4), 5, 6], [0, 10, 200, 3_000, 60_000])
    func `random edits of a deep tree match an array`(seed: UInt64, size: Int) throws {
        try Self.runAgainstArray(seed: seed, size: size, steps: 300, marking: Wide.Marking.self) { Wide(value: $0) }
    }

    @Test(arguments: [UInt64(7), 8], [0, 100, 2_000])
    func `random edits of strings match an array`(seed: UInt64, size: Int) throws {
        try Self.runAgainstArray(seed: seed, size: size, steps: 200, marking: StringMarking.self, make: Self.string)
    }

    @Test(arguments: [UInt64(9), 10], [0, 500, 5_000])
    func `random edits without a marking match an array`(seed: UInt64, size: Int) throws {
        try Self.runAgainstArray(seed: seed, size: size, steps: 300, marking: NoMarking<Int>.self) { $0 }
    }

    /// Applies `steps` random operations to a tree and to an array of about `size`
    /// elements, comparing contents, marks and structure along the way.
    static func runAgainstArray<Element: Equatable, Marking: TreeMarking>(
        seed: UInt64, size: Int, steps: Int, marking: Marking.Type, make: (Int) -> Element
    ) throws where Marking.Element == Element {
        print("PersistentTreeTests seed: \(seed), size: \(size)")
        var random = SeededRandom(seed: seed)
        func value() -> Element { make(Int.random(in: 0..<1_000, using: &random)) }
        func values(_ count: Int) -> [Element] { (0..<count).map { _ in value() } }
        func position(in count: Int) -> Int { Int.random(in: 0...count, using: &random) }
        let leaf = PersistentTree<Element, Marking>.leafCapacity
        /// A length: mostly within a leaf, sometimes several leaves, now and then a lot.
        func length(upTo limit: Int) -> Int {
            let longest = [3, leaf * 3, Swift.max(size / 2, 1)][Int.random(in: 0..<3, using: &random)]
            return Int.random(in: 0...Swift.min(limit, longest), using: &random)
        }
        func range(in count: Int) -> Range<Int> {
            let lower = position(in: count)
            return lower ..< lower + length(upTo: count - lower)
        }

        var model = values(size)
        var tree = PersistentTree<Element, Marking>(model)
        var snapshots: [(tree: PersistentTree<Element, Marking>, model: [Element])] = []
        try check(tree, model, "seed \(seed), size \(size), after building")

        for step in 0..<steps {
            let context = "seed \(seed), size \(size), step \(step)"
            // Drift back toward `size` when the edits have taken the count far from it.
            let growing = model.count < size / 2 ? true : model.count > size * 2 + 10 ? false : nil
            var operation = Int.random(in: 0..<13, using: &random)
            if growing == true && [2, 7].contains(operation) { operation = 6 }
            if growing == false && [0, 5, 6].contains(operation) { operation = 7 }
            switch operation {
            case 0, 1:
                let (at, element) = (position(in: model.count), value())
                tree.insert(element, at: at)
                model.insert(element, at: at)
            case 2 where !model.isEmpty:
                let at = Int.random(in: 0..<model.count, using: &random)
                let removed = tree.remove(at: at)
                try #require(removed == model.remove(at: at), "\(context): remove(at: \(at))")
            case 3 where !model.isEmpty:
                let (at, element) = (Int.random(in: 0..<model.count, using: &random), value())
                tree[at] = element
                model[at] = element
            case 4 where !model.isEmpty:
                let (at, element) = (Int.random(in: 0..<model.count, using: &random), value())
                func overwrite(_ stored: inout Element) { stored = element }
                overwrite(&tree[at])
                model[at] = element
            case 5:
                let element = value()
                tree.append(element)
                model.append(element)
            case 6:
                let (at, elements) = (position(in: model.count), values(length(upTo: Swift.max(size, 10))))
                tree.insert(contentsOf: elements, at: at)
                model.insert(contentsOf: elements, at: at)
            case 7:
                let removed = range(in: model.count)
                tree.removeSubrange(removed)
                model.removeSubrange(removed)
            case 8:
                let (replaced, elements) = (range(in: model.count), values(length(upTo: Swift.max(size, 10))))
                tree.replaceSubrange(replaced, with: elements)
                model.replaceSubrange(replaced, with: elements)
            case 9 where Int.random(in: 0..<10, using: &random) == 0:
                tree.removeAll()
                model.removeAll()
            case 10:
                try query(tree, model, &random, context)
            case 11:
                snapshots.append((tree, model))
                if snapshots.count > 3 { snapshots.removeFirst() }
            default:
                let elements = values(Int.random(in: 0...5, using: &random))
                tree.insert(contentsOf: elements, at: model.count)
                model.append(contentsOf: elements)
            }
            if model.count < 3_000 || step % 10 == 0 || step == steps - 1 {
                try check(tree, model, context)
                for (index, snapshot) in snapshots.enumerated() {
                    try #require(difference(Array(snapshot.tree), snapshot.model) == nil, "\(context): snapshot \(index) changed")
                }
            }
        }
    }

    /// Where `actual` first departs from `expected`, or nil when they are equal: a short
    /// message where comparing the arrays would print them whole.
    static func difference<Element: Equatable>(_ actual: [Element], _ expected: [Element]) -> String? {
        if actual == expected { return nil }
        if let index = zip(actual.indices, expected.indices).first(where: { actual[$0] != expected[$1] })?.0 {
            return "at \(index): \(actual[index]) instead of \(expected[index])"
        }
        return actual.count == expected.count ? nil : "\(actual.count) elements instead of \(expected.count)"
    }

    /// Checks structure, count, contents and marks.
    static func check<Element: Equatable, Marking: TreeMarking>(
        _ tree: PersistentTree<Element, Marking>, _ model: [Element], _ context: String
    ) throws where Marking.Element == Element {
        try #require(tree.invariantViolations() == [], "\(context)")
        try #require(tree.count == model.count, "\(context): count")
        try #require(tree.isEmpty == model.isEmpty, "\(context): isEmpty")
        try #require(difference(Array(tree), model) == nil, "\(context): contents")
        try #require(tree.markedCount == model.count(where: Marking.isMarked), "\(context): markedCount")
    }

    /// Reads, rank, select, first, last, iteration from random starts and ranged forEach.
    static func query<Element: Equatable, Marking: TreeMarking>(
        _ tree: PersistentTree<Element, Marking>, _ model: [Element], _ random: inout SeededRandom, _ context: String
    ) throws where Marking.Element == Element {
        try #require(tree.first == model.first && tree.last == model.last, "\(context): first/last")
        let marked = model.indices.filter { Marking.isMarked(model[$0]) }
        for _ in 0..<20 where !model.isEmpty {
            let at = Int.random(in: 0..<model.count, using: &random)
            try #require(tree[at] == model[at], "\(context): tree[\(at)]")
        }
        for _ in 0..<20 {
            let at = Int.random(in: 0...model.count, using: &random)
            let expected = model[..<at].count(where: Marking.isMarked)
            try #require(tree.markedCount(before: at) == expected, "\(context): markedCount(before: \(at))")
        }
        for _ in 0..<20 where !marked.isEmpty {
            let rank = Int.random(in: 0..<marked.count, using: &random)
            try #require(tree.position(ofMarked: rank) == marked[rank], "\(context): position(ofMarked: \(rank))")
        }
        for _ in 0..<3 {
            let start = Int.random(in: 0...model.count, using: &random)
            var iterator = tree.makeIterator(from: start)
            var seen: [Element] = []
            while let element = iterator.next() { seen.append(element) }
            try #require(difference(seen, Array(model[start...])) == nil, "\(context): iteration from \(start)")
            try #require(iterator.next() == nil, "\(context): iterator past the end")
            let end = Int.random(in: start...model.count, using: &random)
            var visited: [Element] = []
            tree.forEach(in: start..<end) { visited.append($0) }
            try #require(difference(visited, Array(model[start..<end])) == nil, "\(context): forEach(in: \(start)..<\(end))")
        }
    }

    @Test func `the documentation example runs as described`() {
        var list = PersistentTree<Int, NoMarking<Int>>(0..<1000)
        let saved = list
        list.insert(-1, at: 500)
        #expect(saved[500] == 500 && list[500] == -1 && list.count == 1001)
    }

    // MARK: Building

    @Test(arguments: [0, 1, 255, 256, 257, 511, 512, 7_680, 7_681, 61_441, 100_000])
    func `bulk building matches the source, contiguous or not`(count: Int) throws {
        let contiguous = Tree(Array(0..<count))
        let streamed = Tree((0..<count).lazy.map { $0 })
        for tree in [contiguous, streamed] {
            try Self.check(tree, Array(0..<count), "count \(count)")
        }
        let sizes = contiguous.leafSizes()
        if sizes.count > 1 {
            #expect(sizes.allSatisfy { $0 >= Tree.leafMinimum && $0 <= Tree.leafFill })
            #expect(sizes.reduce(0, +) >= (sizes.count - 1) * Tree.leafFill)
        }
    }

    @Test func `appending one element at a time packs the leaves full`() throws {
        var tree = Tree()
        for value in 0..<50_000 { tree.append(value) }
        try Self.check(tree, Array(0..<50_000), "appended")
        #expect(tree.leafSizes().dropLast().allSatisfy { $0 == Tree.leafCapacity })
        tree.append(contentsOf: 50_000..<60_000)
        #expect(tree.leafSizes().dropLast().allSatisfy { $0 == Tree.leafCapacity })
    }

    @Test func `a million elements build, read and iterate`() throws {
        let count = 1_000_000
        let tree = Tree(0..<count)
        #expect(tree.invariantViolations() == [])
        #expect(tree.count == count && tree.first == 0 && tree.last == count - 1)
        var random = SeededRandom(seed: 11)
        for _ in 0..<10_000 {
            let at = Int.random(in: 0..<count, using: &random)
            try #require(tree[at] == at)
        }
        var expected = 0
        for element in tree {
            guard element == expected else { break }
            expected += 1
        }
        #expect(expected == count)
        let start = Int.random(in: 0..<count, using: &random)
        var iterator = tree.makeIterator(from: start)
        expected = start
        while let element = iterator.next(), element == expected { expected += 1 }
        #expect(expected == count)
        var sum = 0
        tree.forEach(in: 1_000..<900_000) { sum += $0 }
        #expect(sum == (1_000..<900_000).reduce(0, +))
    }

    // MARK: Identity, marks, bounds

    @Test func `identical means sharing the root, or both empty`() {
        let empty = Tree()
        var emptied = Tree(0..<1_000)
        emptied.removeAll()
        #expect(empty.isIdentical(to: emptied))
        for count in [10, 10_000] {
            let tree = Tree(0..<count)
            var copy = tree
            #expect(copy.isIdentical(to: tree))
            #expect(!Tree(0..<count).isIdentical(to: tree))
            copy[1] = 1
            #expect(!copy.isIdentical(to: tree))
            #expect(!empty.isIdentical(to: tree))
        }
    }

    @Test func `rank and select agree with counting, and modify keeps the counts`() {
        var random = SeededRandom(seed: 12)
        var model = (0..<50_000).map { _ in Int.random(in: 0..<1_000, using: &random) }
        var tree = MarkedTree(model)
        for _ in 0..<500 {
            let at = Int.random(in: 0..<model.count, using: &random)
            tree[at] += 1
            model[at] += 1
        }
        let marked = model.indices.filter { model[$0].isMultiple(of: 2) }
        #expect(tree.markedCount == marked.count)
        #expect(tree.invariantViolations() == [])
        var before = 0
        for position in 0...model.count {
            if position % 97 == 0 { #expect(tree.markedCount(before: position) == before) }
            if position < model.count && model[position].isMultiple(of: 2) { before += 1 }
        }
        for rank in stride(from: 0, to: marked.count, by: 89) {
            #expect(tree.position(ofMarked: rank) == marked[rank])
        }
    }

    @Test func `without a marking nothing is marked`() {
        let tree = Tree(0..<10_000)
        #expect(tree.markedCount == 0 && tree.markedCount(before: 5_000) == 0)
        #expect(tree.root?.markEnds.isEmpty == true)
    }

    @Test func `a position out of bounds is a precondition failure`() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let tree = PersistentTree<Int, NoMarking<Int>>(0..<1_000)
            _ = tree[1_000]
        }
        #if DEBUG
        // Optimized builds trap without printing a precondition's message.
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("position out of bounds"))
        #endif
    }
}
