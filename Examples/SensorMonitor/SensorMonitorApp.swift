import Ripple
import RippleViews

/// The sensor monitor in a terminal: a simulated sensor writes bursts of samples from a
/// task; views render on every sample, while a consumer that follows
/// `observe { ... }` receives one coalesced reading per burst.
///
/// The sensor runs only while something observes its readings (`whileObserved`): the
/// views that show them, or the consumer. Turning both off stops its task; turning
/// either on starts a new one.
///
/// The scripted run is deterministic without sleeping: the sensor task writes a burst
/// without suspending, then waits for the next; each `burst` command waits until the
/// sensor has written it and the consumer, if on, has received its reading.
@MainActor
final class SensorMonitorApp: TerminalApp {
    let station = Station()
    let host = ViewHost()
    let settingsFile = SettingsFile()

    /// Where the `burst` command hands samples to the sensor task, while it runs.
    private var burstInput: AsyncStream<[Sample]>.Continuation?
    private var sensorTask: Task<Void, Never>?
    private var consumerTask: Task<Void, Never>?
    private let written = Handoff()
    private let delivered = Handoff()
    private var consumerLines: [String] = []
    private var sensorLines: [String] = []
    private var lastDelivered: Reading?
    private(set) var readingsReceived = 0
    private var finished = false

    /// What the consumer follows.
    struct Reading: Equatable {
        var sample: Int
        var temperature: Double
        var humidity: Double
    }

    init() {
        let sensor = station.sensor
        whileObserved({ (sensor.temperature, sensor.humidity, sensor.sampleCount) }) { [weak self] in
            self?.startSensor()
            return { [weak self] in self?.stopSensor() }
        }
    }

    let title = [
        "SensorMonitor: a simulated sensor writes bursts of samples from a task. Views render",
        "on every sample; a consumer following observe { ... } gets one coalesced reading per burst.",
    ]

    let commands = [
        CommandSpec("burst <temperature>/<humidity> ...", "the sensor writes these samples in quick succession (°C/%)"),
        CommandSpec(#"label "<name>""#, "rename the sensor"),
        CommandSpec("unit <celsius|fahrenheit>", "the unit temperatures are shown in"),
        CommandSpec("threshold <degrees>", "alert above this temperature, in the unit shown"),
        CommandSpec("display <on|off>", "show or hide the reading and the alert"),
        CommandSpec("consumer <on|off>", "start or stop the consumer that follows the readings"),
        CommandSpec("save", "save the settings to a JSON file"),
        CommandSpec("load", "load the saved settings"),
        CommandSpec("show", "print the whole screen"),
    ]

    let script = [
        "burst 20.5/45 21.0/46 21.4/47 21.9/48 22.3/48",
        "threshold 22",
        "unit fahrenheit",
        #"label "Cellar""#,
        "save",
        "unit celsius",
        #"label "Attic""#,
        "load",
        "burst 21.8/50 22.6/51 21.5/52",
        "display off",
        "consumer off",
        "display on",
        "burst 23.5/49",
        "consumer on",
    ]

    enum Switch: String, CaseIterable {
        case on, off
    }

    func start() async -> [String] {
        withEnvironment(station) {
            host.mount(MonitorView())
        }
        startConsumer()
        await delivered.wait()
        return host.takeReport() + takeSensorLines() + takeConsumerLines()
    }

    func run(_ command: Command) async throws(CommandError) -> [String] {
        @Bindable var settings = station.settings
        switch command.name {
        case "burst":
            guard !command.arguments.isEmpty else {
                throw .malformed("expected at least one sample, as in 21.5/40")
            }
            var samples: [Sample] = []
            for word in command.arguments {
                samples.append(try Self.sample(word))
            }
            guard let burstInput else {
                throw .rejected("the sensor is off: nothing observes its readings; turn the display or the consumer on")
            }
            let following = consumerTask != nil
            await host.update {
                burstInput.yield(samples)
                await written.wait()
                if following { await delivered.wait() }
            }
            return host.takeReport() + takeConsumerLines()
        case "display":
            try command.expectArguments(1)
            let on = try command.choice(at: 0, of: Switch.self) == .on
            guard on != station.isDisplayOn else { throw .rejected("the display is already \(on ? "on" : "off")") }
            host.update { station.isDisplayOn = on }
            return host.takeReport() + takeSensorLines()
        case "consumer":
            try command.expectArguments(1)
            let on = try command.choice(at: 0, of: Switch.self) == .on
            guard on != (consumerTask != nil) else { throw .rejected("the consumer is already \(on ? "on" : "off")") }
            if on {
                lastDelivered = nil
                startConsumer()
                await delivered.wait()
            } else {
                await stopConsumer()
                consumerLines.append("  consumer: stopped")
            }
            return takeConsumerLines() + takeSensorLines()
        case "label":
            try command.expectArguments(1)
            let label = try command.text(at: 0, "the label")
            host.update { $settings.label.wrappedValue = label }
        case "unit":
            try command.expectArguments(1)
            let unit = try command.choice(at: 0, of: TemperatureUnit.self)
            host.update { $settings.unit.wrappedValue = unit }
        case "threshold":
            try command.expectArguments(1)
            let unit = settings.unit
            let range = unit.fromCelsius(Self.temperatures.lowerBound)...unit.fromCelsius(Self.temperatures.upperBound)
            let degrees = try command.decimal(at: 0, "the threshold", in: range, unit: unit.symbol)
            host.update { $settings.alertThresholdInUnit.wrappedValue = degrees }
        case "save":
            try command.expectArguments(0)
            do {
                let json = try settingsFile.save(station.settings)
                return ["  saved \(settingsFile.path) (removed when the program ends):", "    \(json)"]
            } catch {
                throw .rejected("could not save \(settingsFile.path): \(error)")
            }
        case "load":
            try command.expectArguments(0)
            let saved: (settings: SensorSettings, json: String)?
            do {
                saved = try settingsFile.load()
            } catch {
                throw .rejected("could not load \(settingsFile.path): \(error)")
            }
            guard let saved else { throw .rejected("no saved settings: use 'save' first") }
            try Self.check(saved.settings, from: settingsFile.path)
            host.update { station.settings.update(from: saved.settings) }
            return ["  loaded \(settingsFile.path):", "    \(saved.json)"] + host.takeReport()
        case "show":
            try command.expectArguments(0)
            return host.screen.map { "  " + $0 }
        default:
            throw .unknown(command.name)
        }
        return host.takeReport()
    }

    /// Stops the sensor and the consumer and removes the settings file.
    func finish() async -> [String] {
        guard !finished else { return [] }
        finished = true
        await stopConsumer()
        burstInput?.finish()
        await sensorTask?.value
        settingsFile.remove()
        let renders = host.renderCounts["ReadingView", default: 0]
        return [
            "  The sensor wrote \(String(count: station.sensor.sampleCount, "sample")): ReadingView rendered "
                + "\(String(count: renders, "time")) (launch included), the consumer received "
                + "\(String(count: readingsReceived, "reading")).",
        ]
    }

    /// The sensor: writes each burst it is given, sample after sample, without
    /// suspending in between. Started when its readings become observed.
    private func startSensor() {
        let sensor = station.sensor
        let (bursts, input) = AsyncStream<[Sample]>.makeStream()
        burstInput = input
        let written = self.written
        sensorTask = Task {
            for await burst in bursts {
                for sample in burst {
                    sensor.record(sample)
                }
                written.post()
            }
        }
        sensorLines.append("  sensor: started (its readings are observed)")
    }

    /// Stopped when nothing observes its readings any more: its task ends.
    private func stopSensor() {
        burstInput?.finish()
        burstInput = nil
        sensorLines.append("  sensor: stopped (nothing observes its readings)")
    }

    private func stopConsumer() async {
        guard let consumerTask else { return }
        self.consumerTask = nil
        consumerTask.cancel()
        await consumerTask.value
    }

    private func takeSensorLines() -> [String] {
        defer { sensorLines = [] }
        return sensorLines
    }

    /// The consumer: follows the sensor through `observe`, which yields the latest
    /// reading once per burst, however many samples the burst wrote.
    private func startConsumer() {
        let sensor = station.sensor
        consumerTask = Task { [weak self] in
            let readings = observe {
                Reading(sample: sensor.sampleCount, temperature: sensor.temperature, humidity: sensor.humidity)
            }
            for await reading in readings {
                self?.receive(reading)
            }
        }
    }

    private func receive(_ reading: Reading) {
        let since = lastDelivered.map { "\(String(count: reading.sample - $0.sample, "sample")) since the last reading" }
            ?? "first reading"
        // In the unit the views show, read when the reading arrives: not a dependency.
        let unit = station.settings.unit
        consumerLines.append(
            "  consumer: sample \(reading.sample): \(unit.format(celsius: reading.temperature)), "
                + "\(Int(reading.humidity.rounded()))% (\(since))"
        )
        lastDelivered = reading
        readingsReceived += 1
        delivered.post()
    }

    private func takeConsumerLines() -> [String] {
        defer { consumerLines = [] }
        return consumerLines
    }

    /// What the sensor measures, in degrees Celsius: a sample, and the threshold, must be
    /// within it.
    static let temperatures = -40.0...125.0
    static let humidities = 0.0...100.0

    /// Parses `21.5/40`: degrees Celsius and percent humidity.
    static func sample(_ word: String) throws(CommandError) -> Sample {
        let parts = word.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let temperature = NumberSyntax.decimal(parts[0]), temperatures.contains(temperature),
              let humidity = NumberSyntax.decimal(parts[1]), humidities.contains(humidity)
        else {
            throw .malformed(
                "expected <temperature>/<humidity>, as in 21.5/40, with the temperature "
                    + "\(NumberSyntax.describe(temperatures, unit: "°C")) and the humidity "
                    + "\(NumberSyntax.describe(humidities, unit: "%")), got \(Command.quoted(word))"
            )
        }
        return Sample(temperature: temperature, humidity: humidity)
    }

    /// Refuses settings a user could not have typed: the file is theirs to edit.
    static func check(_ settings: SensorSettings, from path: String) throws(CommandError) {
        let label = settings.label
        guard !label.allSatisfy(\.isWhitespace), label.count <= Command.maximumTextLength,
              !label.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw .rejected(
                "\(path) has a label that is empty, longer than \(Command.maximumTextLength) characters or holds control characters"
            )
        }
        guard temperatures.contains(settings.alertThreshold) else {
            throw .rejected(
                "\(path) has an alert threshold of \(settings.alertThreshold) °C, outside the sensor's range "
                    + "(\(NumberSyntax.describe(temperatures, unit: "°C")))"
            )
        }
    }
}
