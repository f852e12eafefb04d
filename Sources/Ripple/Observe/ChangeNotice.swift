
/// The hand-off between a tracking scope that fires (on the graph's isolation, during
/// a flush) and the consumer waiting for the next element (in its own task).
///
/// Posts coalesce: however many arrive before the consumer waits, one wait returns.
final class ChangeNotice: Sendable {
    private struct State {
        var posted = false
        var cancelled = false
        var waiter: CheckedContinuation<Bool, Never>?
    }

    private let state = LockedState(State())

    /// Something the consumer follows changed.
    func post() {
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard let waiter = state.waiter else {
                state.posted = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: true)
    }

    /// Waits for a post; false when the task was cancelled instead.
    func wait() async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let ready = state.withLock { state -> Bool? in
                    if state.cancelled { return false }
                    if state.posted {
                        state.posted = false
                        return true
                    }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                state.cancelled = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: false)
        }
    }
}
