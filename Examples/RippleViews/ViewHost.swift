import Observation
import Ripple
import Synchronization

/// Runs views: each one's ``View/body(_:)`` inside its own `Effect`, so that a view
/// renders again only when something it read changed, and records which views rendered.
///
/// ```swift
/// let host = ViewHost()
/// withEnvironment(library) {
///     host.mount(LibraryView())      // renders LibraryView and its children now
/// }
/// host.update {
///     library.books[1].title = "Kindred"
/// }
/// print(host.takeReport())           // which views rendered, with what they drew
/// ```
///
/// A parent that renders again declares its children again; the host keeps the
/// children it already has (matched by type and ``View/identity``), mounts the new ones
/// and removes the ones that are gone, after the change has settled. Children render in
/// the environment that was active in their parent's body, so `@Environment` resolves
/// through the tree as it does in SwiftUI. A change made outside ``update(_:)`` renders
/// as well, but the children it adds mount at the next update.
///
/// With ``Tracking/observation`` the host drives views the way SwiftUI does: each body
/// runs inside Apple's `withObservationTracking`, whose `onChange` marks the view dirty,
/// and dirty views render again, parents first, once the change is over (at the end of
/// ``update(_:)``). The models must conform to `ObservableModel`.
///
/// The host lives on the main actor, with the models its views read.
@MainActor
public final class ViewHost {
    /// How views decide that they must render again.
    public enum Tracking {
        /// Ripple's tracking: a view renders again only when something it read changed.
        case fineGrained
        /// Every view renders again whenever anything `dependency` reads changes, as
        /// every view observing an `ObservableObject` did on any `@Published` change.
        case coarse(dependency: () -> Void)
        /// Apple's Observation, as SwiftUI uses it: a body runs inside
        /// `withObservationTracking`, and a change marks the view for the next render.
        case observation
    }

    let tracking: Tracking
    var roots: [ViewNode] = []
    private var pending: [PendingChange] = []
    /// Views rendered since the last report, in order of their first render.
    var log = RenderLog()
    /// How many times each view rendered since the host was created, by label.
    public private(set) var renderCounts: [String: Int] = [:]
    /// Why each view rendered, when the host explains its renders (`--explain`).
    let explanations: RenderExplanations?

    enum PendingChange {
        case mount(ViewNode)
        case unmount(ViewNode)
    }

    /// Creates a host with no views.
    /// - Parameter explains: whether ``takeReport()`` says, under each view that
    ///   rendered, why it rendered (`--explain`); by default, ``explainsRenders``.
    public init(tracking: Tracking = .fineGrained, explains: Bool = ViewHost.explainsRenders) {
        self.tracking = tracking
        self.explanations = explains ? RenderExplanations() : nil
    }

    /// Mounts a top-level view, in the active environment, and renders it and its
    /// children.
    public func mount(_ view: some View) {
        let node = ViewNode(DeclaredChild(view))
        roots.append(node)
        pending.append(.mount(node))
        commit()
    }

    /// Runs `body`, which changes state, then mounts and removes the children that the
    /// views which rendered declared or dropped.
    @discardableResult
    public func update<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        defer { commit() }
        return try body()
    }

    /// Runs asynchronous `body`, which changes state, then mounts and removes children
    /// as ``update(_:)`` does.
    @discardableResult
    public func update<Result, Failure: Error>(
        _ body: () async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        defer { commit() }
        return try await body()
    }

    /// The labels of the views mounted now, in screen order.
    public var mountedViews: [String] {
        roots.flatMap { $0.subtreeLabels }
    }

    /// Views rendered since the last ``takeReport()``, in order of their first render.
    public var renderedViews: [String] {
        log.entries.map(\.label)
    }

    /// Mounts and removes the children that rendering declared or dropped, and renders
    /// the views Observation marked dirty, until the tree is settled. Runs outside every
    /// effect, so that each child's effect belongs to the host rather than to its
    /// parent's run.
    func commit() {
        repeat {
            mountAndRemovePending()
            if case .observation = tracking {
                for node in roots.flatMap(\.subtree) where node.isAttached && node.isDirty {
                    renderObserved(node)
                }
            }
        } while !pending.isEmpty
    }

    private func mountAndRemovePending() {
        while !pending.isEmpty {
            let change = pending.removeFirst()
            switch change {
            case .mount(let node):
                guard node.isAttached else { continue }
                let queued = pending.count
                if case .observation = tracking {
                    renderObserved(node)
                } else {
                    withEnvironment(node.environment) {
                        node.effect = Effect(node.key.label) { [unowned self, unowned node] in
                            self.run(node)
                        }
                    }
                    if explanations != nil, let effect = node.effect {
                        RippleTrace.trace(effect, printing: false)
                    }
                }
                // Its children come next, before its siblings: views mount (and the
                // transcript lists them) in screen order.
                let children = pending[queued...]
                pending.removeSubrange(queued...)
                pending.insert(contentsOf: children, at: 0)
            case .unmount(let node):
                node.detach()
                log.removed.append(node.key.label)
            }
        }
    }

    /// Renders `node` inside Observation's tracking: a change to what it read marks it
    /// dirty, and it renders again at the next commit.
    private func renderObserved(_ node: ViewNode) {
        let dirty = node.dirty
        dirty.clear()
        withEnvironment(node.environment) {
            withObservationTracking {
                render(node)
            } onChange: {
                dirty.mark()
            }
        }
    }

    /// One run of a view's effect.
    private func run(_ node: ViewNode) {
        switch tracking {
        case .fineGrained:
            render(node)
        case .coarse(let dependency):
            dependency()
            untracked { render(node) }
        case .observation:
            render(node)
        }
    }

    private func render(_ node: ViewNode) {
        var content = ViewContent()
        node.view.body(&content)
        var lines: [ViewNode.Line] = []
        var children: [ViewNode] = []
        var previous = Dictionary(uniqueKeysWithValues: node.children.map { ($0.key, $0) })
        for element in content.elements {
            switch element {
            case .text(let text):
                lines.append(.text(text))
            case .child(let declared):
                precondition(
                    !children.contains { $0.key == declared.key },
                    "\(node.key.label) declared two children named \(declared.key.label): give them distinct identities"
                )
                let child: ViewNode
                if let existing = previous.removeValue(forKey: declared.key) {
                    child = existing
                } else {
                    child = ViewNode(declared)
                    pending.append(.mount(child))
                }
                children.append(child)
                lines.append(.child(child))
            }
        }
        // Dropped children go in declaration order, so removals read predictably.
        for child in node.children where previous[child.key] != nil {
            pending.append(.unmount(child))
        }
        node.lines = lines
        node.children = children
        renderCounts[node.key.label, default: 0] += 1
        log.record(node)
    }
}
