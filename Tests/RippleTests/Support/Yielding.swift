/// Yields to other tasks on the caller's isolation until `condition` holds, at most
/// `limit` times; returns whether it holds. No clocks, so a run is deterministic in
/// outcome: a condition that never holds fails the test instead of hanging it.
func yieldUntil(
    limit: Int = 10_000,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () -> Bool
) async -> Bool {
    for _ in 0..<limit {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}
