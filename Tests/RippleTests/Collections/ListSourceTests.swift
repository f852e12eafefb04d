import Testing
@testable import Ripple

/// An operator reads a `@Tracked` list where it is stored, and any other source through
/// the property that names it: a source that picks between lists, or changes a copy,
/// is followed as it is.
@Suite struct ListSourceTests {
    final class Shelves {
        @Tracked var showsArchive = false
        @Tracked var current: IncrementalArray<Int> = [1, 2, 3, 4]
        @Tracked var archive: IncrementalArray<Int> = [10, 20]

        /// Reads two properties: which list, then that list.
        var shown: IncrementalArray<Int> { showsArchive ? archive : current }

        /// Reads one property and returns a changed copy of it.
        var withSentinel: IncrementalArray<Int> {
            var copy = current
            copy.append(1000)
            return copy
        }

        @Derived(\Shelves.current, sum: { $0 })
        var currentTotal: Int

        @Derived(\Shelves.shown, sum: { $0 })
        var shownTotal: Int

        @Derived(\Shelves.withSentinel, filter: { $0 >= 3 })
        var large: IncrementalArray<Int>
    }

    @Test func aTrackedSourceIsFollowedChangeByChange() {
        let shelves = Shelves()
        #expect(shelves.currentTotal == 10)
        shelves.current[0] = 5
        #expect(shelves.currentTotal == 14)
        shelves.current.append(6)
        shelves.current.remove(at: 1)
        #expect(shelves.currentTotal == 18)
        // An unrelated list replaces it: one full pass.
        shelves.current = [100]
        #expect(shelves.currentTotal == 100)
        shelves.current.insert(1, at: 0)
        #expect(shelves.currentTotal == 101)
    }

    @Test func aSourceThatPicksBetweenListsFollowsThePick() {
        let shelves = Shelves()
        #expect(shelves.shownTotal == 10)
        shelves.current.append(5)
        #expect(shelves.shownTotal == 15)
        shelves.showsArchive = true
        #expect(shelves.shownTotal == 30)
        // The list it no longer shows changes nothing; the one it shows does.
        shelves.current.append(100)
        #expect(shelves.shownTotal == 30)
        shelves.archive[0] = 11
        #expect(shelves.shownTotal == 31)
        shelves.showsArchive = false
        #expect(shelves.shownTotal == 115)
    }

    @Test func aSourceThatChangesACopyIsReadThroughItsProperty() {
        let shelves = Shelves()
        #expect(Array(shelves.large) == [3, 4, 1000])
        shelves.current[0] = 7
        #expect(Array(shelves.large) == [7, 3, 4, 1000])
        shelves.current.remove(at: 2)
        #expect(Array(shelves.large) == [7, 4, 1000])
    }

    @Test func aTrackedSourceWrittenInABatchIsReadAsWritten() {
        let shelves = Shelves()
        #expect(shelves.currentTotal == 10)
        batch {
            shelves.current.append(5)
            #expect(shelves.currentTotal == 15)
            shelves.current[0] = 0
        }
        #expect(shelves.currentTotal == 14)
    }
}
