import Ripple
import RippleViews

/// Edits a book through bindings: each field shows and writes one property.
///
/// The view itself reads nothing, so typing renders only the field typed into (and
/// the other views that show the same property).
struct BookEditView: View {
    @Bindable var book: Book

    var identity: Int? { book.id }

    func body(_ content: inout ViewContent) {
        content.text("Editing book #\(book.id)")
        content.child(TextField("Title", text: $book.title))
        content.child(TextField("Author", text: $book.author.name))
    }
}
