@testable import Ripple

// This file and ListProgram+Objects.swift are compiled twice: into the test target
// (ListDifferentialTests), and by `Fuzz/run --lists` into a libFuzzer target. They import
// nothing but Ripple.

/// A random sequence of every list mutation, on lists of values and of objects,
/// interleaved with query changes, batches and reads at random points: after every
/// read each operator's result must equal a plain recomputation over the list, and an
/// effect that reads some results must have seen the latest ones.
///
/// The randomness comes from a generator: seeded for the test suite, or read from the
/// fuzzer's bytes (``ByteRandom``), so that any byte string is a program.
struct ListProgram {
    // MARK: Lists of values

    struct Item: Equatable {
        var id: Int
        var group: Int
        var score: Int
        var price: Double
    }

    final class ValueStore {
        @Tracked var items: IncrementalArray<Item> = []
        @Tracked var threshold = 50
        @Tracked var group: Int? = nil

        @Derived(\ValueStore.items, filter: { store in
            let threshold = store.threshold
            return { $0.score >= threshold }
        })
        var passing: IncrementalArray<Item>

        @Derived(\ValueStore.items, count: { store in
            let group = store.group
            return { group == nil || $0.group == group }
        })
        var inGroup: Int

        @Derived(\ValueStore.items, sum: \.price) var totalPrice: Double
        @Derived(\ValueStore.items, sum: \.score) var totalScore: Int
        @Derived(\ValueStore.items, fold: \.score, into: 0, add: { $0 + 2 * $1 }, remove: { $0 - 2 * $1 })
        var doubledScore: Int
        @Derived(\ValueStore.items, map: { $0.score * 10 + $0.group }) var codes: IncrementalArray<Int>
        @Derived(\ValueStore.items, sortedByKey: \.score) var byScore: IncrementalArray<Item>
        @Derived(\ValueStore.items, sortedByKey: \.group, order: .descending) var byGroupDescending: IncrementalArray<Item>
        @Derived(\ValueStore.items, first: { store in
            let threshold = store.threshold
            return { $0.score >= threshold }
        })
        var firstPassing: Item?
        @Derived(\ValueStore.items, min: \.score) var lowest: Int?
        @Derived(\ValueStore.items, max: \.price) var priciest: Double?
        // Chains: operators over other operators' results.
        @Derived(\ValueStore.passing, count: { $0.group == 0 }) var passingInGroupZero: Int
        @Derived(\ValueStore.passing, sortedByKey: \.price) var passingByPrice: IncrementalArray<Item>
        @Derived(\ValueStore.byScore, map: \.id) var idsByScore: IncrementalArray<Int>
        @Derived(\ValueStore.codes, filter: { $0 % 2 == 0 }) var evenCodes: IncrementalArray<Int>
        @Derived(\ValueStore.items, compactMap: { store in
            let threshold = store.threshold
            return { $0.score >= threshold ? $0.id * 10 + $0.group : nil }
        })
        var passingCodes: IncrementalArray<Int>
        @Derived(\ValueStore.passingCodes, count: { $0 % 2 == 0 }) var evenPassingCodes: Int
    }

    /// Every derived value of the store against its plain recomputation.
    static func check(_ store: ValueStore, _ reads: Set<Int>, _ failures: Failures, _ context: @autoclosure () -> String) {
        func expect(_ holds: Bool, _ what: @autoclosure () -> String) { failures.expect(holds, what()) }
        let items = Array(store.items)
        let threshold = store.threshold
        let group = store.group
        let passing = items.filter { $0.score >= threshold }
        let byScore = stableSorted(items, by: \.score)
        let codes = items.map { $0.score * 10 + $0.group }
        if reads.contains(0) { expect(Array(store.passing) == passing, "passing, \(context())") }
        if reads.contains(1) { expect(store.inGroup == items.filter { group == nil || $0.group == group }.count, "inGroup, \(context())") }
        if reads.contains(2) { expect(store.totalPrice == exactSum(items.map(\.price)), "totalPrice, \(context())") }
        if reads.contains(3) { expect(store.totalScore == items.reduce(0) { $0 + $1.score }, "totalScore, \(context())") }
        if reads.contains(4) { expect(store.doubledScore == items.reduce(0) { $0 + 2 * $1.score }, "doubledScore, \(context())") }
        if reads.contains(5) { expect(Array(store.codes) == codes, "codes, \(context())") }
        if reads.contains(6) { expect(Array(store.byScore) == byScore, "byScore, \(context())") }
        if reads.contains(7) {
            expect(Array(store.byGroupDescending) == stableSorted(items, by: \.group, descending: true), "byGroupDescending, \(context())")
        }
        if reads.contains(8) { expect(store.firstPassing == passing.first, "firstPassing, \(context())") }
        if reads.contains(9) { expect(store.lowest == items.map(\.score).min(), "lowest, \(context())") }
        if reads.contains(10) { expect(store.priciest == items.map(\.price).max(), "priciest, \(context())") }
        if reads.contains(11) { expect(store.passingInGroupZero == passing.filter { $0.group == 0 }.count, "passingInGroupZero, \(context())") }
        if reads.contains(12) { expect(Array(store.passingByPrice) == stableSorted(passing, by: \.price), "passingByPrice, \(context())") }
        if reads.contains(13) { expect(Array(store.idsByScore) == byScore.map(\.id), "idsByScore, \(context())") }
        if reads.contains(14) { expect(Array(store.evenCodes) == codes.filter { $0 % 2 == 0 }, "evenCodes, \(context())") }
        let passingCodes = passing.map { $0.id * 10 + $0.group }
        if reads.contains(15) { expect(Array(store.passingCodes) == passingCodes, "passingCodes, \(context())") }
        if reads.contains(16) {
            expect(store.evenPassingCodes == passingCodes.filter { $0 % 2 == 0 }.count, "evenPassingCodes, \(context())")
        }
    }

    static let readableCount = 17

    /// One random mutation of a list of values, as a user writes it.
    static func mutate<Random: RandomNumberGenerator>(_ store: ValueStore, _ random: inout Random, nextID: inout Int) -> String {
        func newItem() -> Item {
            nextID += 1
            return Item(id: nextID, group: Int.random(in: 0..<4, using: &random), score: Int.random(in: 0..<100, using: &random),
                        price: Double(Int.random(in: 1...2_000, using: &random)) / 100)
        }
        let count = store.items.count
        switch Int.random(in: 0..<20, using: &random) {
        case 0 where count > 0, 1 where count > 0:
            let index = Int.random(in: 0..<count, using: &random)
            store.items[index].score = Int.random(in: 0..<100, using: &random)
            return "items[\(index)].score ="
        case 2 where count > 0:
            let index = Int.random(in: 0..<count, using: &random)
            store.items[index].group += 1
            store.items[index].price += 0.1
            return "items[\(index)].group += 1; price += 0.1"
        case 3 where count > 0:
            let index = Int.random(in: 0..<count, using: &random)
            store.items[index] = newItem()
            return "items[\(index)] = new"
        case 4, 5:
            store.items.append(newItem())
            return "append"
        case 6:
            let index = Int.random(in: 0...count, using: &random)
            store.items.insert(newItem(), at: index)
            return "insert at \(index)"
        case 7 where count > 0:
            let index = Int.random(in: 0..<count, using: &random)
            store.items.remove(at: index)
            return "remove(at: \(index))"
        case 8:
            let cut = Int.random(in: 0..<100, using: &random)
            store.items.removeAll { $0.score < cut / 4 }
            return "removeAll(where: score < \(cut / 4))"
        case 9 where count > 1:
            let from = Int.random(in: 0..<count, using: &random), to = Int.random(in: 0..<count, using: &random)
            store.items.move(from: from, to: to)
            return "move(from: \(from), to: \(to))"
        case 10 where count > 2:
            let a = Int.random(in: 0..<count, using: &random), b = Int.random(in: 0..<count, using: &random)
            let offsets = RangeSet([min(a, b)..<(min(a, b) + 1), max(a, b)..<(max(a, b) + 1)])
            let destination = Int.random(in: 0...count, using: &random)
            store.items.move(fromOffsets: offsets, toOffset: destination)
            return "move(fromOffsets: \(a), \(b), toOffset: \(destination))"
        case 11:
            store.items.sort { $0.price < $1.price }
            return "sort by price"
        case 12:
            store.items = IncrementalArray((0..<Int.random(in: 0..<40, using: &random)).map { _ in newItem() })
            return "replace the whole list"
        case 13 where count > 0:
            var copy = store.items
            for _ in 0..<Int.random(in: 1...3, using: &random) where !copy.isEmpty {
                let index = Int.random(in: 0..<copy.count, using: &random)
                copy[index].score = Int.random(in: 0..<100, using: &random)
            }
            copy.append(newItem())
            store.items = copy
            return "copy, mutate, assign"
        case 14 where count > 0:
            // A copy that diverges from the original, then replaces it.
            var copy = store.items
            store.items[0].score += 1
            copy.insert(newItem(), at: 0)
            store.items = copy
            return "diverging copy assigned"
        case 15 where count > 1:
            let lower = Int.random(in: 0..<count, using: &random)
            let upper = Int.random(in: lower...count, using: &random)
            store.items.replaceSubrange(lower..<upper, with: [newItem(), newItem()])
            return "replaceSubrange(\(lower)..<\(upper))"
        case 16:
            store.threshold = Int.random(in: 0..<100, using: &random)
            return "threshold = \(store.threshold)"
        case 17:
            store.group = Bool.random(using: &random) ? nil : Int.random(in: 0..<4, using: &random)
            return "group = \(String(describing: store.group))"
        case 18 where count > 0:
            store.items.swapAt(0, count - 1)
            return "swapAt(0, \(count - 1))"
        default:
            if Int.random(in: 0..<10, using: &random) == 0 {
                store.items.removeAll()
                return "removeAll()"
            }
            store.items.append(contentsOf: [newItem(), newItem(), newItem()])
            return "append(contentsOf: 3)"
        }
    }

    /// Runs a program on lists of values; returns the first violation, or nil.
    static func runValues<Random: RandomNumberGenerator>(_ random: inout Random, steps: Int, name: String) -> String? {
        let failures = Failures()
        let store = ValueStore()
        var nextID = 0
        store.items = IncrementalArray((0..<Int.random(in: 0..<30, using: &random)).map { _ in
            nextID += 1
            return Item(id: nextID, group: nextID % 4, score: Int.random(in: 0..<100, using: &random), price: 1.5)
        })
        var history: [String] = []
        for step in 0..<steps where failures.first == nil {
            if Int.random(in: 0..<8, using: &random) == 0 {
                let writes = Int.random(in: 1...4, using: &random)
                batch {
                    for _ in 0..<writes { history.append("batch: " + Self.mutate(store, &random, nextID: &nextID)) }
                }
            } else {
                history.append(Self.mutate(store, &random, nextID: &nextID))
            }
            // Reads at random points; some values go unread for many steps.
            if Int.random(in: 0..<3, using: &random) != 0 {
                let reads = Set((0..<Int.random(in: 1...6, using: &random)).map { _ in Int.random(in: 0..<Self.readableCount, using: &random) })
                Self.check(store, reads, failures, "\(name), step \(step), after \(history.suffix(4))")
            }
        }
        Self.check(store, Set(0..<Self.readableCount), failures, "\(name), at the end")
        return failures.first
    }

    /// Runs the program the fuzzer's bytes make: the first byte picks the element kind.
    static func run(_ bytes: [UInt8]) -> String? {
        var random = ByteRandom(bytes.dropFirst())
        let steps = max(1, bytes.count / 2)
        if bytes.first.map({ $0 % 2 == 0 }) ?? true {
            return runValues(&random, steps: steps, name: "a list of values")
        }
        return runObjects(&random, steps: steps, name: "a list of objects")
    }
}

/// The first violation a program found.
final class Failures {
    private(set) var first: String?

    func expect(_ holds: Bool, _ what: @autoclosure () -> String) {
        if !holds, first == nil { first = "expectation failed: " + what() }
    }
}

/// Random numbers read from a byte string, then from a generator seeded by them: any
/// input is a program. (A generator that ran out into zeros would hang the standard
/// library's uniform sampling, which rejects some draws and draws again.)
struct ByteRandom: RandomNumberGenerator {
    private var bytes: ArraySlice<UInt8>
    private var rest: SeededRandom

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        rest = SeededRandom(seed: bytes.reduce(0x5EED) { $0 &* 31 &+ UInt64($1) })
    }

    mutating func next() -> UInt64 {
        guard bytes.count >= 8 else { return rest.next() }
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) {
            value |= UInt64(bytes.popFirst()!) << UInt64(shift)
        }
        return value
    }
}

/// A stable sort by key, as `sorted(by:)` promises.
func stableSorted<Element, Key: Comparable>(_ elements: [Element], by key: (Element) -> Key, descending: Bool = false) -> [Element] {
    elements.enumerated().sorted { a, b in
        let keyA = key(a.element), keyB = key(b.element)
        if keyA != keyB { return descending ? keyB < keyA : keyA < keyB }
        return a.offset < b.offset
    }.map(\.element)
}

/// The sum of `values` rounded once, as the incremental sum promises.
func exactSum(_ values: [Double]) -> Double {
    var sum = ExactSum()
    for value in values { sum.add(value) }
    return sum.rounded
}
