import Foundation
import Ripple
import RippleViews
import Testing
@testable import SensorMonitor

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct SensorMonitorTests {
    @Test func `the scripted run prints the expected transcript`() async {
        expectTranscript(await Self.scriptedTranscript(), Self.transcript)
    }

    @Test func `the scripted run is the same every time`() async {
        let first = await Self.scriptedTranscript()
        for _ in 0..<20 {
            #expect(await Self.scriptedTranscript() == first)
        }
    }

    /// The scripted transcript with the settings folder, new on every run, as `<folder>`.
    static func scriptedTranscript() async -> [String] {
        let app = SensorMonitorApp()
        let folder = app.settingsFile.directory.path
        return await app.scriptedTranscript().map { $0.replacingOccurrences(of: folder, with: "<folder>") }
    }

    @Test func `a burst renders the reading for every sample and the consumer once`() async throws {
        let app = SensorMonitorApp()
        _ = await app.start()
        let rendered = try await renders(in: app.host) {
            let output = try await run(app, "burst 21/40 22/41 23/42 24/43")
            #expect(output.last == "  consumer: sample 4: 24.0 °C, 43% (4 samples since the last reading)")
        }
        // The alert did not change (24 is below 30): its view did not render.
        #expect(rendered == ["ReadingView": 4])
        #expect(app.readingsReceived == 2)
        _ = await app.finish()
    }

    @Test func `the consumer reports in the unit the views show, with singular counts`() async throws {
        let app = SensorMonitorApp()
        _ = await app.start()
        _ = try await run(app, "unit fahrenheit")
        let output = try await run(app, "burst 25/40")
        #expect(output.last == "  consumer: sample 1: 77.0 °F, 40% (1 sample since the last reading)")
        #expect(output.contains("  ReadingView  | Greenhouse: 77.0 °F, 40% humidity (sample 1)"))
        #expect(await app.finish() == [
            "  The sensor wrote 1 sample: ReadingView rendered 3 times (launch included), the consumer received 2 readings.",
        ])
    }

    @Test func `the alert renders only when the answer changes`() async throws {
        let app = SensorMonitorApp()
        _ = await app.start()
        let rendered = try await renders(in: app.host) {
            _ = try await run(app, "burst 29/40 31/40 32/40 33/40 29.5/40")
        }
        #expect(rendered == ["ReadingView": 5, "AlertView": 2])
        _ = await app.finish()
    }

    @Test func `settings are saved to JSON and loaded back in one batch`() async throws {
        let app = SensorMonitorApp()
        _ = await app.start()
        _ = try await run(app, #"label "Lab""#)
        _ = try await run(app, "unit fahrenheit")
        _ = try await run(app, "threshold 86")
        #expect(app.station.settings.alertThreshold == 30)
        #expect(try await run(app, "save") == [
            "  saved \(app.settingsFile.path) (removed when the program ends):",
            #"    {"alertThreshold":30,"label":"Lab","unit":"fahrenheit"}"#,
        ])

        let saved = try JSONDecoder().decode(SensorSettings.self, from: Data(contentsOf: app.settingsFile.url))
        #expect(saved.label == "Lab" && saved.unit == .fahrenheit && saved.alertThreshold == 30)

        _ = try await run(app, #"label "Garage""#)
        _ = try await run(app, "unit celsius")
        _ = try await run(app, "threshold 25")
        let rendered = try await renders(in: app.host) {
            _ = try await run(app, "load")
        }
        #expect(rendered == ["ReadingView": 1, "AlertView": 1, "SettingsView": 1, #"TextField "Label""#: 1])
        #expect(app.station.settings.label == "Lab")
        #expect(app.station.settings.unit == .fahrenheit)
        #expect(app.station.settings.alertThreshold == 30)

        _ = await app.finish()
        #expect(!FileManager.default.fileExists(atPath: app.settingsFile.directory.path))
    }

    @Test func `the sensor runs only while the views or the consumer observe its readings`() async throws {
        let app = SensorMonitorApp()
        let launch = await app.start()
        #expect(launch.contains("  sensor: started (its readings are observed)"))
        #expect(try await run(app, "display off").allSatisfy { !$0.hasPrefix("  sensor:") })
        #expect(try await run(app, "consumer off") == ["  consumer: stopped", "  sensor: stopped (nothing observes its readings)"])
        await #expect(throws: CommandError.rejected(
            "the sensor is off: nothing observes its readings; turn the display or the consumer on"
        )) {
            _ = try await run(app, "burst 21/40")
        }
        #expect(try await run(app, "consumer on").last == "  sensor: started (its readings are observed)")
        let burst = try await run(app, "burst 21/40")
        #expect(burst.last == "  consumer: sample 1: 21.0 °C, 40% (1 sample since the last reading)")
        _ = await app.finish()
    }

    @Test(arguments: [(22.25, "22.3"), (-0.04, "0.0"), (-0.5, "-0.5"), (30, "30.0"), (72.14, "72.1")])
    func `temperatures show one decimal`(value: Double, shown: String) {
        #expect(oneDecimal(value) == shown)
    }

    @Test func `interactive mode reports unknown and malformed commands and carries on`() async {
        let transcript = await SensorMonitorApp().interactiveTranscript(Self.input)
        let session = Array(transcript.drop { $0 != "Type a command; 'help' lists them, 'quit' ends." })
        expectTranscript(session, Self.session)
    }

    static let input = [
        "burst", "burst 20/abc 21/40", "burst 20/140", "unit kelvin", "threshold warm", "load", "reboot",
        "burst 25/40 31/41", "show", "quit",
    ]

    static let transcript = """
        SensorMonitor: a simulated sensor writes bursts of samples from a task. Views render
        on every sample; a consumer following observe { ... } gets one coalesced reading per burst.

        > (launch)
          MonitorView        | Sensor monitor
          ReadingView        | Greenhouse: 20.0 °C, 50% humidity (sample 0)
          AlertView          | OK: alert above 30.0 °C
          SettingsView       | Settings
                             | Unit: celsius
                             | Alert above: 30.0 °C
          TextField "Label"  | Label: [Greenhouse]
          (5 of 5 views rendered)
          sensor: started (its readings are observed)
          consumer: sample 0: 20.0 °C, 50% (first reading)

        > burst 20.5/45 21.0/46 21.4/47 21.9/48 22.3/48
          ReadingView x5  | Greenhouse: 22.3 °C, 48% humidity (sample 5)
          (1 of 5 views rendered)
          consumer: sample 5: 22.3 °C, 48% (5 samples since the last reading)

        > threshold 22
          AlertView     | ALERT: above 22.0 °C
          SettingsView  | Settings
                        | Unit: celsius
                        | Alert above: 22.0 °C
          (2 of 5 views rendered)

        > unit fahrenheit
          ReadingView   | Greenhouse: 72.1 °F, 48% humidity (sample 5)
          AlertView     | ALERT: above 71.6 °F
          SettingsView  | Settings
                        | Unit: fahrenheit
                        | Alert above: 71.6 °F
          (3 of 5 views rendered)

        > label "Cellar"
          ReadingView        | Cellar: 72.1 °F, 48% humidity (sample 5)
          TextField "Label"  | Label: [Cellar]
          (2 of 5 views rendered)

        > save
          saved <folder>/settings.json (removed when the program ends):
            {"alertThreshold":22,"label":"Cellar","unit":"fahrenheit"}

        > unit celsius
          ReadingView   | Cellar: 22.3 °C, 48% humidity (sample 5)
          AlertView     | ALERT: above 22.0 °C
          SettingsView  | Settings
                        | Unit: celsius
                        | Alert above: 22.0 °C
          (3 of 5 views rendered)

        > label "Attic"
          ReadingView        | Attic: 22.3 °C, 48% humidity (sample 5)
          TextField "Label"  | Label: [Attic]
          (2 of 5 views rendered)

        > load
          loaded <folder>/settings.json:
            {"alertThreshold":22,"label":"Cellar","unit":"fahrenheit"}
          ReadingView        | Cellar: 72.1 °F, 48% humidity (sample 5)
          TextField "Label"  | Label: [Cellar]
          AlertView          | ALERT: above 71.6 °F
          SettingsView       | Settings
                             | Unit: fahrenheit
                             | Alert above: 71.6 °F
          (4 of 5 views rendered)

        > burst 21.8/50 22.6/51 21.5/52
          ReadingView x3  | Cellar: 70.7 °F, 52% humidity (sample 8)
          AlertView x3    | OK: alert above 71.6 °F
          (2 of 5 views rendered)
          consumer: sample 8: 70.7 °F, 52% (3 samples since the last reading)

        > display off
          MonitorView  | Sensor monitor (display off)
          removed ReadingView
          removed AlertView
          (1 of 3 views rendered)

        > consumer off
          consumer: stopped
          sensor: stopped (nothing observes its readings)

        > display on
          MonitorView  | Sensor monitor
          ReadingView  | Cellar: 70.7 °F, 52% humidity (sample 8)
          AlertView    | OK: alert above 71.6 °F
          (3 of 5 views rendered)
          sensor: started (its readings are observed)

        > burst 23.5/49
          ReadingView  | Cellar: 74.3 °F, 49% humidity (sample 9)
          AlertView    | ALERT: above 71.6 °F
          (2 of 5 views rendered)

        > consumer on
          consumer: sample 9: 74.3 °F, 49% (first reading)

          The sensor wrote 9 samples: ReadingView rendered 16 times (launch included), the consumer received 4 readings.
        """

    static let session = """
        Type a command; 'help' lists them, 'quit' ends.

        > burst
          error: expected at least one sample, as in 21.5/40
          usage: burst <temperature>/<humidity> ...

        > burst 20/abc 21/40
          error: expected <temperature>/<humidity>, as in 21.5/40, with the temperature from -40 to 125 °C and the humidity from 0 to 100%, got '20/abc'
          usage: burst <temperature>/<humidity> ...

        > burst 20/140
          error: expected <temperature>/<humidity>, as in 21.5/40, with the temperature from -40 to 125 °C and the humidity from 0 to 100%, got '20/140'
          usage: burst <temperature>/<humidity> ...

        > unit kelvin
          error: expected one of celsius, fahrenheit, got 'kelvin'
          usage: unit <celsius|fahrenheit>

        > threshold warm
          error: the threshold must be a number from -40 to 125 °C, got 'warm'
          usage: threshold <degrees>

        > load
          error: no saved settings: use 'save' first

        > reboot
          error: unknown command 'reboot'; type 'help' for the list of commands

        > burst 25/40 31/41
          ReadingView x2  | Greenhouse: 31.0 °C, 41% humidity (sample 2)
          AlertView       | ALERT: above 30.0 °C
          (2 of 5 views rendered)
          consumer: sample 2: 31.0 °C, 41% (2 samples since the last reading)

        > show
          Sensor monitor
            Greenhouse: 31.0 °C, 41% humidity (sample 2)
            ALERT: above 30.0 °C
            Settings
              Label: [Greenhouse]
            Unit: celsius
            Alert above: 30.0 °C

        > quit

          The sensor wrote 2 samples: ReadingView rendered 3 times (launch included), the consumer received 2 readings.
        """
}
