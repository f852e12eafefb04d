import Ripple
import RippleViews

/// The todo list in a terminal: add, toggle, delete, search and filter, with the
/// derived values' recomputes shown after each command.
@MainActor
final class TodoListApp: TerminalApp {
    let store: TodoStore
    let host = ViewHost()
    /// The derived values' work, counted from outside the store.
    let recomputes: RecomputeCounter

    init(store: TodoStore = .sample()) {
        self.store = store
        self.recomputes = RecomputeCounter(store, units: ["filteredItems": "todo", "completedCount": "todo"])
    }

    let title = [
        "TodoList: a todo store with incremental derived values (filteredItems, completedCount) and a memoized one (pendingCount).",
        "After each command, the views that rendered and the work each derived value did.",
    ]

    let commands = [
        CommandSpec(#"add "<title>" [low|medium|high]"#, "add a todo (medium by default)"),
        CommandSpec("toggle <todo>", "mark a todo done, or not done"),
        CommandSpec(#"rename <todo> "<title>""#, "rename a todo"),
        CommandSpec("delete <todo>", "delete a todo"),
        CommandSpec(#"search ["<text>"]"#, "show the todos whose title contains the text (none: all)"),
        CommandSpec("priority <low|medium|high|all>", "show the todos of one priority, or all"),
        CommandSpec("stats", "the work each derived value did so far"),
        CommandSpec("show", "print the whole screen"),
    ]

    let script = [
        "toggle 1",
        #"add "Renew passport" high"#,
        "search the",
        #"rename 3 "Call the plumber today""#,
        "priority high",
        "toggle 3",
        "search",
        "priority all",
        "delete 2",
        "stats",
    ]

    func start() -> [String] {
        withEnvironment(store) {
            withEnvironment(ListRows<TodoItem>()) {
                host.mount(TodoAppView())
            }
        }
        return report()
    }

    func run(_ command: Command) throws(CommandError) -> [String] {
        switch command.name {
        case "add":
            try command.expectArguments(1...2)
            let title = try command.text(at: 0, "the title")
            let priority = command.arguments.count == 2 ? try command.choice(at: 1, of: Priority.self) : .medium
            host.update { store.add(title, priority: priority) }
        case "toggle":
            try command.expectArguments(1)
            let item = try item(command.number(at: 0, of: "a todo"))
            host.update { item.isCompleted.toggle() }
        case "rename":
            try command.expectArguments(2)
            let item = try item(command.number(at: 0, of: "a todo"))
            let title = try command.text(at: 1, "the title")
            host.update { item.title = title }
        case "delete":
            try command.expectArguments(1)
            let item = try item(command.number(at: 0, of: "a todo"))
            host.update { store.delete(item) }
        case "search":
            try command.expectArguments(0...1)
            let text = command.arguments.isEmpty ? "" : try command.string(at: 0)
            guard text.count <= Command.maximumTextLength else {
                throw .malformed("the search is longer than \(Command.maximumTextLength) characters")
            }
            @Bindable var store = store
            host.update { $store.searchText.wrappedValue = text }
        case "priority":
            try command.expectArguments(1)
            let word = command.arguments[0].lowercased()
            let priority = Priority(rawValue: word)
            guard priority != nil || word == "all" else {
                throw .malformed("expected low, medium, high or all, got \(Command.quoted(command.arguments[0]))")
            }
            host.update { store.selectedPriority = priority }
        case "stats":
            try command.expectArguments(0)
            return stats()
        case "show":
            try command.expectArguments(0)
            return host.screen.map { "  " + $0 }
        default:
            throw .unknown(command.name)
        }
        return report()
    }

    /// The views that rendered, then the work of the derived values.
    private func report() -> [String] {
        host.takeReport() + [recomputes.takeReport() ?? "  recomputed: nothing"]
    }

    private func stats() -> [String] {
        let counter = recomputes
        return TextTable(
            ["derived value", "work so far"],
            rows: [
                ["filteredItems", "looked at \(counter.elementTotals["filteredItems", default: 0]) todos"],
                ["completedCount", "looked at \(counter.elementTotals["completedCount", default: 0]) todos"],
                ["pendingCount", "recomputed \(counter.totals["pendingCount", default: 0]) times"],
            ]
        ).lines
    }

    private func item(_ id: Int) throws(CommandError) -> TodoItem {
        guard let item = store.item(id) else {
            throw .rejected("no todo #\(id)")
        }
        return item
    }
}
