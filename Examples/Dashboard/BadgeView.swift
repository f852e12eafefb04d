import Ripple
import RippleViews

/// Reads only `notificationCount`.
struct BadgeView: View {
    @Environment(AppState.self) var state

    func body(_ content: inout ViewContent) {
        let count = state.notificationCount
        content.text(count == 0 ? "No notifications" : "Notifications: \(count)")
    }
}
