import RippleViews

await runTerminalApp(TodoListApp(), arguments: CommandLine.arguments)
