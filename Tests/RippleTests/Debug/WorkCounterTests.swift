import Testing
@testable import Ripple

/// `WorkCounter`: a model's derived work, counted from outside the model.
@Suite struct WorkCounterTests {
    final class Book {
        @Tracked var title: String
        @Tracked var isAvailable = true

        init(_ title: String) {
            self.title = title
        }
    }

    final class Library {
        @Tracked var books: IncrementalArray<Book>
        @Tracked var taxRate = 0.1
        @Derived(\Library.books, count: \.isAvailable) var availableCount: Int
        @Derived({ (library: Library) in Double(library.availableCount) * (1 + library.taxRate) })
        var weighted: Double

        init(_ titles: [String]) {
            books = IncrementalArray(titles.map(Book.init))
        }
    }

    @Test func `recomputes and elements are counted per property, in the order they finish, and taken once`() {
        let library = Library(["Dune", "Emma", "Kindred"])
        let work = WorkCounter(library)
        #expect(library.weighted == 3.3000000000000003)
        #expect(work.take() == [
            .init(property: "availableCount", recomputes: 1, elements: 3),
            .init(property: "weighted", recomputes: 1),
        ])
        #expect(work.take().isEmpty)

        library.books[1].isAvailable = false
        #expect(library.weighted == 2.2)
        #expect(work.take() == [
            .init(property: "availableCount", recomputes: 1, elements: 1),
            .init(property: "weighted", recomputes: 1),
        ])

        library.books[0].title = "Dune Messiah"       // read by nothing derived
        library.taxRate = 0.2
        _ = library.weighted
        #expect(work.take() == [.init(property: "weighted", recomputes: 1)])
    }

    @Test func `properties made before the counter are counted too`() {
        let library = Library(["Dune"])
        _ = library.weighted
        let work = WorkCounter(library)
        library.books.append(Book("Emma"))
        _ = library.weighted
        #expect(work.take() == [
            .init(property: "availableCount", recomputes: 1, elements: 1),
            .init(property: "weighted", recomputes: 1),
        ])
    }

    @Test func `another model's work and a released counter are not counted`() {
        let counted = Library(["Dune"]), other = Library(["Emma"])
        let work = WorkCounter(counted)
        _ = other.weighted
        #expect(work.take().isEmpty)
        var released: WorkCounter? = WorkCounter(other)
        released = nil
        _ = released
        other.taxRate = 0.5
        _ = other.weighted
        _ = counted.weighted
        #expect(work.take().map(\.property) == ["availableCount", "weighted"])
    }

    @Test func `work reads as a line`() {
        #expect("\(WorkCounter.Work(property: "total", recomputes: 1))" == "total: 1 recompute")
        #expect("\(WorkCounter.Work(property: "shown", recomputes: 2, elements: 1))" == "shown: 2 recomputes, 1 element")
        #expect("\([WorkCounter.Work(property: "total", recomputes: 3)])" == "[total: 3 recomputes]")
    }
}
