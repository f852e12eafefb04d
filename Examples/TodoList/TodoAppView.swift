import Ripple
import RippleViews

/// The root: a title over the filter bar, the list and the summary. It reads nothing,
/// so it renders once.
struct TodoAppView: View {
    func body(_ content: inout ViewContent) {
        content.text("Todos")
        content.child(FilterBarView())
        content.child(TodoListView())
        content.child(SummaryView())
    }
}
