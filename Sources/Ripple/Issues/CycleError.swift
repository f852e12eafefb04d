/// The error a ``Computed`` holds when it depends on itself, directly or through other
/// computeds: ``Computed/get()`` throws it, and every computed of the cycle holds it
/// until a dependency changes.
///
/// <!-- leaks: first and second capture each other -->
/// ```swift
/// let closesLoop = Signal(true)
/// var second: Computed<Int>!
/// let first = Computed(name: "first") { () throws -> Int in
///     closesLoop.value ? try second.get() + 1 : 0
/// }
/// second = Computed(name: "second") { () throws -> Int in try first.get() + 1 }
/// do {
///     _ = try second.get()
/// } catch {
///     print((error as? CycleError)?.nodes ?? [])   // prints "[\"second\", \"first\", \"second\"]"
/// }
/// closesLoop.value = false              // the loop opens
/// print((try? second.get()) ?? 0)       // prints "1": both recover on their next read
/// ```
///
/// Reading a computed of a cycle through ``Computed/value`` or ``Computed/peek()``,
/// which cannot throw, is a fatal error whose message says "cycle": read through
/// `try get()` where a cycle can form.
public struct CycleError: Error, Sendable, CustomStringConvertible {
    let path: CyclePath

    init(_ path: CyclePath) {
        self.path = path
    }

    /// The computeds of the cycle, by their ``RippleTrace`` names, in read order: each
    /// reads the next, and the last is the first again.
    public var nodes: [String] {
        path.names
    }

    public var description: String {
        "cycle: \(nodes.joined(separator: " -> ")) (a Computed depends on itself)"
    }
}

/// The cycle's computeds, found as the error travels back through the computeds that
/// rethrow it: the read that closed the loop knows only the computed it re-entered;
/// each computed that then throws the error adds itself in front, until the
/// re-entered one closes the path. Shared by every copy of the error, so that a
/// computed that held it early sees the whole cycle once it is known.
final class CyclePath: Sendable {
    private struct State {
        var nodes: [String]
        var closed = false
    }

    /// The computed the read re-entered, which closes the path when it throws.
    private let start: ObjectIdentifier
    private let state: LockedState<State>

    /// A path that starts at `node`, which `reader` read; closed at once when the node
    /// read itself.
    init(reentered node: ReactiveNode, reader: ReactiveNode?) {
        start = ObjectIdentifier(node)
        let name = NodeNames.name(of: node)
        state = LockedState(reader === node ? State(nodes: [name, name], closed: true) : State(nodes: [name]))
    }

    var names: [String] {
        state.withLock { $0.nodes }
    }

    var isClosed: Bool {
        state.withLock { $0.closed }
    }

    /// `node` threw this error from its evaluation: it reads the path's first node.
    func extend(by node: ReactiveNode) {
        let id = ObjectIdentifier(node)
        let name = NodeNames.name(of: node)
        state.withLock { state in
            guard !state.closed else { return }
            state.nodes.insert(name, at: 0)
            if id == start { state.closed = true }
        }
    }
}
