import RippleViews

await runTerminalApp(DashboardApp(), arguments: CommandLine.arguments)
