import RippleViews

await runTerminalApp(SensorMonitorApp(), arguments: CommandLine.arguments)
