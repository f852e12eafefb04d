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

/// The latest measurement. It renders for every sample: an effect runs once per
/// change, however fast the changes come.
struct ReadingView: View {
    @Environment(Station.self) var station

    func body(_ content: inout ViewContent) {
        let sensor = station.sensor
        let settings = station.settings
        content.text(
            "\(settings.label): \(settings.unit.format(celsius: sensor.temperature)), "
                + "\(Int(sensor.humidity.rounded()))% humidity (sample \(sensor.sampleCount))"
        )
    }
}

/// Whether the temperature is above the threshold. It reads the derived answer, not
/// the temperature, so samples that keep the answer render nothing.
struct AlertView: View {
    @Environment(Station.self) var station

    func body(_ content: inout ViewContent) {
        let settings = station.settings
        let threshold = settings.unit.format(celsius: settings.alertThreshold)
        content.text(station.isAlerting ? "ALERT: above \(threshold)" : "OK: alert above \(threshold)")
    }
}

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
