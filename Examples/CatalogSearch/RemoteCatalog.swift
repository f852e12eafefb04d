import RippleViews

/// One answer of the catalog: which request it answers, and the titles found.
struct SearchPage: Equatable, Sendable {
    var request: Int
    var query: String
    var titles: [String]
}

enum CatalogError: Error, CustomStringConvertible {
    case unreachable

    var description: String { "the catalog is unreachable" }
}

/// A simulated remote catalog: each request answers after the latency set when it
/// started, in the program's time. Like many servers it does not stop working on a
/// request the client has cancelled: the answer still arrives, later than a newer one
/// if its latency was longer.
@MainActor
final class RemoteCatalog {
    static let titles = [
        "Dune", "Dune Messiah", "Children of Dune", "Emma", "Middlemarch", "Neuromancer",
        "Foundation", "Hyperion", "A Wizard of Earthsea", "The Left Hand of Darkness",
    ]

    private let clock: VirtualClock
    private let journal: Journal
    var latency: Duration = .milliseconds(300)
    var isOnline = true
    private var requests = 0

    init(clock: VirtualClock, journal: Journal) {
        self.clock = clock
        self.journal = journal
    }

    /// The titles containing `query`, case-insensitively, after the latency.
    func search(_ query: String) async throws -> SearchPage {
        requests += 1
        let number = requests
        let latency = self.latency
        let online = isOnline
        journal.note("request #\(number) \"\(query)\" started (answers in \(Self.milliseconds(latency)) ms)")
        let journal = self.journal
        await withTaskCancellationHandler {
            await clock.sleepIgnoringCancellation(for: latency)
        } onCancel: {
            // The search cancels its task on the main actor, where this runs at once.
            MainActor.assumeIsolated { journal.note("request #\(number) cancelled") }
        }
        guard online else {
            journal.note("request #\(number) failed: \(CatalogError.unreachable)")
            throw CatalogError.unreachable
        }
        let needle = query.lowercased()
        let titles = Self.titles.filter { $0.lowercased().contains(needle) }
        journal.note("request #\(number) answered: \(String(count: titles.count, "book"))")
        return SearchPage(request: number, query: query, titles: titles)
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }
}
