import Ripple
import Synchronization

/// A mounted view: its effect, what it drew last, and its children.
@MainActor
final class ViewNode {
    enum Line {
        case text(String)
        case child(ViewNode)
    }

    let key: ViewKey
    let view: any View
    /// The environment its parent's body ran in: the one it renders in.
    let environment: EnvironmentValues
    var effect: Effect?
    /// Set by Observation's `onChange` when the host tracks views with Observation.
    let dirty = DirtyMark()
    var lines: [Line] = []
    var children: [ViewNode] = []
    private(set) var isAttached = true

    init(_ declared: DeclaredChild) {
        self.key = declared.key
        self.view = declared.view
        self.environment = declared.environment
    }

    /// What the view drew itself, without its children.
    var ownText: [String] {
        lines.compactMap { line in
            if case .text(let text) = line { text } else { nil }
        }
    }

    var isDirty: Bool { dirty.isMarked }

    /// The node and its descendants, parents first.
    var subtree: [ViewNode] {
        [self] + children.flatMap(\.subtree)
    }

    var subtreeLabels: [String] {
        [key.label] + children.flatMap { $0.subtreeLabels }
    }

    /// Stops the view and its children, children first.
    func detach() {
        for child in children.reversed() {
            child.detach()
        }
        children = []
        effect?.cancel()
        effect = nil
        isAttached = false
    }
}

/// Whether Observation has reported a change to what a view read; set from its
/// `@Sendable` `onChange`.
final class DirtyMark: Sendable {
    private let marked = Atomic<Bool>(false)

    var isMarked: Bool { marked.load(ordering: .acquiring) }

    func mark() { marked.store(true, ordering: .releasing) }

    func clear() { marked.store(false, ordering: .relaxed) }
}
