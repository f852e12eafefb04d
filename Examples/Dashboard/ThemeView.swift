import Ripple
import RippleViews

/// Reads only `theme`.
struct ThemeView: View {
    @Environment(AppState.self) var state

    func body(_ content: inout ViewContent) {
        content.text("Theme: \(state.theme.rawValue)")
    }
}
