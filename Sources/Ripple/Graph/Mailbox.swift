internal import Synchronization

/// Work that other threads post for this thread's graphs: a thread with no executor
/// takes it at its next flush (a write that notifies, the end of a batch).
final class Mailbox: Sendable {
    private let posted = LockedState<[@Sendable () -> Void]>([])
    private let pending = Atomic<Bool>(false)

    func post(_ delivery: @escaping @Sendable () -> Void) {
        posted.withLock { $0.append(delivery) }
        pending.store(true, ordering: .releasing)
    }

    var hasPosts: Bool { pending.load(ordering: .acquiring) }

    /// Runs what was posted; called on the mailbox's own thread.
    func deliver() {
        pending.store(false, ordering: .relaxed)
        let deliveries = posted.withLock { posted in
            defer { posted = [] }
            return posted
        }
        for delivery in deliveries { delivery() }
    }
}
