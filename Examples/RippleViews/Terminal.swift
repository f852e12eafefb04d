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
/// await runTerminalApp(BookReaderApp(), arguments: CommandLine.arguments)
/// ```
///
/// It never returns: it exits with 0, or with 64 for an unknown option.
@MainActor
public func runTerminalApp(_ app: some TerminalApp, arguments: [String]) async -> Never {
    await runTerminalApp(arguments: arguments) { _ in app }
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
    let program = arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? "example"
    var options = Array(arguments.dropFirst())
    var tracking = ViewHost.Tracking.fineGrained
    if let index = options.firstIndex(of: "--host") {
        let value = options.indices.contains(index + 1) ? options[index + 1] : ""
        switch value {
        case "effect": tracking = .fineGrained
        case "observation": tracking = .observation
        default:
            print("error: --host takes 'effect' or 'observation', got '\(value)'")
            printUsage(program)
            fflush(nil)
            exit(64)
        }
        options.removeSubrange(index..<min(index + 2, options.count))
    }
    let app = makeApp(tracking)
    switch options {
    case []:
        await app.playScript { print($0) }
    case ["--interactive"], ["-i"]:
        let isTerminal = isatty(0) != 0
        await CommandLoop(app) { print($0) }.interact(
            StandardInput(),
            echo: !isTerminal,
            prompt: isTerminal ? { print("> ", terminator: ""); fflush(nil) } : nil
        )
    case ["--help"], ["-h"]:
        printUsage(program)
    default:
        print("error: unknown option '\(options.joined(separator: " "))'")
        printUsage(program)
        fflush(nil)
        exit(64)
    }
    fflush(nil)
    exit(0)
}

private func printUsage(_ program: String) {
    print("""
        usage: \(program)                 play the built-in scenario
               \(program) --interactive   read commands from standard input ('help' lists them)
          --host effect|observation   drive the views with Ripple's effects (the default) or
                                      with Apple's Observation, as SwiftUI does
        """)
}

/// Standard input, one line at a time, until it ends.
struct StandardInput: Sequence, IteratorProtocol {
    mutating func next() -> String? {
        readLine(strippingNewline: true)
    }
}
