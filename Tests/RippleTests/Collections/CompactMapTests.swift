import Testing
@testable import Ripple

/// `compactMap`, the operator written as hooks alone (`CompactMapLogic`): its output,
/// and its work, one closure call per changed element.
@Suite struct CompactMapTests {
    final class Member {
        @Tracked var name: String
        @Tracked var email: String?

        init(_ name: String, _ email: String?) {
            self.name = name
            self.email = email
        }
    }

    final class Team {
        var calls = 0
        @Tracked var members: IncrementalArray<Member>
        // Unowned: the closure lives as long as the team's node, so a strong capture
        // would keep the team alive.
        @Derived(\Team.members, compactMap: { team in
            return { [unowned team] member in
                team.calls += 1
                return member.email
            }
        })
        var mailingList: IncrementalArray<String>
        @Derived(\Team.mailingList, count: { $0.hasSuffix(".org") }) var orgAddresses: Int

        init(_ members: [Member]) {
            self.members = IncrementalArray(members)
        }
    }

    @Test func `an element joins, changes and leaves the output at its place in source order`() {
        let ada = Member("Ada", "ada@example.com"), alan = Member("Alan", nil), grace = Member("Grace", "grace@navy.org")
        let team = Team([ada, alan, grace])
        #expect(Array(team.mailingList) == ["ada@example.com", "grace@navy.org"])
        #expect(team.calls == 3)

        alan.email = "alan@bletchley.org"          // joins, between Ada and Grace
        #expect(Array(team.mailingList) == ["ada@example.com", "alan@bletchley.org", "grace@navy.org"])
        #expect(team.orgAddresses == 2)
        ada.email = "ada@analytical.org"           // changes in place
        #expect(Array(team.mailingList) == ["ada@analytical.org", "alan@bletchley.org", "grace@navy.org"])
        #expect(team.orgAddresses == 3)
        grace.email = nil                           // leaves
        #expect(Array(team.mailingList) == ["ada@analytical.org", "alan@bletchley.org"])
        #expect(team.calls == 6, "one call per changed member")

        ada.name = "Ada Lovelace"                   // the closure did not read the name
        #expect(Array(team.mailingList).count == 2)
        #expect(team.calls == 6)
    }

    @Test func `insertions and removals of the source follow the same ranks`() {
        let team = Team([Member("A", "a@x.org"), Member("B", nil), Member("C", "c@x.org")])
        #expect(Array(team.mailingList) == ["a@x.org", "c@x.org"])
        team.members.insert(Member("D", "d@x.org"), at: 1)
        team.members.remove(at: 3)                  // C
        team.members.append(Member("E", nil))
        #expect(Array(team.mailingList) == ["a@x.org", "d@x.org"])
        #expect(team.calls == 5, "three at first, then one per inserted member")
        team.members.remove(at: 0)
        #expect(Array(team.mailingList) == ["d@x.org"])
        #expect(team.calls == 5, "a removal calls nothing")
    }

    @Test func `a signal's compactMap follows its list`() {
        let entries = Signal(IncrementalArray(["3", "x", "5"]))
        let numbers = entries.compactMap { Int($0) }
        #expect(Array(numbers.value) == [3, 5])
        entries.value[1] = "4"
        entries.value.append("y")
        entries.value[0] = "z"
        #expect(Array(numbers.value) == [4, 5])
    }

    @Test func `a result equal to the one before changes nothing downstream`() {
        let entries = Signal(IncrementalArray(["1", "2"]))
        let numbers = entries.compactMap { Int($0) }
        var runs = 0
        let effect = Effect {
            _ = numbers.value
            runs += 1
        }
        entries.value[0] = "01"                     // still 1
        #expect(runs == 1)
        entries.value[0] = "7"
        #expect(runs == 2)
        effect.cancel()
    }
}
