import RippleViews
import Testing

@Suite struct TerminalOptionsTests {
    @Test func `no option plays the script on Ripple's effects`() throws {
        let options = try TerminalOptions(parsing: [], acceptsHost: true)
        #expect(options.mode == .script)
        #expect(options.host == .effect)
    }

    @Test(arguments: [["--interactive"], ["-i"]])
    func `either spelling reads commands`(arguments: [String]) throws {
        #expect(try TerminalOptions(parsing: arguments, acceptsHost: false).mode == .interactive)
    }

    @Test(arguments: [["--interactive", "--interactive"], ["-i", "--interactive"]])
    func `an option given twice is named once`(arguments: [String]) {
        #expect(Self.message(arguments, acceptsHost: false) == "--interactive is given twice")
    }

    @Test(arguments: [["--host", "observation"], ["--host=observation"], ["-i", "--host=observation"]])
    func `a host is taken as one or two words`(arguments: [String]) throws {
        #expect(try TerminalOptions(parsing: arguments, acceptsHost: true).host == .observation)
    }

    @Test func `a program with one host refuses --host instead of ignoring it`() {
        #expect(Self.message(["--host", "observation"], acceptsHost: false)
            == "unknown option '--host': this example's views run on Ripple's effects only")
        #expect(Self.message(["--host=effect"], acceptsHost: false)
            == "unknown option '--host': this example's views run on Ripple's effects only")
    }

    @Test func `a bad or missing host value is named`() {
        #expect(Self.message(["--host", "swiftui"], acceptsHost: true) == "--host takes 'effect' or 'observation', got 'swiftui'")
        #expect(Self.message(["--host"], acceptsHost: true) == "--host needs a value: effect or observation")
        #expect(Self.message(["--host=", "-i"], acceptsHost: true) == "--host takes 'effect' or 'observation', got ''")
        #expect(Self.message(["--host", "effect", "--host", "effect"], acceptsHost: true) == "--host is given twice")
    }

    @Test func `an unknown option is named on its own`() {
        #expect(Self.message(["--interactive", "--verbose"], acceptsHost: true) == "unknown option '--verbose'")
        #expect(Self.message(["script.txt"], acceptsHost: true) == "unknown argument 'script.txt'")
        #expect(Self.message(["--interactive=yes"], acceptsHost: true) == "--interactive takes no value")
    }

    @Test func `help wins over everything after it`() throws {
        #expect(try TerminalOptions(parsing: ["--help", "--bogus"], acceptsHost: false).mode == .help)
        #expect(try TerminalOptions(parsing: ["-h"], acceptsHost: false).mode == .help)
    }

    @Test func `the usage lists --host only where it is honoured`() {
        let one = TerminalOptions.usage(program: "TodoList", acceptsHost: false)
        let both = TerminalOptions.usage(program: "BookReader", acceptsHost: true)
        #expect(!one.contains { $0.contains("--host") })
        #expect(both.contains { $0.contains("--host effect|observation") })
    }

    @Test func `--explain and --graph are read, each once`() throws {
        let explained = try TerminalOptions(parsing: ["--explain", "-i"], acceptsHost: true)
        #expect(explained.explains)
        #expect(explained.mode == .interactive)
        #expect(try TerminalOptions(parsing: ["--graph"], acceptsHost: false).mode == .graph)
        #expect(try !TerminalOptions(parsing: [], acceptsHost: false).explains)
        #expect(Self.message(["--explain", "--explain"], acceptsHost: false) == "--explain is given twice")
        #expect(Self.message(["--graph=yes"], acceptsHost: false) == "--graph takes no value")
        #expect(Self.message(["--graph", "-i"], acceptsHost: false)
            == "--graph prints the graph and exits: it does not combine with --interactive")
        #expect(Self.message(["--explain", "--host", "observation"], acceptsHost: true)
            == "--explain follows Ripple's effects: it does not combine with --host observation")
    }

    static func message(_ arguments: [String], acceptsHost: Bool) -> String? {
        do {
            _ = try TerminalOptions(parsing: arguments, acceptsHost: acceptsHost)
            return nil
        } catch {
            return error.description
        }
    }
}
