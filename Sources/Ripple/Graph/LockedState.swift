internal import RippleThreadLocal

/// State that several threads share, reached only under a lock: the process-wide
/// tables (names, liveness hooks, trace handlers), a runtime's mailbox, a
/// registration with Observation, an `observe` sequence's notice.
///
/// Not Synchronization's `Mutex`: contended, that one waits and wakes inside the Swift
/// runtime, where ThreadSanitizer does not see the ordering and reports the state it
/// protects as racing. This one is the C library's mutex (`RippleLock.h`), which the
/// sanitizer intercepts. Uncontended, both cost an atomic exchange each way.
final class LockedState<State>: @unchecked Sendable {
    // Safety: `state` is read and written only inside `withLock`, between the lock and
    // the unlock of `lock`.
    private var state: State
    private let lock = ripple_lock_create()

    init(_ state: State) {
        self.state = state
    }

    deinit {
        ripple_lock_destroy(lock)
    }

    /// Runs `body` on the state with the lock held. `body` must not call user code,
    /// which could come back here.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        ripple_lock_lock(lock)
        defer { ripple_lock_unlock(lock) }
        return try body(&state)
    }
}
