/// Drives a ``TerminalApp``: plays its script, or reads commands one line at a time,
/// and prints what each command returns.
///
/// A transcript shows every command after `> ` and its output indented under it:
///
/// ```
/// > checkout 2
///   LibraryView         | Books available: 2
///   ...
/// ```
///
/// Every line gets an answer: an unknown or malformed command prints an `error:` line
/// that says what went wrong (through `emitError`), and the loop carries on.
@MainActor
public final class CommandLoop {
    let app: any TerminalApp
    let emit: (String) -> Void
    let emitError: (String) -> Void
    /// How many lines were answered with an error so far.
    public private(set) var errorCount = 0

    /// Creates a loop that prints through `emit`, and errors through `emitError`
    /// (by default, `emit` too: a transcript keeps them in order).
    public init(_ app: any TerminalApp, emit: @escaping (String) -> Void, emitError: ((String) -> Void)? = nil) {
        self.app = app
        self.emit = emit
        self.emitError = emitError ?? emit
    }

    /// Prints the title and the first render.
    public func start() async {
        app.title.forEach(emit)
        emit("")
        emit("> (launch)")
        await app.start().forEach(emit)
    }

    /// Prints what the program prints when it ends.
    public func finish() async {
        let lines = await app.finish()
        if !lines.isEmpty {
            emit("")
            lines.forEach(emit)
        }
    }

    /// Starts, runs every command of the script, and finishes.
    public func playScript() async {
        await start()
        for line in app.script {
            _ = await execute(line, echo: true)
        }
        await finish()
    }

    /// Starts, runs the commands in `input` until it ends or says `quit`, and finishes.
    ///
    /// - Parameter echo: Whether to print each command before its output, as the
    ///   script does: right for a pipe, redundant for a terminal.
    public func interact(_ input: some Sequence<String>, echo: Bool, prompt: (() -> Void)? = nil) async {
        await start()
        emit("")
        emit("Type a command; 'help' lists them, 'quit' ends.")
        var lines = input.makeIterator()
        while true {
            prompt?()
            guard let line = lines.next() else { break }
            guard await execute(line, echo: echo) else { break }
        }
        await finish()
    }

    /// Runs one command line; false when it asks to quit.
    @discardableResult
    public func execute(_ line: String, echo: Bool) async -> Bool {
        let command: Command
        do {
            guard let parsed = try Command(parsing: line) else { return true }
            command = parsed
        } catch {
            if echo { emit(""); emit("> \(Self.displayed(line))") }
            let name = line.trimmingSpaces().prefix { !$0.isWhitespace }.lowercased()
            report(error, for: app.commands.first { $0.name == name })
            return true
        }
        if echo {
            emit("")
            emit("> \(command.description.escapingControlCharacters())")
        }
        switch command.name {
        case "help":
            help()
            return true
        case "quit", "exit":
            guard command.arguments.isEmpty else {
                report(.malformed("\(command.name) takes no arguments"), for: nil)
                return true
            }
            return false
        default:
            break
        }
        guard let spec = app.commands.first(where: { $0.name == command.name }) else {
            report(.unknown(command.name), for: nil)
            return true
        }
        do {
            try await app.run(command).forEach(emit)
        } catch {
            report(error, for: spec)
        }
        return true
    }

    private func help() {
        let specs = app.commands + [
            CommandSpec("help", "list the commands"),
            CommandSpec("quit", "end the program"),
        ]
        let width = (specs.map(\.usage.count).max() ?? 0) + 2
        for spec in specs {
            emit("  " + spec.usage.padding(to: width) + spec.summary)
        }
        emit(#"  Text goes in double or single quotes: "The Dispossessed", 'Kindred'."#)
    }

    private func report(_ error: CommandError, for spec: CommandSpec?) {
        errorCount += 1
        switch error {
        case .unknown(let name):
            emitError("  error: unknown command \(Command.quoted(name)); type 'help' for the list of commands")
        case .malformed(let reason):
            emitError("  error: \(reason)")
            if let spec {
                emitError("  usage: \(spec.usage)")
            }
        case .rejected(let reason):
            emitError("  error: \(reason)")
        }
    }

    /// A line as the transcript echoes it: control characters spelled out, and a line
    /// too long to read cut short.
    static func displayed(_ line: String) -> String {
        let trimmed = line.trimmingSpaces()
        let shown = trimmed.count > 80 ? trimmed.prefix(80) + "..." : Substring(trimmed)
        return String(shown).escapingControlCharacters()
    }
}
