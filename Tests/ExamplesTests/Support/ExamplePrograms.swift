import RippleViews
@testable import BookReader
@testable import CatalogSearch
@testable import Dashboard
@testable import SensorMonitor
@testable import ShoppingCart
@testable import TodoList

/// Every example program, for the tests that treat them all alike: a new example is a
/// new row here, and those tests cover it.
struct ExampleProgram: Sendable, CustomStringConvertible {
    let name: String
    /// Whether `--host observation` drives its views with Apple's Observation.
    var acceptsHost = false
    let make: @MainActor @Sendable () -> any TerminalApp

    var description: String { name }

    static let all = [
        ExampleProgram(name: "BookReader", acceptsHost: true) { BookReaderApp() },
        ExampleProgram(name: "TodoList") { TodoListApp() },
        ExampleProgram(name: "ShoppingCart") { ShoppingCartApp() },
        ExampleProgram(name: "Dashboard") { DashboardApp() },
        ExampleProgram(name: "SensorMonitor") { SensorMonitorApp() },
        ExampleProgram(name: "CatalogSearch") { CatalogSearchApp() },
    ]

    static func named(_ name: String) -> ExampleProgram? {
        all.first { $0.name == name }
    }
}
