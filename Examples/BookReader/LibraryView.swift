import Ripple
import RippleViews

/// The title with the number of books available, and the list.
///
/// It reads the count and the list itself (which books, in which order), never a
/// title: each row reads its own book.
///
/// Its rows follow the list's change set: adding a book inserts one row.
struct LibraryView: View {
    @Environment(Library.self) var library
    @Environment(ListRows<Book>.self) var rows

    func body(_ content: inout ViewContent) {
        content.text("Books available: \(library.availableBooksCount), \(rows.update(to: library.books))")
        content.forEach(rows.rows) { LibraryItemView(book: $0) }
    }
}
