import Ripple
import RippleViews

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
