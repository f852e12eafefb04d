/// The command-line options of an example program, read without side effects so that
/// each refusal can be tested.
///
/// ```swift
/// let options = try TerminalOptions(parsing: ["--interactive", "--host=observation"], acceptsHost: true)
/// options.mode    // .interactive
/// options.host    // .observation
/// ```
public struct TerminalOptions: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        /// No option: play the built-in scenario.
        case script
        /// `--interactive`: read commands from standard input.
        case interactive
        /// `--help`: print the usage.
        case help
        /// `--graph`: launch, then print the Graphviz DOT of the app's graph.
        case graph
    }

    /// What drives the views (`--host`), for a program that offers the choice.
    public enum Host: String, CaseIterable, Equatable, Sendable {
        case effect, observation
    }

    public private(set) var mode = Mode.script
    public private(set) var host = Host.effect
    /// `--explain`: under each view that rendered, why it rendered.
    public private(set) var explains = false

    /// Reads the arguments after the program's name.
    ///
    /// - Parameter acceptsHost: whether the program can drive its views with Apple's
    ///   Observation as well as with Ripple's effects; without it `--host` is refused,
    ///   rather than accepted and ignored.
    /// - Throws: ``TerminalOptionError`` for an unknown, repeated or incomplete option.
    public init(parsing arguments: some Sequence<String>, acceptsHost: Bool) throws(TerminalOptionError) {
        var arguments = Array(arguments)[...]
        var seenInteractive = false
        var seenHost = false
        var seenGraph = false
        while let argument = arguments.popFirst() {
            let (option, attached) = Self.split(argument)
            switch option {
            case "--help", "-h":
                mode = .help
                return
            case "--interactive", "-i":
                guard attached == nil else { throw .init("\(option) takes no value") }
                guard !seenInteractive else { throw .init("--interactive is given twice") }
                seenInteractive = true
                mode = .interactive
            case "--explain":
                guard attached == nil else { throw .init("--explain takes no value") }
                guard !explains else { throw .init("--explain is given twice") }
                explains = true
            case "--graph":
                guard attached == nil else { throw .init("--graph takes no value") }
                guard !seenGraph else { throw .init("--graph is given twice") }
                seenGraph = true
            case "--host" where acceptsHost:
                guard !seenHost else { throw .init("--host is given twice") }
                seenHost = true
                guard let value = attached ?? arguments.popFirst() else {
                    throw .init("--host needs a value: effect or observation")
                }
                guard let host = Host(rawValue: value) else {
                    throw .init("--host takes 'effect' or 'observation', got \(Command.quoted(value))")
                }
                self.host = host
            case "--host":
                throw .init("unknown option '--host': this example's views run on Ripple's effects only")
            default:
                let kind = argument.hasPrefix("-") ? "option" : "argument"
                throw .init("unknown \(kind) \(Command.quoted(argument))")
            }
        }
        if explains, host == .observation {
            throw .init("--explain follows Ripple's effects: it does not combine with --host observation")
        }
        if seenGraph {
            guard mode == .script else { throw .init("--graph prints the graph and exits: it does not combine with --interactive") }
            mode = .graph
        }
    }

    /// `--host=observation` as `--host` and `observation`.
    private static func split(_ argument: String) -> (option: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// What `--help` prints.
    public static func usage(program: String, acceptsHost: Bool) -> [String] {
        var lines = [
            "usage: \(program)                 play the built-in scenario",
            "       \(program) --interactive   read commands from standard input ('help' lists them)",
        ]
        if acceptsHost {
            lines += [
                "  --host effect|observation   drive the views with Ripple's effects (the default) or",
                "                              with Apple's Observation, as SwiftUI does",
            ]
        }
        lines += [
            "  --explain                   under each view that rendered, why it rendered",
            "  --graph                     print the Graphviz DOT of the app's graph after launch",
            "Errors go to standard error. Reading commands from a pipe or a file, the program",
            "answers every line and goes on, then exits with status 1 if any line was an error.",
        ]
        return lines
    }
}

/// Why the command line was refused: the program prints it with the usage and exits
/// with status 64.
public struct TerminalOptionError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
