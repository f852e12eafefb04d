import Ripple
import RippleViews

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
