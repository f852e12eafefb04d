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
    let program = arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? "example"
    let options = Array(arguments.dropFirst())
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
        """)
}

/// Standard input, one line at a time, until it ends.
struct StandardInput: Sequence, IteratorProtocol {
    mutating func next() -> String? {
        readLine(strippingNewline: true)
    }
}
