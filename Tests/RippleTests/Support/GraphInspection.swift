@testable import Ripple

/// Read-only views of the engine's links, for tests that check structure (who is
/// subscribed to what, which link objects a run reused) rather than values.

/// The links of `node`'s dependency list, in read order.
func dependencyLinks(of node: DependentNode) -> [LinkPointer] {
    var links: [LinkPointer] = []
    var cursor = node.deps
    while let link = cursor {
        links.append(link)
        cursor = link.pointee.nextDep
    }
    return links
}

/// The subscribers of `node`, in notification order.
func subscribers(of node: ReactiveNode) -> [ObjectIdentifier] {
    var result: [ObjectIdentifier] = []
    var cursor = node.subs
    while let link = cursor {
        result.append(ObjectIdentifier(link.pointee.sub.takeUnretainedValue()))
        cursor = link.pointee.nextSub
    }
    return result
}

/// The dependencies of `node`, in read order.
func dependencies(of node: DependentNode) -> [ObjectIdentifier] {
    dependencyLinks(of: node).map { ObjectIdentifier($0.pointee.dep.takeUnretainedValue()) }
}

/// An object whose lifetime a test follows through a weak reference.
final class Token {}

/// An object that runs `onDeinit` when it dies: a deinit with side effects, such as
/// releasing the node whose value holds it.
final class DeinitAction {
    let onDeinit: () -> Void
    init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

/// The only owner of a signal, which a test can drop at any moment.
final class SignalHolder<Value> {
    var signal: Signal<Value>?
}
