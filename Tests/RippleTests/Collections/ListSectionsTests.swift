@testable import Ripple
import Testing

/// `groupedBy:` and `grouped(by:)` against a plain `Dictionary(grouping:)`: sections in
/// ascending key order, each in the list's order.
@Suite struct ListSectionsTests {
    struct Todo: Equatable {
        var id: Int
        var priority: Int
    }

    final class Store {
        @Tracked var todos: IncrementalArray<Todo> = []
        @Derived(\Store.todos, groupedBy: \.priority) var byPriority: ListSections<Int, Todo>
    }

    final class Member {
        let id: Int
        @Tracked var team: Int
        init(id: Int, team: Int) {
            self.id = id
            self.team = team
        }
    }

    final class Roster {
        @Tracked var members: IncrementalArray<Member> = []
        @Derived(\Roster.members, groupedBy: \.team) var byTeam: ListSections<Int, Member>
    }

    static func plainSections<Element>(_ elements: [Element], key: (Element) -> Int) -> [(Int, [Element])] {
        Dictionary(grouping: elements, by: key).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    @Test func `random changes to value elements match a plain grouping`() {
        for seed in 1...15 {
            var random = SeededRandom(seed: UInt64(seed))
            let store = Store()
            store.todos = IncrementalArray((0..<50).map { Todo(id: $0, priority: $0 % 4) })
            for step in 0..<300 {
                let count = store.todos.count
                switch Int.random(in: 0..<6, using: &random) {
                case 0: store.todos.insert(Todo(id: 1000 + step, priority: .random(in: 0..<6, using: &random)),
                                           at: .random(in: 0...count, using: &random))
                case 1 where count > 0: store.todos.remove(at: .random(in: 0..<count, using: &random))
                case 2 where count > 0:
                    store.todos[.random(in: 0..<count, using: &random)].priority = .random(in: 0..<6, using: &random)
                case 3 where count > 0: store.todos[.random(in: 0..<count, using: &random)].id = step
                case 4 where count > 1:
                    store.todos.move(fromOffsets: [.random(in: 0..<count, using: &random)],
                                     toOffset: .random(in: 0...count, using: &random))
                default: if step % 60 == 59 { store.todos = IncrementalArray(store.todos.shuffled(using: &random)) }
                }
                let expected = Self.plainSections(Array(store.todos), key: \.priority)
                let sections = store.byPriority
                #expect(sections.keys == expected.map(\.0), "seed \(seed), step \(step)")
                #expect(sections.map { Array($0.elements) } == expected.map(\.1), "seed \(seed), step \(step)")
            }
        }
    }

    @Test func `insertions at one place, which relabel their neighbourhood, keep the sections in order`() {
        // The same insertions into a bare slot table: they run out of labels and relabel.
        var table = SlotTable(labelled: true, numbered: true)
        table.reset(count: 50)
        for _ in 0..<200 { _ = table.insert(at: 25) }
        #expect(table.relabelCount > 1)

        let store = Store()
        store.todos = IncrementalArray((0..<50).map { Todo(id: $0, priority: $0 % 4) })
        _ = store.byPriority
        for step in 0..<200 {
            store.todos.insert(Todo(id: 1000 + step, priority: step % 3), at: 25)
            if step % 7 == 0 { store.todos.insert(Todo(id: 5000 + step, priority: 3), at: 26) }
            guard step % 3 == 0 else { continue }
            let expected = Self.plainSections(Array(store.todos), key: \.priority)
            let sections = store.byPriority
            #expect(sections.keys == expected.map(\.0), "step \(step)")
            #expect(sections.map { Array($0.elements) } == expected.map(\.1), "step \(step)")
        }
        let expected = Self.plainSections(Array(store.todos), key: \.priority)
        #expect(store.byPriority.map { Array($0.elements) } == expected.map(\.1))
    }

    @Test func `a model whose key changes moves between two sections`() {
        for seed in 1...8 {
            var random = SeededRandom(seed: UInt64(seed))
            let roster = Roster()
            roster.members = IncrementalArray((0..<30).map { Member(id: $0, team: $0 % 3) })
            for step in 0..<200 {
                let count = roster.members.count
                switch Int.random(in: 0..<3, using: &random) {
                case 0: roster.members.insert(Member(id: 1000 + step, team: .random(in: 0..<5, using: &random)),
                                              at: .random(in: 0...count, using: &random))
                case 1 where count > 0: roster.members.remove(at: .random(in: 0..<count, using: &random))
                default: if count > 0 { roster.members[.random(in: 0..<count, using: &random)].team = .random(in: 0..<5, using: &random) }
                }
                let expected = Self.plainSections(Array(roster.members), key: \.team)
                #expect(roster.byTeam.keys == expected.map(\.0), "seed \(seed), step \(step)")
                #expect(roster.byTeam.map { $0.elements.map(\.id) } == expected.map { $0.1.map(\.id) },
                        "seed \(seed), step \(step)")
            }
        }
    }

    @Test func `a count follows one section`() {
        let store = Store()
        store.todos = [Todo(id: 1, priority: 1), Todo(id: 2, priority: 2), Todo(id: 3, priority: 1)]
        let sections = Computed { store.byPriority }
        let high = Computed { sections.value[1] ?? [] }
        let highCount = high.count(where: { _ in true })
        #expect(highCount.value == 2)
        store.todos[1].priority = 1
        #expect(highCount.value == 3)
        store.todos.remove(at: 0)
        #expect(highCount.value == 2)
        #expect(store.byPriority.keys == [1])
    }

    @Test func `sections of a signal's list, with an empty one gone`() {
        let numbers = Signal(IncrementalArray([1, 12, 3, 14]))
        let byTens = numbers.grouped(by: { $0 / 10 })
        #expect(byTens.value.keys == [0, 1])
        #expect(Array(byTens.value[0] ?? []) == [1, 3])
        numbers.value.removeAll(where: { $0 < 10 })
        #expect(byTens.value.keys == [1])
        #expect(byTens.value.count == 1)
        #expect(byTens.value.first?.id == 1)
    }
}
