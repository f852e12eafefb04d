import Ripple

enum TemperatureUnit: String, Codable, CaseIterable {
    case celsius, fahrenheit

    var symbol: String {
        switch self {
        case .celsius: "°C"
        case .fahrenheit: "°F"
        }
    }

    /// A Celsius temperature in this unit.
    func fromCelsius(_ degrees: Double) -> Double {
        switch self {
        case .celsius: degrees
        case .fahrenheit: degrees * 9 / 5 + 32
        }
    }

    /// A temperature in this unit, in Celsius.
    func toCelsius(_ degrees: Double) -> Double {
        switch self {
        case .celsius: degrees
        case .fahrenheit: (degrees - 32) * 5 / 9
        }
    }

    /// `22.3 °C`: one decimal.
    func format(celsius degrees: Double) -> String {
        "\(oneDecimal(fromCelsius(degrees))) \(symbol)"
    }
}

/// How the monitor shows its readings. `Codable` with the synthesized conformance:
/// `@Tracked` encodes its bare value, so the file reads
/// `{"alertThreshold":30,"label":"Greenhouse","unit":"celsius"}`.
final class SensorSettings: Codable {
    @Tracked var label = "Greenhouse"
    @Tracked var unit = TemperatureUnit.celsius
    /// In degrees Celsius, whatever the unit shown.
    @Tracked var alertThreshold = 30.0

    init() {}

    /// Takes every value of `other`, in one batch: each view renders once.
    func update(from other: SensorSettings) {
        batch {
            label = other.label
            unit = other.unit
            alertThreshold = other.alertThreshold
        }
    }
}

/// `22.3`, `-0.5`, `30.0`: rounded to one decimal.
func oneDecimal(_ value: Double) -> String {
    // Far beyond any sensor's range, but never a trap converting to Int.
    guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
    let tenths = Int((abs(value) * 10).rounded())
    let sign = value < 0 && tenths != 0 ? "-" : ""
    return "\(sign)\(tenths / 10).\(tenths % 10)"
}

extension SensorSettings {
    /// The threshold in the unit shown, for the form: `$settings.alertThresholdInUnit`
    /// is a binding that converts on the way in and out.
    var alertThresholdInUnit: Double {
        get { unit.fromCelsius(alertThreshold) }
        set { alertThreshold = unit.toCelsius(newValue) }
    }
}
