import Observation
import Ripple

/// The books, shared with every view through the environment.
///
/// An `ObservableModel`: SwiftUI (and `--host observation`) sees its properties
/// through the registrar, as it sees an `@Observable` class's.
@MainActor
final class Library: ObservableModel {
    let observationRegistrar = ObservationRegistrar()
    @Tracked var books: IncrementalArray<Book>

    /// How many books can be checked out. An incremental count: checking a book out or
    /// in looks at that book alone, and a rename looks at nothing.
    @Derived(\Library.books, count: \.isAvailable)
    var availableBooksCount: Int

    /// The number the next added book gets; plain, since no view shows it.
    private var nextID: Int

    init(books: [Book]) {
        self.books = IncrementalArray(books)
        self.nextID = (books.map(\.id).max() ?? 0) + 1
    }

    /// Three books by three authors.
    static func sample() -> Library {
        Library(books: [
            Book(id: 1, title: "Dune", author: Author(name: "Frank Herbert")),
            Book(id: 2, title: "The Left Hand of Darkness", author: Author(name: "Ursula K. Le Guin")),
            Book(id: 3, title: "Kindred", author: Author(name: "Octavia E. Butler")),
        ])
    }

    func book(_ id: Int) -> Book? {
        books.first { $0.id == id }
    }

    @discardableResult
    func add(title: String, author: String) -> Book {
        let book = Book(id: nextID, title: title, author: Author(name: author))
        nextID += 1
        books.append(book)
        return book
    }

    func remove(_ book: Book) {
        books.removeAll { $0 === book }
    }
}
