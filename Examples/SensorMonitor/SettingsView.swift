import Ripple
import RippleViews

/// The settings form: a text field for the label, and the unit and threshold.
struct SettingsView: View {
    @Environment(Station.self) var station

    func body(_ content: inout ViewContent) {
        @Bindable var settings = station.settings
        content.text("Settings")
        content.child(TextField("Label", text: $settings.label))
        content.text("Unit: \(settings.unit.rawValue)")
        content.text("Alert above: \(settings.unit.format(celsius: settings.alertThreshold))")
    }
}
