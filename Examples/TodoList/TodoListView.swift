import Ripple
import RippleViews

/// The filtered list: one row per todo shown.
///
/// It reads `filteredItems`, so it renders again when the filtered list changes, not
/// when a todo is toggled or renamed in place.
///
/// Its rows follow the filtered list's change set: a toggle that hides one todo
/// removes one row, whatever the list's length.
struct TodoListView: View {
    @Environment(TodoStore.self) var store
    @Environment(ListRows<TodoItem>.self) var rows

    func body(_ content: inout ViewContent) {
        let shown = store.filteredItems
        content.text("Showing \(shown.count) of \(store.items.count), \(rows.update(to: shown))")
        content.forEach(rows.rows) { TodoRowView(item: $0) }
    }
}
