import Ripple
import RippleViews

/// The root: a breadcrumb, the library, and the open book's details and editor.
///
/// It reads only the navigation, so opening a book renders it again while the library
/// list beside it stays as it is.
struct ContentView: View {
    @Environment(Navigation.self) var navigation

    func body(_ content: inout ViewContent) {
        let selection = navigation.selection
        let editing = navigation.editing
        var path = ["Library"]
        if let selection { path.append("Book #\(selection.id)") }
        if let editing { path.append("Edit #\(editing.id)") }
        content.text(path.joined(separator: " > "))
        content.child(LibraryView())
        if let selection {
            content.child(BookView(book: selection))
        }
        if let editing {
            content.child(BookEditView(book: editing))
        }
    }
}
