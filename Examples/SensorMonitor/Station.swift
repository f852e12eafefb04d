import Ripple

/// The sensor with its settings, and whether the temperature is above the threshold.
final class Station {
    let sensor: Sensor
    let settings: SensorSettings

    /// Recomputed on every sample, but a view that shows it renders only when the
    /// answer changes.
    @Derived({ (station: Station) in station.sensor.temperature > station.settings.alertThreshold })
    var isAlerting: Bool

    /// Whether the screen shows the reading and the alert. Not a setting: it is not saved.
    @Tracked var isDisplayOn = true

    init(sensor: Sensor = Sensor(), settings: SensorSettings = SensorSettings()) {
        self.sensor = sensor
        self.settings = settings
    }
}
