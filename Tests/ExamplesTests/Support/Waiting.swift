/// How long a test waits for a task before it fails: long enough for a loaded machine,
/// short enough to fail rather than hang.
let waitLimit: Duration = .seconds(60)

/// Yields on the caller's isolation until `condition` holds or `limit` has passed, and
/// returns whether it holds; callers `#expect` it, so a slow machine fails at the wait.
/// (RippleTests has the same helper; the two test targets share no code.)
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
        if turns < 1_000 {
            await Task.yield()
        } else {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
    return true
}
