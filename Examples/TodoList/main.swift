import RippleViews

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// `--items <count>` times the incremental operators against plain recomputes; any
// other arguments run the app.
var arguments = CommandLine.arguments
if let index = arguments.firstIndex(where: { $0 == "--items" || $0.hasPrefix("--items=") }) {
    let option = arguments[index]
    let value = option.hasPrefix("--items=") ? String(option.dropFirst("--items=".count))
        : (arguments.indices.contains(index + 1) ? arguments[index + 1] : "")
    guard let count = Int(value), (1...ListTiming.maximumCount).contains(count) else {
        let message = "error: --items takes a whole number of todos from 1 to \(ListTiming.maximumCount), got '\(value)'\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        exit(64)
    }
    for line in ListTiming.run(count: count) { print(line) }
    exit(0)
}
await runTerminalApp(TodoListApp(), arguments: arguments)
