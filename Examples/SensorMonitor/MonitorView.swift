import Ripple
import RippleViews

/// The root: the reading, the alert and the settings form.
struct MonitorView: View {
    func body(_ content: inout ViewContent) {
        content.text("Sensor monitor")
        content.child(ReadingView())
        content.child(AlertView())
        content.child(SettingsView())
    }
}
