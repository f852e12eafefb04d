import Ripple
import RippleViews

/// The catalog searched as the user types, against a simulated remote catalog with
/// latency.
///
/// Time is the program's own (``VirtualClock``): it moves only with `wait` and
/// between typed keys, so the scripted run prints the same transcript every time.
@MainActor
final class CatalogSearchApp: TerminalApp {
    let clock = VirtualClock()
    let journal: Journal
    let catalog: RemoteCatalog
    let model: SearchModel
    let host = ViewHost()
    private var shown: Effect?

    /// The time between two typed keys: faster than the debounce, as a typist is.
    static let keystrokeInterval: Duration = .milliseconds(60)
    static let waitRange = 1...60_000
    static let latencyRange = 0...10_000
    static let maximumQueryLength = 40

    init() {
        journal = Journal(clock: clock)
        catalog = RemoteCatalog(clock: clock, journal: journal)
        model = SearchModel(catalog: catalog, clock: clock, journal: journal)
    }

    let title = [
        "CatalogSearch: the catalog searched as you type, against a remote catalog with latency.",
        "A new query cancels the request in progress; a late answer to an old query is never shown.",
    ]

    let commands = [
        CommandSpec(#"type "<text>""#, "type these characters into the search field, 60 ms apart"),
        CommandSpec("erase [<count>]", "erase the last characters of the query (one by default)"),
        CommandSpec("wait <milliseconds>", "let time pass: requests start, answers arrive"),
        CommandSpec("latency <milliseconds>", "how long the catalog takes to answer the next requests"),
        CommandSpec("catalog <online|offline>", "make the catalog reachable or not"),
        CommandSpec("show", "print the whole screen"),
    ]

    let script = [
        "latency 800",
        #"type "du""#,
        "wait 200",
        "latency 100",
        #"type "ne""#,
        "wait 300",
        "wait 600",
        "catalog offline",
        #"type " m""#,
        "wait 500",
        "catalog online",
        #"type "e""#,
        "wait 300",
        "erase 3",
        "wait 300",
    ]

    enum Reachability: String, CaseIterable {
        case online, offline
    }

    func start() async -> [String] {
        withEnvironment(model) {
            host.mount(SearchView())
        }
        let journal = self.journal
        let results = model.results!
        var lastShown = 0
        shown = Effect { [weak self] in
            guard case .value(let page) = results.state, page.request != 0, page.request != lastShown else { return }
            lastShown = page.request
            journal.note("request #\(page.request) shown: \(String(count: page.titles.count, "book"))")
            _ = self
        }
        await clock.settle()
        return report()
    }

    func run(_ command: Command) async throws(CommandError) -> [String] {
        switch command.name {
        case "type":
            try command.expectArguments(1)
            let text = try command.string(at: 0)
            guard !text.isEmpty else { throw .malformed("nothing to type") }
            guard model.query.count + text.count <= Self.maximumQueryLength else {
                throw .rejected("the query holds at most \(Self.maximumQueryLength) characters")
            }
            guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw .malformed("control characters cannot be typed")
            }
            for (index, character) in text.enumerated() {
                if index > 0 { await clock.advance(by: Self.keystrokeInterval) }
                host.update { model.query.append(character) }
                await clock.settle()
            }
        case "erase":
            try command.expectArguments(0...1)
            let count = command.arguments.isEmpty ? 1 : try command.integer(at: 0, "the count", in: 1...Self.maximumQueryLength)
            guard count <= model.query.count else {
                throw .rejected("the query has only \(String(count: model.query.count, "character"))")
            }
            host.update { model.query.removeLast(count) }
            await clock.settle()
        case "wait":
            try command.expectArguments(1)
            let milliseconds = try command.integer(at: 0, "the time in milliseconds", in: Self.waitRange)
            await clock.advance(by: .milliseconds(milliseconds))
        case "latency":
            try command.expectArguments(1)
            let milliseconds = try command.integer(at: 0, "the latency in milliseconds", in: Self.latencyRange)
            catalog.latency = .milliseconds(milliseconds)
            return ["  the next requests answer in \(milliseconds) ms"]
        case "catalog":
            try command.expectArguments(1)
            let reachability = try command.choice(at: 0, of: Reachability.self)
            catalog.isOnline = reachability == .online
            return ["  the catalog is \(reachability.rawValue)"]
        case "show":
            try command.expectArguments(0)
            return host.screen.map { "  " + $0 }
        default:
            throw .unknown(command.name)
        }
        return report()
    }

    /// Cancels the request in progress, if any, and stops following the results.
    func finish() async -> [String] {
        shown?.cancel()
        shown = nil
        return []
    }

    /// What happened since the last command, then the views that rendered.
    private func report() -> [String] {
        journal.take() + host.takeReport()
    }
}
