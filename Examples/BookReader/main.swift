import RippleViews

await runTerminalApp(BookReaderApp(), arguments: CommandLine.arguments)
