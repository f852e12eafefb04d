import Foundation
import Testing
@testable import Ripple

/// `IncrementalArray` behaves as an array does, and its journal gives operators the
/// changes in order, through copies, forks and replacements.
@Suite struct IncrementalArrayTests {
    @Test func `it behaves as an array under every mutation`() {
        var random = SeededRandom(seed: 42)
        var list = IncrementalArray<Int>()
        var array: [Int] = []
        for step in 0..<3_000 {
            let count = array.count
            switch Int.random(in: 0..<9, using: &random) {
            case 0 where count > 0:
                let index = Int.random(in: 0..<count, using: &random)
                list[index] += 1
                array[index] += 1
            case 1:
                let value = Int.random(in: 0..<1_000, using: &random)
                list.append(value)
                array.append(value)
            case 2:
                let index = Int.random(in: 0...count, using: &random)
                list.insert(step, at: index)
                array.insert(step, at: index)
            case 3 where count > 0:
                let index = Int.random(in: 0..<count, using: &random)
                #expect(list.remove(at: index) == array.remove(at: index))
            case 4:
                list.removeAll { $0 % 5 == 0 }
                array.removeAll { $0 % 5 == 0 }
            case 5 where count > 1:
                let from = Int.random(in: 0..<count, using: &random), to = Int.random(in: 0..<count, using: &random)
                list.move(from: from, to: to)
                array.insert(array.remove(at: from), at: to)
            case 6 where count > 0:
                let lower = Int.random(in: 0..<count, using: &random), upper = Int.random(in: lower...count, using: &random)
                list.replaceSubrange(lower..<upper, with: [7, 8, 9])
                array.replaceSubrange(lower..<upper, with: [7, 8, 9])
            case 7:
                list.sort()
                array.sort()
            default:
                list.append(contentsOf: [step, step + 1])
                array.append(contentsOf: [step, step + 1])
            }
            #expect(Array(list) == array, "step \(step)")
        }
        #expect(list.count == array.count)
        #expect(list.first == array.first)
        #expect(list.last == array.last)
    }

    @Test func `moving several elements lands them where SwiftUI's onMove would`() {
        var list = IncrementalArray(["a", "b", "c", "d", "e"])
        list.move(fromOffsets: RangeSet([1..<2, 3..<4]), toOffset: 1)
        #expect(Array(list) == ["a", "b", "d", "c", "e"])
        list.move(fromOffsets: RangeSet(0..<2), toOffset: 5)
        #expect(Array(list) == ["d", "c", "e", "a", "b"])
    }

    @Test func `a copy is independent of the original`() {
        var original = IncrementalArray(0..<100)
        var copy = original
        copy[5] = -5
        copy.append(100)
        original.remove(at: 0)
        #expect(copy[5] == -5)
        #expect(copy.count == 101)
        #expect(original[4] == 5)
        #expect(original.count == 99)
    }

    @Test func `it is Equatable, Hashable, Codable and prints as an array`() throws {
        let list: IncrementalArray = [1, 2, 3]
        #expect(list == IncrementalArray([1, 2, 3]))
        #expect(list != IncrementalArray([1, 2]))
        #expect(Set([list, IncrementalArray([1, 2, 3])]).count == 1)
        let json = try JSONEncoder().encode(list)
        #expect(String(decoding: json, as: UTF8.self) == "[1,2,3]")
        #expect(try JSONDecoder().decode(IncrementalArray<Int>.self, from: json) == list)
        #expect(list.description == "[1, 2, 3]")
        #expect("\(IncrementalArray(["a"]))" == "[\"a\"]")
    }

    // MARK: The journal

    /// The changes an operator would see from `mark` to `list`, as plain values.
    static func changes(_ list: IncrementalArray<Int>, since mark: JournalMark<Int>) -> [String]? {
        guard let changes = list.changes(since: mark) else { return nil }
        return changes.map { change in
            switch change {
            case .insert(let at, let value): "insert \(value) at \(at)"
            case .remove(let at): "remove at \(at)"
            case .replace(let at, let value): "replace at \(at) with \(value)"
            }
        }
    }

    @Test func `the journal lists the changes since a mark, in order`() {
        var list = IncrementalArray([10, 20, 30])
        let mark = list.markForFollowing
        list[1] += 1
        list.append(40)
        list.remove(at: 0)
        #expect(Self.changes(list, since: mark) == ["replace at 1 with 21", "insert 40 at 3", "remove at 0"])
        #expect(Self.changes(list, since: list.markForFollowing) == [])
    }

    @Test func `changes made before anyone followed the list are not kept`() {
        var list = IncrementalArray([1])
        list.append(2)
        let stale = JournalMark(journal: list.journal, position: 0)
        #expect(Self.changes(list, since: stale) == nil)
    }

    @Test func `a copy changed and assigned back is followed change by change`() {
        var list = IncrementalArray([1, 2, 3])
        let mark = list.markForFollowing
        var copy = list
        copy[0] = 100
        copy.append(4)
        list = copy
        #expect(Self.changes(list, since: mark) == ["replace at 0 with 100", "insert 4 at 3"])
    }

    @Test func `a copy that diverged is followed through its fork, when the follower is behind the fork`() {
        var list = IncrementalArray([1, 2, 3])
        let mark = list.markForFollowing
        var copy = list
        list.append(9)          // the original moves on first
        copy[2] = 30            // the copy forks
        #expect(Self.changes(copy, since: mark) == ["replace at 2 with 30"])
        // A follower that saw the original's append cannot reach the copy.
        let ahead = list.markForFollowing
        #expect(Self.changes(copy, since: ahead) == nil)
    }

    @Test func `an unrelated list, a sort, or more changes than the journal keeps need a full pass`() {
        var list = IncrementalArray(Array(0..<100))
        var mark = list.markForFollowing
        list = IncrementalArray(Array(0..<100))
        #expect(Self.changes(list, since: mark) == nil)
        mark = list.markForFollowing
        list.sort(by: >)
        #expect(Self.changes(list, since: mark) == nil)
        mark = list.markForFollowing
        for index in 0..<80 { list[index] = -index }
        #expect(Self.changes(list, since: mark) == nil, "80 changes exceed the journal of a 100-element list")
    }

    @Test func `the journal stays bounded however many changes are made`() {
        var list = IncrementalArray(Array(0..<1_000))
        _ = list.markForFollowing
        for step in 0..<100_000 { list[step % 1_000] = step }
        #expect(list.journal.recorded((list.position - 64)..<list.position)?.count == 64)
        #expect(list.journal.recorded(0..<list.position) == nil, "old changes are dropped")
        #expect(list.journal.changes.count <= 125, "at most an eighth of the list's length, plus the half kept")
    }

    @Test func `copies used from several threads stay consistent`() async {
        let list = IncrementalArray(Array(0..<1_000))
        _ = list.markForFollowing
        await withTaskGroup(of: Int.self) { group in
            for task in 0..<4 {
                group.addTask {
                    var copy = list
                    for step in 0..<2_000 { copy[(step * 7 + task) % 1_000] += 1 }
                    return copy.reduce(0, +)
                }
            }
            for await sum in group {
                #expect(sum == (0..<1_000).reduce(0, +) + 2_000)
            }
        }
    }

    @Test func `SwiftUI's onMove and onDelete calls compile with an IndexSet, and follow the journal`() {
        let list = Signal(IncrementalArray(["a", "b", "c", "d", "e"]))
        let upper = list.map { $0.uppercased() }
        #expect(Array(upper.value) == ["A", "B", "C", "D", "E"])
        list.value.move(fromOffsets: IndexSet([0, 2]), toOffset: 5)
        #expect(Array(list.value) == ["b", "d", "e", "a", "c"])
        #expect(Array(upper.value) == ["B", "D", "E", "A", "C"])
        list.value.remove(atOffsets: IndexSet([1, 3]))
        #expect(Array(list.value) == ["b", "e", "c"])
        #expect(Array(upper.value) == ["B", "E", "C"])
        list.value.remove(atOffsets: [0, 0, 2])   // repeats count once
        #expect(Array(list.value) == ["e"])
    }
}
