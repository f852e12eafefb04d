import Dispatch
import Testing

/// How long a test waits for another task or thread before it fails: long enough for a
/// loaded machine, short enough that a lost wake-up fails the test instead of hanging it.
let waitLimit: Duration = .seconds(60)

/// Yields on the caller's isolation until `condition` holds or `limit` has passed, and
/// returns whether it holds. Callers `#expect` the result, so that a slow machine fails
/// at the wait, clearly, rather than a count of yields running out and a later check
/// failing for a reason it does not name.
func yieldUntil(
    limit: Duration = waitLimit,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: limit)
    var turns = 0
    while !condition() {
        guard clock.now < deadline else { return false }
        turns += 1
        // On one actor, what the test waits for is a turn or two away; work on another
        // thread needs a core, which a sleep leaves it.
        if turns < 1_000 {
            await Task.yield()
        } else {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
    return true
}

extension DispatchSemaphore {
    /// Waits for a signal for at most `limit`; records an issue naming `what` and
    /// returns false if none came.
    @discardableResult
    func wait(for what: String, limit: Duration = waitLimit, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard wait(timeout: .now() + limit.timeInterval) == .success else {
            Issue.record("timed out after \(limit) waiting for \(what)", sourceLocation: sourceLocation)
            return false
        }
        return true
    }

    /// Waits, on a thread a test started, for at most `limit`: false if it timed out.
    /// The test sees the outcome through what the thread records.
    func waitOnThread(limit: Duration = waitLimit) -> Bool {
        wait(timeout: .now() + limit.timeInterval) == .success
    }
}

extension Duration {
    var timeInterval: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
