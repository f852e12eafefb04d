import Ripple
import RippleViews

/// How many todos are pending and done.
struct SummaryView: View {
    @Environment(TodoStore.self) var store

    func body(_ content: inout ViewContent) {
        content.text("\(store.pendingCount) pending, \(store.completedCount) done")
    }
}
