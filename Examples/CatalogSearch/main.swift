import RippleViews

await runTerminalApp(CatalogSearchApp(), arguments: CommandLine.arguments)
