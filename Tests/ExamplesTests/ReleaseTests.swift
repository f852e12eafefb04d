import Ripple
import RippleViews
import Testing
@testable import BookReader
@testable import CatalogSearch
@testable import Dashboard
@testable import SensorMonitor
@testable import ShoppingCart
@testable import TodoList

/// After its scripted run, each example lets go of everything: the app, its models and
/// its views. A leak checker at process exit cannot tell (the examples' `main.swift`
/// keeps the app reachable until then), so these follow the objects with weak
/// references. Four of the six put a model with `@Derived` properties in the
/// environment and read them from views: the pattern that once leaked each model
/// through its own derived nodes (see `DerivedTests`).
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ReleaseTests {
    /// Objects followed through weak references.
    struct Followed {
        private var references: [(name: String, get: () -> AnyObject?)] = []

        mutating func follow(_ object: AnyObject, as name: String) {
            weak let weakObject = object
            references.append((name, { weakObject }))
        }

        var alive: [String] {
            references.filter { $0.get() != nil }.map(\.name)
        }
    }

    /// Plays the app's script, drops the app, and returns what is still alive once its
    /// tasks had a chance to end (at most 30 seconds).
    static func aliveAfterScriptedRun<App: TerminalApp>(
        _ make: () -> App, follow: (App, inout Followed) -> Void
    ) async -> [String] {
        var followed = Followed()
        do {
            let app = make()
            _ = await app.scriptedTranscript()
            followed.follow(app, as: "the app")
            follow(app, &followed)
        }
        // A false here shows in the caller's expectation, with what is still alive;
        // within the suite's time limit, so that the list is printed.
        _ = await yieldUntil(limit: .seconds(30)) { followed.alive.isEmpty }
        return followed.alive
    }

    @Test
    func `BookReader releases its library and views`() async {
        let alive = await Self.aliveAfterScriptedRun({ BookReaderApp() }) { app, followed in
            followed.follow(app.library, as: "the library")
            followed.follow(app.host, as: "the view host")
            for book in app.library.books { followed.follow(book, as: "book \(book.title)") }
        }
        #expect(alive.isEmpty, "still alive: \(alive)")
    }

    @Test
    func `TodoList releases its store and views`() async {
        let alive = await Self.aliveAfterScriptedRun({ TodoListApp() }) { app, followed in
            followed.follow(app.store, as: "the store")
            followed.follow(app.host, as: "the view host")
        }
        #expect(alive.isEmpty, "still alive: \(alive)")
    }

    @Test
    func `ShoppingCart releases its cart and views`() async {
        let alive = await Self.aliveAfterScriptedRun({ ShoppingCartApp() }) { app, followed in
            followed.follow(app.cart, as: "the cart")
            followed.follow(app.host, as: "the view host")
        }
        #expect(alive.isEmpty, "still alive: \(alive)")
    }

    @Test func `Dashboard releases its dashboards and views`() async {
        let alive = await Self.aliveAfterScriptedRun({ DashboardApp() }) { app, followed in
            for dashboard in app.dashboards {
                followed.follow(dashboard, as: "the \(dashboard.mode) dashboard")
                followed.follow(dashboard.state, as: "the \(dashboard.mode) state")
                followed.follow(dashboard.host, as: "the \(dashboard.mode) view host")
            }
        }
        #expect(alive.isEmpty, "still alive: \(alive)")
    }

    @Test
    func `SensorMonitor releases its station, views and tasks`() async {
        let alive = await Self.aliveAfterScriptedRun({ SensorMonitorApp() }) { app, followed in
            followed.follow(app.station, as: "the station")
            followed.follow(app.host, as: "the view host")
            // A task is no object to follow, but each one holds the sensor (the sensor
            // task to write it, the consumer's observe expression to read it), so a
            // task still running or a sequence never ended keeps the sensor alive.
            followed.follow(app.station.sensor, as: "the sensor, held by the sensor and consumer tasks")
            followed.follow(app.station.settings, as: "the settings")
        }
        #expect(alive.isEmpty, "still alive: \(alive)")
    }

    @Test
    func `CatalogSearch releases its model, results and catalog, and no task is left`() async {
        let alive = await Self.aliveAfterScriptedRun({ CatalogSearchApp() }) { app, followed in
            followed.follow(app.model, as: "the search model")
            // Its tasks hold it weakly, and releasing it cancels the one in progress.
            followed.follow(app.model.results, as: "the async results")
            followed.follow(app.catalog, as: "the remote catalog")
            followed.follow(app.host, as: "the view host")
        }
        #expect(alive.isEmpty, "still alive: \(alive)")
    }
}
