import Ripple
import RippleViews

/// The title with the number of books available, and the list.
///
/// It reads the count and the list itself (which books, in which order), never a
/// title: each row reads its own book.
struct LibraryView: View {
    @Environment(Library.self) var library

    func body(_ content: inout ViewContent) {
        content.text("Books available: \(library.availableBooksCount)")
        content.forEach(library.books) { LibraryItemView(book: $0) }
    }
}
