import Ripple
import RippleViews

/// Reads only `userName`.
struct HeaderView: View {
    @Environment(AppState.self) var state

    func body(_ content: inout ViewContent) {
        content.text("Hello, \(state.userName)!")
    }
}
