import Ripple

/// One measurement: a temperature in degrees Celsius and a relative humidity in percent.
struct Sample: Equatable, Sendable {
    var temperature: Double
    var humidity: Double
}

/// The sensor's latest measurement, and how many it has taken.
final class Sensor {
    @Tracked var temperature = 20.0
    @Tracked var humidity = 50.0
    @Tracked var sampleCount = 0

    /// Stores a measurement: the three properties change together, in one batch, so no
    /// reader ever sees a new temperature with the previous humidity.
    func record(_ sample: Sample) {
        batch {
            temperature = sample.temperature
            humidity = sample.humidity
            sampleCount += 1
        }
    }
}
