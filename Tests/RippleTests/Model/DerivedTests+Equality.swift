// Equality cut-off: a derived property that recomputes to an equal value (by `==`,
// by identity for an object) re-runs nothing downstream; one without equality always does.

import Testing
@testable import Ripple

extension DerivedTests {
    @Test func `an effect is not re-run when the derived value recomputes equal`() {
        let library = Library()
        let view = ViewProbe("available") { library.availableBooksCount }
        library.books.append(Book(title: "Lent", isAvailable: false))
        library.books[0].title = "Dune"
        #expect(library.availableCountRuns == 2)
        #expect(view.outputs == [3])

        library.books[3].isAvailable = true
        #expect(library.availableCountRuns == 3)
        #expect(view.outputs == [3, 4])
        view.cancel()
    }

    @Test func `an object-valued derived property compares by identity`() {
        let library = Library()
        let first = library.books[0]
        let view = ViewProbe("first") { ObjectIdentifier(library.firstAvailable) }
        // Recomputes to the same instance: no re-render.
        library.books.append(Book())
        #expect(library.firstAvailableRuns == 2)
        #expect(view.renders == 1)

        // `first(where:)` stopped at books[0]: books[1] was never read.
        library.books[1].isAvailable = false
        #expect(library.firstAvailableRuns == 2)

        first.isAvailable = false
        #expect(library.firstAvailableRuns == 3)
        #expect(view.outputs == [ObjectIdentifier(first), ObjectIdentifier(library.books[2])])

        batch {
            library.books[2].isAvailable = false
            library.books[3].isAvailable = false
        }
        #expect(view.outputs.last == ObjectIdentifier(library.noBook))
        #expect(view.renders == 3)
        view.cancel()
    }

    @Test func `a derived value without equality notifies on every recompute`() {
        final class Shelf {
            @Tracked var count = 1
            @Derived({ (shelf: Shelf) in Payload(number: shelf.count % 2) })
            var parity: Payload
        }
        let shelf = Shelf()
        let view = ViewProbe("parity") { shelf.parity.number }
        shelf.count = 3
        #expect(view.outputs == [1, 1])
        view.cancel()
    }

    @Test func `an Equatable object-valued derived property compares with ==`() {
        final class Shelf {
            @Tracked var genre = "sf"
            @Derived({ (shelf: Shelf) in Tag(shelf.genre.lowercased()) })
            var tag: Tag
        }
        let shelf = Shelf()
        let view = ViewProbe("tag") { shelf.tag.name }
        let first = shelf.tag
        shelf.genre = "SF"                  // a new, equal Tag
        #expect(view.outputs == ["sf"])
        #expect(shelf.tag === first)
        shelf.genre = "NF"
        #expect(view.outputs == ["sf", "nf"])
        view.cancel()
    }
}
