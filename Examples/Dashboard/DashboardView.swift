import Ripple
import RippleViews

/// The root: a status line (it reads `isLoading`) over the three panels.
struct DashboardView: View {
    @Environment(AppState.self) var state

    func body(_ content: inout ViewContent) {
        content.text(state.isLoading ? "Dashboard (loading...)" : "Dashboard")
        content.child(HeaderView())
        content.child(BadgeView())
        content.child(ThemeView())
    }
}
