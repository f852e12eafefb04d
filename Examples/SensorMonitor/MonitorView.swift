import Ripple
import RippleViews

/// The root: the reading and the alert while the display is on, and the settings form.
struct MonitorView: View {
    @Environment(Station.self) var station

    func body(_ content: inout ViewContent) {
        content.text(station.isDisplayOn ? "Sensor monitor" : "Sensor monitor (display off)")
        if station.isDisplayOn {
            content.child(ReadingView())
            content.child(AlertView())
        }
        content.child(SettingsView())
    }
}
