import Ripple
import RippleViews

/// The filtered list: one row per todo shown.
///
/// It reads `filteredItems`, so it renders again when the filtered list changes, not
/// when a todo is toggled or renamed in place.
struct TodoListView: View {
    @Environment(TodoStore.self) var store

    func body(_ content: inout ViewContent) {
        let shown = store.filteredItems
        content.text("Showing \(shown.count) of \(store.items.count)")
        content.forEach(shown) { TodoRowView(item: $0) }
    }
}
