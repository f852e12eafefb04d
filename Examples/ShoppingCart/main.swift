import RippleViews

await runTerminalApp(ShoppingCartApp(), arguments: CommandLine.arguments)
