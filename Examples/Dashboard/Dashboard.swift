import Ripple
import RippleViews

/// One dashboard: its state, and a host that renders its views in one tracking mode.
@MainActor
final class Dashboard {
    enum Mode: CaseIterable {
        /// Ripple: a view renders again only when something it read changed.
        case fineGrained
        /// The old `ObservableObject`: every view renders again on any change.
        case coarse

        var name: String {
            switch self {
            case .fineGrained: "fine-grained"
            case .coarse: "coarse"
            }
        }
    }

    let mode: Mode
    let state = AppState()
    let host: ViewHost

    init(mode: Mode) {
        self.mode = mode
        switch mode {
        case .fineGrained:
            host = ViewHost()
        case .coarse:
            host = ViewHost(tracking: .coarse(dependency: { [state] in state.readEveryProperty() }))
        }
    }

    func start() -> [String] {
        withEnvironment(state) {
            host.mount(DashboardView())
        }
        return host.takeReport()
    }

    /// Applies `change` to the state, returns what rendered.
    func apply(_ change: (AppState) -> Void) -> [String] {
        host.update { change(state) }
        return host.takeReport()
    }
}
