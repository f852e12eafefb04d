import Ripple
import RippleViews

/// A book's details, with the button that checks it out or returns it.
struct BookView: View {
    let book: Book

    var identity: Int? { book.id }

    func body(_ content: inout ViewContent) {
        content.text("\(book.title)")
        content.text("Written by: \(book.author.name)")
        content.text(book.isAvailable ? "Available  [Check out]" : "Checked out  [Return]")
    }
}
