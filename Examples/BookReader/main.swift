import RippleViews

await runTerminalApp(arguments: CommandLine.arguments) { tracking in
    BookReaderApp(tracking: tracking)
}
