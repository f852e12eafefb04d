import Ripple

/// The search field and its results: an async derived value over the query.
///
/// Each change of the query waits out the debounce, then asks the remote catalog; a
/// newer query cancels the request in progress, and an answer to a superseded request
/// is never shown, however late it arrives.
@MainActor
final class SearchModel {
    @Tracked var query = ""
    private(set) var results: AsyncComputed<SearchPage>!

    /// How long the query must rest before a request starts.
    static let debounce: Duration = .milliseconds(150)

    init(catalog: RemoteCatalog, clock: VirtualClock, journal: Journal) {
        results = AsyncComputed(
            debounce: Self.debounce, clock: clock,
            input: { [unowned self] in query.trimmingSpaces }
        ) { query in
            guard !query.isEmpty else { return SearchPage(request: 0, query: "", titles: []) }
            let page = try await catalog.search(query)
            if Task.isCancelled {
                journal.note("request #\(page.request) came back after it was cancelled: its answer is dropped")
            }
            return page
        }
    }
}

extension String {
    /// Without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
