import Foundation

/// Where the settings are saved: `settings.json` in a folder of its own, removed when
/// the program ends.
struct SettingsFile {
    let directory: URL
    let url: URL

    /// A new folder in the temporary directory; nothing is created until the first save.
    init() {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("SensorMonitor-\(UUID().uuidString)", isDirectory: true)
        url = directory.appendingPathComponent("settings.json")
    }

    /// Where the file is, as the program prints it.
    var path: String { url.path }

    /// Writes the settings as JSON with sorted keys; returns the JSON.
    func save(_ settings: SensorSettings) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(settings)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads the saved settings, or nil when nothing was saved.
    func load() throws -> (settings: SensorSettings, json: String)? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data = try Data(contentsOf: url)
        return (try JSONDecoder().decode(SensorSettings.self, from: data), String(decoding: data, as: UTF8.self))
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
