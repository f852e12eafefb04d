import Ripple
import RippleViews

/// The dashboard in a terminal, in one or both tracking modes at once.
///
/// The scripted run plays the same script twice, fine-grained then coarse, and ends
/// with their render counts side by side. Interactive mode applies each command to
/// both and shows what each rendered.
@MainActor
final class DashboardApp: TerminalApp {
    let dashboards: [Dashboard]
    let title: [String]

    init(modes: [Dashboard.Mode] = Dashboard.Mode.allCases, title: [String]? = nil) {
        self.dashboards = modes.map { Dashboard(mode: $0) }
        self.title = title ?? Self.overview
    }

    /// The most notifications the badge counts: bounds every count typed, and the sum.
    static let maximumNotifications = 999_999

    static let overview = [
        "Dashboard: an AppState (userName, notificationCount, theme, isLoading) shown by four views,",
        "each reading one property; fine-grained tracking against the coarse ObservableObject way.",
    ]

    let commands = [
        CommandSpec("notify [<count>]", "receive notifications (one by default)"),
        CommandSpec("clear", "clear the notifications"),
        CommandSpec(#"name "<name>""#, "change the user name"),
        CommandSpec("theme <light|dark>", "change the theme"),
        CommandSpec("loading <on|off>", "start or stop loading"),
        CommandSpec(#"login "<name>" <notifications>"#, "a new user and their notifications, in one batch"),
        CommandSpec("counts", "render counts so far, per view and mode"),
        CommandSpec("show", "print the whole screen"),
    ]

    let script = [
        "notify",
        "notify 2",
        #"name "Maria""#,
        "theme dark",
        "loading on",
        "loading off",
        "clear",
        #"login "Ivan" 4"#,
    ]

    func start() -> [String] {
        combine(dashboards.map { $0.start() })
    }

    func run(_ command: Command) throws(CommandError) -> [String] {
        let change: (AppState) -> Void
        switch command.name {
        case "notify":
            try command.expectArguments(0...1)
            let count = command.arguments.isEmpty ? 1 : try command.integer(at: 0, "the count", in: 1...Self.maximumNotifications)
            let current = dashboards.map(\.state.notificationCount).max() ?? 0
            let (total, overflow) = current.addingReportingOverflow(count)
            guard !overflow, total <= Self.maximumNotifications else {
                throw .rejected(
                    "the badge counts at most \(Self.maximumNotifications) notifications, and this would make \(current) + \(count); 'clear' them first"
                )
            }
            change = { $0.notificationCount += count }
        case "clear":
            try command.expectArguments(0)
            change = { $0.notificationCount = 0 }
        case "name":
            try command.expectArguments(1)
            let name = try command.text(at: 0, "the name")
            change = { $0.userName = name }
        case "theme":
            try command.expectArguments(1)
            let theme = try command.choice(at: 0, of: Theme.self)
            change = { $0.theme = theme }
        case "loading":
            try command.expectArguments(1)
            let word = command.arguments[0].lowercased()
            guard word == "on" || word == "off" else {
                throw .malformed("expected on or off, got \(Command.quoted(command.arguments[0]))")
            }
            change = { $0.isLoading = word == "on" }
        case "login":
            try command.expectArguments(2)
            let name = try command.text(at: 0, "the name")
            let count = try command.integer(at: 1, "the count", in: 0...Self.maximumNotifications)
            change = { state in
                batch {
                    state.userName = name
                    state.notificationCount = count
                    state.isLoading = false
                }
            }
        case "counts":
            try command.expectArguments(0)
            return renderCounts()
        case "show":
            try command.expectArguments(0)
            return combine(dashboards.map { $0.host.screen.map { "  " + $0 } })
        default:
            throw .unknown(command.name)
        }
        return combine(dashboards.map { $0.apply(change) })
    }

    /// Plays the script once per mode, each on a fresh dashboard, then compares.
    func playScript(emit: @escaping (String) -> Void) async {
        title.forEach(emit)
        let passes = dashboards.map { dashboard in
            DashboardApp(modes: [dashboard.mode], title: ["", Self.passTitle(dashboard.mode)])
        }
        for pass in passes {
            await CommandLoop(pass, emit: emit).playScript()
        }
        emit("")
        emit("== Render counts for the same script")
        Self.renderCounts(of: passes.flatMap(\.dashboards)).forEach(emit)
    }

    static func passTitle(_ mode: Dashboard.Mode) -> String {
        switch mode {
        case .fineGrained:
            "== Fine-grained (Ripple): a view renders again only when something it read changed"
        case .coarse:
            "== Coarse (ObservableObject): every view renders again whenever anything changed"
        }
    }

    func renderCounts() -> [String] {
        Self.renderCounts(of: dashboards)
    }

    /// One row per view, one column per dashboard, and the totals.
    static func renderCounts(of dashboards: [Dashboard]) -> [String] {
        let views = dashboards.first?.host.mountedViews ?? []
        let counts = dashboards.map { $0.host.renderCounts }
        let rows = views.map { view in
            [view] + counts.map { "\($0[view, default: 0])" }
        }
        let totals = ["total"] + counts.map { "\($0.values.reduce(0, +))" }
        return TextTable(["view"] + dashboards.map(\.mode.name), rows: rows + [totals]).lines
    }

    /// One dashboard's lines as they are; several, each under its mode's name.
    private func combine(_ reports: [[String]]) -> [String] {
        guard dashboards.count > 1 else { return reports.first ?? [] }
        return zip(dashboards, reports).flatMap { dashboard, report in
            ["  \(dashboard.mode.name):"] + report.map { "  " + $0 }
        }
    }
}
