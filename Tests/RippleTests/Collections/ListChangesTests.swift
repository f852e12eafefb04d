@testable import Ripple
import Testing

/// Change sets against what they describe: applying each, in order, to a copy of the
/// first result rebuilds the latest, step by step and as a `CollectionDifference`.
@Suite struct ListChangesTests {
    struct Item: Equatable {
        var id: Int
        var score: Int
    }

    final class Store {
        @Tracked var items: IncrementalArray<Item> = []
        @Derived(\Store.items, filter: { $0.score.isMultiple(of: 2) }) var even: IncrementalArray<Item>
        @Derived(\Store.items, map: \.score) var scores: IncrementalArray<Int>
        @Derived(\Store.items, sortedByKey: \.score) var byScore: IncrementalArray<Item>
    }

    /// Follows one list with a reader, checking each change set against the list.
    struct Follower<Element: Equatable> {
        var reader = ListChangeReader<Element>()
        var rows: [Element] = []
        var reloads = 0

        mutating func follow(_ list: IncrementalArray<Element>, _ context: String) {
            let changes = reader.read(list)
            let difference = changes.difference(from: rows)
            #expect(rows.applying(difference) == Array(list), "applied difference, \(context)")
            changes.apply(to: &rows)
            #expect(rows == Array(list), "applied steps, \(context)")
            if changes.isReload { reloads += 1 }
        }
    }

    @Test func `applying every change set in order rebuilds each operator's latest result`() {
        for seed in 1...12 {
            var random = SeededRandom(seed: UInt64(seed))
            let store = Store()
            store.items = IncrementalArray((0..<60).map { Item(id: $0, score: .random(in: 0..<20, using: &random)) })
            var items = Follower<Item>(), even = Follower<Item>(), scores = Follower<Int>(), sorted = Follower<Item>()
            for step in 0..<200 {
                let count = store.items.count
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    switch Int.random(in: 0..<5, using: &random) {
                    case 0: store.items.insert(Item(id: 1000 + step, score: .random(in: 0..<20, using: &random)),
                                               at: .random(in: 0...store.items.count, using: &random))
                    case 1 where store.items.count > 0:
                        store.items.remove(at: .random(in: 0..<store.items.count, using: &random))
                    case 2 where store.items.count > 1:
                        store.items.move(fromOffsets: [.random(in: 0..<store.items.count, using: &random)],
                                         toOffset: .random(in: 0...store.items.count, using: &random))
                    case 3 where count > 0 && store.items.count > 0:
                        store.items[.random(in: 0..<store.items.count, using: &random)].score = .random(in: 0..<20, using: &random)
                    default:
                        if step % 40 == 39 { store.items = IncrementalArray(store.items.shuffled(using: &random)) }
                    }
                }
                let context = "seed \(seed), step \(step)"
                items.follow(store.items, context)
                even.follow(store.even, context)
                scores.follow(store.scores, context)
                sorted.follow(store.byScore, context)
            }
            // One reload to start with, and few besides: the steps carry the rest.
            #expect(even.reloads < 20, "seed \(seed): \(even.reloads) reloads")
        }
    }

    @Test func `one toggle in a long filtered list is one step`() {
        let store = Store()
        store.items = IncrementalArray((0..<10_000).map { Item(id: $0, score: $0) })
        var reader = ListChangeReader<Item>()
        var rows: [Item] = []
        let first = reader.read(store.even)
        #expect(first.isReload)
        first.apply(to: &rows)
        store.items[10].score = 11
        let changes = reader.read(store.even)
        #expect(changes.steps?.count == 1)
        guard case .removed(at: 5)? = changes.steps?.first else {
            Issue.record("expected the removal of row 5, got \(String(describing: changes.steps))")
            return
        }
        let difference = changes.difference(from: rows)
        #expect(difference.insertions.isEmpty)
        #expect(difference.removals.count == 1)
        guard case .remove(let offset, let removed, _)? = difference.removals.first else { return }
        #expect(offset == 5)
        #expect(removed == Item(id: 10, score: 10), "the removal carries the row as it was")
    }

    @Test func `nothing changed is no step, and a reader far behind reloads`() {
        let numbers = Signal(IncrementalArray(Array(0..<100)))
        var reader = ListChangeReader<Int>()
        _ = reader.read(numbers.value)
        #expect(reader.read(numbers.value).steps?.isEmpty == true)
        for index in 0..<60 { numbers.value[index] += 1 }
        #expect(reader.read(numbers.value).isReload)
        numbers.value[0] = 7
        #expect(reader.read(numbers.value).steps?.count == 1)
        numbers.value = IncrementalArray([1, 2])
        let replaced = reader.read(numbers.value)
        #expect(replaced.isReload)
        #expect(Array(replaced.current) == [1, 2])
    }

    @Test func `net changes map steps to offsets of the old and the new list`() {
        typealias Changes = ListChanges<String>
        let net = Changes.netChanges(of: [
            .inserted("x", at: 0), .removed(at: 3), .updated("y", at: 1), .removed(at: 0),
        ])
        // Old [a b c d]: insert x at 0 -> [x a b c d]; remove 3 (c) -> [x a b d];
        // update 1 (a) -> [x y b d]; remove 0 (x, new) -> [y b d].
        #expect(net.removals == [0, 2])
        #expect(net.insertions == [0])
    }
}
