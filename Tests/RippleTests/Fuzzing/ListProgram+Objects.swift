@testable import Ripple

// Lists of objects: rows whose tracked properties change in place, under the operators
// and an effect that reads some results. Compiled with ListProgram.swift (see its header).

extension ListProgram {
    final class Row {
        let id: Int
        @Tracked var group: Int
        @Tracked var score: Int

        init(id: Int, group: Int, score: Int) {
            self.id = id
            self.group = group
            self.score = score
        }
    }

    final class ObjectStore {
        @Tracked var rows: IncrementalArray<Row> = []
        @Tracked var threshold = 50

        @Derived(\ObjectStore.rows, filter: { store in
            let threshold = store.threshold
            return { $0.score >= threshold }
        })
        var passing: IncrementalArray<Row>
        @Derived(\ObjectStore.rows, count: { $0.group == 0 }) var inGroupZero: Int
        @Derived(\ObjectStore.rows, sum: \.score) var totalScore: Int
        @Derived(\ObjectStore.rows, map: { $0.score + 1_000 * $0.group }) var codes: IncrementalArray<Int>
        @Derived(\ObjectStore.rows, sortedByKey: \.score) var byScore: IncrementalArray<Row>
        @Derived(\ObjectStore.rows, first: { $0.group == 1 }) var firstInGroupOne: Row?
        @Derived(\ObjectStore.rows, max: \.score) var best: Int?
        @Derived(\ObjectStore.rows, compactMap: { $0.group == 1 ? $0.score : nil }) var groupOneScores: IncrementalArray<Int>
        @Derived(\ObjectStore.passing, count: { $0.group == 0 }) var passingInGroupZero: Int
        @Derived(\ObjectStore.passing, sortedByKey: { $0.group }, order: .descending) var passingByGroup: IncrementalArray<Row>
    }

    static func check(_ store: ObjectStore, _ failures: Failures, _ context: @autoclosure () -> String) {
        func expect(_ holds: Bool, _ what: @autoclosure () -> String) { failures.expect(holds, what()) }
        let rows = Array(store.rows)
        let threshold = store.threshold
        let passing = rows.filter { $0.score >= threshold }
        expect(store.passing.map(\.id) == passing.map(\.id), "passing, \(context())")
        expect(store.inGroupZero == rows.filter { $0.group == 0 }.count, "inGroupZero, \(context())")
        expect(store.totalScore == rows.reduce(0) { $0 + $1.score }, "totalScore, \(context())")
        expect(Array(store.codes) == rows.map { $0.score + 1_000 * $0.group }, "codes, \(context())")
        expect(store.byScore.map(\.id) == stableSorted(rows, by: \.score).map(\.id), "byScore, \(context())")
        expect(store.firstInGroupOne?.id == rows.first { $0.group == 1 }?.id, "firstInGroupOne, \(context())")
        expect(store.best == rows.map(\.score).max(), "best, \(context())")
        expect(Array(store.groupOneScores) == rows.compactMap { $0.group == 1 ? $0.score : nil }, "groupOneScores, \(context())")
        expect(store.passingInGroupZero == passing.filter { $0.group == 0 }.count, "passingInGroupZero, \(context())")
        expect(store.passingByGroup.map(\.id) == stableSorted(passing, by: \.group, descending: true).map(\.id),
                "passingByGroup, \(context())")
    }

    /// Runs a program on lists of objects; returns the first violation, or nil.
    static func runObjects<Random: RandomNumberGenerator>(_ random: inout Random, steps: Int, name: String) -> String? {
        let failures = Failures()
        func expect(_ holds: Bool, _ what: @autoclosure () -> String) { failures.expect(holds, what()) }
        let store = ObjectStore()
        var nextID = 0
        func newRow() -> Row {
            nextID += 1
            return Row(id: nextID, group: Int.random(in: 0..<3, using: &random), score: Int.random(in: 0..<100, using: &random))
        }
        store.rows = IncrementalArray((0..<20).map { _ in newRow() })
        // An effect that reads some results: the push, not only reads, keeps them fresh.
        var seenBest: Int?? = nil
        var seenPassing = -1
        let effect = Effect {
            seenBest = store.best
            seenPassing = store.passing.count
        }
        var history: [String] = []
        for step in 0..<steps where failures.first == nil {
            let count = store.rows.count
            let operation: String
            switch Int.random(in: 0..<12, using: &random) {
            case 0 where count > 0, 1 where count > 0, 2 where count > 0:
                let row = store.rows[Int.random(in: 0..<count, using: &random)]
                row.score = Int.random(in: 0..<100, using: &random)
                operation = "row \(row.id).score = \(row.score)"
            case 3 where count > 0:
                let row = store.rows[Int.random(in: 0..<count, using: &random)]
                row.group = Int.random(in: 0..<3, using: &random)
                operation = "row \(row.id).group = \(row.group)"
            case 4:
                store.rows.append(newRow())
                operation = "append"
            case 5:
                let index = Int.random(in: 0...count, using: &random)
                store.rows.insert(newRow(), at: index)
                operation = "insert at \(index)"
            case 6 where count > 0:
                let index = Int.random(in: 0..<count, using: &random)
                store.rows.remove(at: index)
                operation = "remove(at: \(index))"
            case 7 where count > 1:
                let from = Int.random(in: 0..<count, using: &random), to = Int.random(in: 0..<count, using: &random)
                store.rows.move(from: from, to: to)
                operation = "move(from: \(from), to: \(to))"
            case 8:
                store.threshold = Int.random(in: 0..<100, using: &random)
                operation = "threshold = \(store.threshold)"
            case 9 where count > 0:
                let index = Int.random(in: 0..<count, using: &random)
                store.rows[index] = newRow()
                operation = "rows[\(index)] = new"
            case 10 where count > 1:
                batch {
                    let row = store.rows[0]
                    row.score = Int.random(in: 0..<100, using: &random)
                    store.rows.remove(at: 0)
                    store.rows.append(row)
                    row.group = (row.group + 1) % 3
                }
                operation = "batch: change the first row, move it to the end, change it again"
            default:
                if Int.random(in: 0..<5, using: &random) == 0 {
                    store.rows.sort { $0.id > $1.id }
                    operation = "sort by id, descending"
                } else {
                    store.rows.removeAll { $0.score < 10 }
                    operation = "removeAll(where: score < 10)"
                }
            }
            history.append(operation)
            expect(seenBest == .some(store.rows.map(\.score).max()), "effect saw best, \(name), step \(step)")
            expect(seenPassing == store.rows.filter { $0.score >= store.threshold }.count, "effect saw passing, \(name), step \(step)")
            if Int.random(in: 0..<2, using: &random) == 0 {
                Self.check(store, failures, "\(name), step \(step), after \(history.suffix(4))")
            }
        }
        Self.check(store, failures, "\(name), at the end")
        effect.cancel()
        return failures.first
    }
}
