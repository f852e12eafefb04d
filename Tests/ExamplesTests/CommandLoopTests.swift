import RippleViews
import Testing

@MainActor
@Suite struct CommandLoopTests {
    /// A program with one command, `echo <word>`, that refuses `bad`.
    final class EchoApp: TerminalApp {
        let title = ["Echo"]
        let commands = [CommandSpec("echo <word>", "print the word")]
        let script: [String] = []

        func start() -> [String] { [] }

        func run(_ command: Command) throws(CommandError) -> [String] {
            try command.expectArguments(1)
            let word = try command.text(at: 0, "the word")
            guard word != "bad" else { throw .rejected("bad is refused") }
            return ["  " + word]
        }
    }

    @Test func `errors go to their own stream, every one counted, and the loop goes on`() async {
        var output: [String] = []
        var errors: [String] = []
        let loop = CommandLoop(EchoApp(), emit: { output.append($0) }, emitError: { errors.append($0) })
        await loop.interact(["echo hi", "echo bad", "echo", "nope", "echo 'open", "echo again"], echo: true)
        #expect(errors == [
            "  error: bad is refused",
            "  error: expected 1 argument, got 0",
            "  usage: echo <word>",
            "  error: unknown command 'nope'; type 'help' for the list of commands",
            #"  error: missing closing quote ('); for an apostrophe, use double quotes, as in "Ender's Game""#,
            "  usage: echo <word>",
        ])
        #expect(loop.errorCount == 4)
        #expect(output.suffix(2) == ["> echo again", "  again"])
        #expect(output.filter { $0.hasPrefix("> ") } == [
            "> (launch)", "> echo hi", "> echo bad", "> echo", "> nope", "> echo 'open", "> echo again",
        ])
    }

    @Test func `a line with control characters is echoed with them spelled out`() async {
        var lines: [String] = []
        let loop = CommandLoop(EchoApp(), emit: { lines.append($0) })
        _ = await loop.execute("echo \u{1B}[2J", echo: true)
        #expect(lines == [
            "", "> echo <U+001B>[2J",
            "  error: the line contains a control character (U+001B); type plain text", "  usage: echo <word>",
        ])
    }

    @Test func `quit with arguments is an error, not a way out`() async {
        var lines: [String] = []
        let loop = CommandLoop(EchoApp(), emit: { lines.append($0) })
        #expect(await loop.execute("quit now", echo: false))
        #expect(lines == ["  error: quit takes no arguments"])
        #expect(await loop.execute("quit", echo: false) == false)
    }
}
