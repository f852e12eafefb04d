import Ripple
import RippleViews

/// One row of the list: the title, whether the book is out, and the author.
struct LibraryItemView: View {
    let book: Book

    var identity: Int? { book.id }

    func body(_ content: inout ViewContent) {
        content.text("\(book.id). \(book.title)\(book.isAvailable ? "" : " (checked out)")")
        content.text("   Written by: \(book.author.name)")
    }
}
