import Ripple
import RippleViews

/// The root: the field, the status line and the results.
struct SearchView: View {
    @Environment(SearchModel.self) var model

    func body(_ content: inout ViewContent) {
        content.text("Search: [\(model.query)]")
        content.child(StatusView())
        content.child(ResultsView())
    }
}

/// Where the search stands. It reads the phase, so it renders when a request starts,
/// ends or fails.
struct StatusView: View {
    @Environment(SearchModel.self) var model

    func body(_ content: inout ViewContent) {
        switch model.results.state {
        case .loading(previous: _):
            content.text("Searching...")
        case .value(let page) where page.request == 0:
            content.text("Type to search the catalog")
        case .value(let page):
            content.text("\(String(count: page.titles.count, "book")) for \"\(page.query)\" (request #\(page.request))")
        case .failure(let error):
            content.text("Error: \(error); type to try again")
        }
    }
}

/// The titles found. It reads only the latest value: while a request runs it keeps
/// showing the previous results, and it does not render again until they change.
struct ResultsView: View {
    @Environment(SearchModel.self) var model

    func body(_ content: inout ViewContent) {
        let titles = model.results.value?.titles ?? []
        if titles.isEmpty {
            content.text("(no results)")
        }
        for title in titles {
            content.text("- \(title)")
        }
    }
}
