/// An example program that the ``CommandLoop`` drives: a scripted scenario, or commands
/// read line by line.
///
/// Keep the program's logic here, where tests can drive it: `main.swift` only hands the
/// program and its arguments to ``runTerminalApp(_:arguments:)``.
@MainActor
public protocol TerminalApp: AnyObject {
    /// What the program shows, in a line or two; printed before anything else.
    var title: [String] { get }

    /// The commands it accepts, besides `help` and `quit`.
    var commands: [CommandSpec] { get }

    /// The commands of the built-in scenario.
    var script: [String] { get }

    /// Mounts the views; returns what the first render drew.
    func start() async -> [String]

    /// Applies one command; returns what to print, normally the views that rendered.
    ///
    /// - Throws: ``CommandError/malformed(_:)`` for wrong arguments (the loop adds the
    ///   usage line), ``CommandError/rejected(_:)`` for a command that cannot apply now.
    ///   The loop rejects unknown names before calling this.
    func run(_ command: Command) async throws(CommandError) -> [String]

    /// Ends the program: stops its tasks, removes temporary files; returns what to print.
    func finish() async -> [String]

    /// Plays the built-in scenario. The default starts the program, runs ``script``
    /// through a ``CommandLoop`` and finishes.
    func playScript(emit: @escaping (String) -> Void) async

    /// The Graphviz DOT of the app's graph, for `--graph`; nil (the default) for an app
    /// that has none to show.
    func graph() -> String?
}

extension TerminalApp {
    public func finish() async -> [String] { [] }

    public func graph() -> String? { nil }

    public func playScript(emit: @escaping (String) -> Void) async {
        await CommandLoop(self, emit: emit).playScript()
    }

    /// The built-in scenario's transcript, line by line.
    public func scriptedTranscript() async -> [String] {
        var lines: [String] = []
        await playScript { lines.append($0) }
        return lines
    }

    /// The transcript of an interactive session fed `input`, line by line.
    public func interactiveTranscript(_ input: [String]) async -> [String] {
        var lines: [String] = []
        await CommandLoop(self) { lines.append($0) }.interact(input, echo: true)
        return lines
    }
}
