import Ripple

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs an example program from its command-line arguments: the scripted scenario with
/// none, commands from standard input with `--interactive`.
///
/// ```swift
/// // main.swift
/// import RippleViews
/// await runTerminalApp(TodoListApp(), arguments: CommandLine.arguments)
/// ```
///
/// `--explain` prints, under each view that rendered, why it rendered; `--graph`
/// starts the app and prints the Graphviz DOT of its graph, for an app that has one.
///
/// It never returns. It exits with 64 for a refused option (see ``TerminalOptions``);
/// reading commands from a pipe or a file, with 1 if any line was answered with an
/// error; otherwise with 0. Error lines go to standard error.
@MainActor
public func runTerminalApp<App: TerminalApp>(_ app: @autoclosure () -> App, arguments: [String]) async -> Never {
    await runTerminalApp(arguments: arguments, acceptsHost: false) { _ in app() }
}

/// Runs an example program whose views can be driven by either host: Ripple's effects
/// (the default) or Apple's Observation, as SwiftUI drives them (`--host observation`).
///
/// ```swift
/// // main.swift
/// import RippleViews
/// await runTerminalApp(arguments: CommandLine.arguments) { tracking in
///     BookReaderApp(tracking: tracking)
/// }
/// ```
@MainActor
public func runTerminalApp<App: TerminalApp>(
    arguments: [String], makeApp: (ViewHost.Tracking) -> App
) async -> Never {
    await runTerminalApp(arguments: arguments, acceptsHost: true, makeApp: makeApp)
}

@MainActor
private func runTerminalApp<App: TerminalApp>(
    arguments: [String], acceptsHost: Bool, makeApp: (ViewHost.Tracking) -> App
) async -> Never {
    let program = arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? "example"
    let usage = TerminalOptions.usage(program: program, acceptsHost: acceptsHost)
    let options: TerminalOptions
    do {
        options = try TerminalOptions(parsing: arguments.dropFirst(), acceptsHost: acceptsHost)
    } catch {
        printError("error: \(error)")
        usage.forEach(printError)
        exit(64)
    }
    // Before the app is made: its models' nodes are then named as they are made.
    if options.explains { ViewHost.explainsRenders = true }
    if options.mode == .graph { RippleGraph.beginNaming() }
    let app = makeApp(options.host == .observation ? .observation : .fineGrained)
    var status: Int32 = 0
    switch options.mode {
    case .graph:
        _ = await app.start()
        guard let graph = app.graph() else {
            printError("error: this example has no graph to print (--graph)")
            exit(64)
        }
        print(graph)
    case .script:
        await app.playScript { print($0) }
    case .interactive:
        let isTerminal = isatty(0) != 0
        let loop = CommandLoop(app, emit: { print($0) }, emitError: printError)
        // Before each line: a prompt on a terminal; from a pipe, a flush, so that every
        // answer is out even if a later line ended the program.
        await loop.interact(
            StandardInput(),
            echo: !isTerminal,
            prompt: isTerminal ? { print("> ", terminator: ""); fflush(nil) } : { fflush(nil) }
        )
        if !isTerminal && loop.errorCount > 0 { status = 1 }
    case .help:
        usage.forEach { print($0) }
    }
    fflush(nil)
    exit(status)
}

/// Writes a line to standard error, after what standard output holds so far, so that
/// the two read in order when they go to the same place.
private func printError(_ line: String) {
    fflush(nil)
    let bytes = Array((line + "\n").utf8)
    var written = 0
    while written < bytes.count {
        let result = bytes[written...].withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        guard result > 0 else { return }
        written += result
    }
}

/// Standard input, one line at a time, until it ends.
struct StandardInput: Sequence, IteratorProtocol {
    mutating func next() -> String? {
        readLine(strippingNewline: true)
    }
}
