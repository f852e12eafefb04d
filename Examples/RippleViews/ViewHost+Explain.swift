import Ripple
import Synchronization

extension ViewHost {
    /// Whether hosts made from now on explain their renders: `--explain` sets it before
    /// the app is made, so that its models' nodes are named as they are made.
    public static var explainsRenders = false
}

/// Why the views rendered: the trace events of their effects, by view, until the next
/// report takes them.
///
/// The host traces each view's effect without printing (`RippleTrace.trace`), and
/// this collects what those runs report; events reach it on the main actor, where the
/// views render.
final class RenderExplanations: Sendable {
    private let store = ReasonStore()
    private let subscription: RippleTrace.Subscription

    init() {
        let store = self.store
        subscription = RippleTrace.events { event in
            guard event.kind == .effect, event.didRun else { return }
            // "LibraryView: Library.availableBooksCount 3 -> 2 <- ..." without the view.
            let reason = event.isFirstRun ? "first render" : String(event.description.dropFirst(event.observer.count + 2))
            store.add(reason, for: event.observer)
        }
    }

    /// The reasons recorded since the last call, by view label.
    func take() -> [String: [String]] {
        store.take()
    }

    deinit {
        subscription.cancel()
    }
}

/// The reasons, by view label, behind a lock: events may come from any thread.
final class ReasonStore: Sendable {
    private let reasons = Mutex<[String: [String]]>([:])

    func add(_ reason: String, for label: String) {
        reasons.withLock { $0[label, default: []].append(reason) }
    }

    func take() -> [String: [String]] {
        reasons.withLock { reasons in
            defer { reasons = [:] }
            return reasons
        }
    }
}
