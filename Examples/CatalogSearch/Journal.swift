/// What happened to each request, in order, stamped with the program's time: the
/// lines a command prints before the views it rendered.
@MainActor
final class Journal {
    private let clock: VirtualClock
    private var lines: [String] = []

    init(clock: VirtualClock) {
        self.clock = clock
    }

    func note(_ event: String) {
        let stamp = String(clock.milliseconds)
        lines.append("  [" + String(repeating: " ", count: max(0, 5 - stamp.count)) + stamp + " ms] " + event)
    }

    func take() -> [String] {
        defer { lines = [] }
        return lines
    }
}
