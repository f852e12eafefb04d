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

/// Reads only `userName`.
struct HeaderView: View {
    @Environment(AppState.self) var state

    func body(_ content: inout ViewContent) {
        content.text("Hello, \(state.userName)!")
    }
}

/// Reads only `notificationCount`.
struct BadgeView: View {
    @Environment(AppState.self) var state

    func body(_ content: inout ViewContent) {
        let count = state.notificationCount
        content.text(count == 0 ? "No notifications" : "Notifications: \(count)")
    }
}

/// Reads only `theme`.
struct ThemeView: View {
    @Environment(AppState.self) var state

    func body(_ content: inout ViewContent) {
        content.text("Theme: \(state.theme.rawValue)")
    }
}
