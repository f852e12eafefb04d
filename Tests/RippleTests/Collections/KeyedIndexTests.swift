@testable import Ripple
import Testing

/// `keyedBy:` and `keyed(by:)` against a plain recomputation: the first element of
/// each key, in list order.
@Suite struct KeyedIndexTests {
    struct Entry: Equatable {
        var key: Int
        var payload: Int
    }

    final class Store {
        @Tracked var entries: IncrementalArray<Entry> = []
        @Derived(\Store.entries, keyedBy: \.key) var byKey: KeyedIndex<Int, Entry>
    }

    final class Row {
        @Tracked var key: Int
        @Tracked var payload: Int
        init(key: Int, payload: Int) {
            self.key = key
            self.payload = payload
        }
    }

    final class RowStore {
        @Tracked var rows: IncrementalArray<Row> = []
        @Derived(\RowStore.rows, keyedBy: \.key) var byKey: KeyedIndex<Int, Row>
    }

    /// Each key's first element, as a plain pass finds it.
    static func firstByKey<Element>(_ elements: [Element], key: (Element) -> Int) -> [Int: Element] {
        var index: [Int: Element] = [:]
        for element in elements where index[key(element)] == nil { index[key(element)] = element }
        return index
    }

    @Test func `random changes to value elements keep the first of each key`() {
        for seed in 1...20 {
            var random = SeededRandom(seed: UInt64(seed))
            let store = Store()
            store.entries = IncrementalArray((0..<40).map { Entry(key: $0 % 9, payload: $0) })
            for step in 0..<300 {
                let count = store.entries.count
                switch Int.random(in: 0..<6, using: &random) {
                case 0: store.entries.insert(Entry(key: .random(in: 0..<9, using: &random), payload: step),
                                             at: .random(in: 0...count, using: &random))
                case 1 where count > 0: store.entries.remove(at: .random(in: 0..<count, using: &random))
                case 2 where count > 0: store.entries[.random(in: 0..<count, using: &random)].key = .random(in: 0..<9, using: &random)
                case 3 where count > 0: store.entries[.random(in: 0..<count, using: &random)].payload = step
                case 4 where count > 1:
                    store.entries.move(fromOffsets: [.random(in: 0..<count, using: &random)],
                                       toOffset: .random(in: 0...count, using: &random))
                default: if step % 50 == 0 { store.entries = IncrementalArray(store.entries.shuffled(using: &random)) }
                }
                if step % 3 == 0 {
                    let expected = Self.firstByKey(Array(store.entries), key: \.key)
                    #expect(store.byKey.dictionary == expected, "seed \(seed), step \(step)")
                    #expect(store.byKey.count == expected.count)
                }
            }
        }
    }

    @Test func `random changes to model elements, their keys included, keep the first of each key`() {
        for seed in 1...10 {
            var random = SeededRandom(seed: UInt64(seed))
            let store = RowStore()
            store.rows = IncrementalArray((0..<30).map { Row(key: $0 % 7, payload: $0) })
            for step in 0..<300 {
                let count = store.rows.count
                switch Int.random(in: 0..<4, using: &random) {
                case 0: store.rows.insert(Row(key: .random(in: 0..<7, using: &random), payload: step),
                                          at: .random(in: 0...count, using: &random))
                case 1 where count > 0: store.rows.remove(at: .random(in: 0..<count, using: &random))
                case 2 where count > 0: store.rows[.random(in: 0..<count, using: &random)].key = .random(in: 0..<7, using: &random)
                default: if count > 0 { store.rows[.random(in: 0..<count, using: &random)].payload = step }
                }
                let expected = Self.firstByKey(Array(store.rows), key: \.key)
                #expect(store.byKey.count == expected.count, "seed \(seed), step \(step)")
                for (key, row) in expected {
                    #expect(store.byKey[key] === row, "seed \(seed), step \(step), key \(key)")
                }
            }
        }
    }

    @Test func `of duplicate keys the first in the list is found, and the next when it leaves`() {
        let store = Store()
        store.entries = [Entry(key: 1, payload: 10), Entry(key: 1, payload: 20), Entry(key: 1, payload: 30)]
        #expect(store.byKey[1]?.payload == 10)
        store.entries.remove(at: 0)
        #expect(store.byKey[1]?.payload == 20)
        store.entries.insert(Entry(key: 1, payload: 5), at: 0)
        #expect(store.byKey[1]?.payload == 5)
        store.entries[0].key = 2
        #expect(store.byKey[1]?.payload == 20)
        #expect(store.byKey[2]?.payload == 5)
        #expect(store.byKey[3] == nil)
    }

    @Test func `a change to an element that is not found notifies nobody`() {
        let store = Store()
        store.entries = [Entry(key: 1, payload: 10), Entry(key: 1, payload: 20)]
        var runs = 0
        let effect = Effect { _ = store.byKey; runs += 1 }
        store.entries[1].payload = 21
        #expect(runs == 1)
        store.entries[0].payload = 11
        #expect(runs == 2)
        effect.cancel()
    }

    @Test func `a keyed computed follows its signal`() {
        let numbers = Signal(IncrementalArray([3, 14, 15, 92]))
        let byLastDigit = numbers.keyed(by: { $0 % 10 })
        #expect(byLastDigit.value[5] == 15)
        numbers.value[2] = 25
        #expect(byLastDigit.value[5] == 25)
        numbers.value.append(65)
        #expect(byLastDigit.value[5] == 25)
        numbers.value.remove(at: 2)
        #expect(byLastDigit.value[5] == 65)
    }
}
