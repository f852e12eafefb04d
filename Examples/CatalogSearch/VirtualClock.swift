import Synchronization

/// The program's time: it moves only when a command says so (`wait`, the gaps between
/// typed keys), so every run, scripted or typed, is the same run.
///
/// Sleeps end in order of their deadlines; after each, the clock lets the main actor
/// run what that woke (a search task, a response) before moving on.
final class VirtualClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var cancelled: Set<Int> = []
        var nextID = 0
    }

    private let state = Mutex(State())

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }

    /// Milliseconds since the program started, for the transcript.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = now.offset.components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLock { state in
                if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
                    return state.sleepers.remove(at: index)
                }
                state.cancelled.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Sleeps until `duration` has passed, whether or not the task is cancelled: a
    /// response already on its way arrives anyway.
    func sleepIgnoringCancellation(for duration: Duration) async {
        let deadline = now.advanced(by: duration)
        try? await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let due: Bool = state.withLock { state in
                if deadline <= state.now { return true }
                state.nextID += 1
                state.sleepers.append(Sleeper(id: state.nextID, deadline: deadline, continuation: continuation))
                return false
            }
            if due { continuation.resume() }
        }
    }

    /// Moves time forward by `duration`, one deadline at a time: each sleep that ends
    /// resumes, and the main actor runs what it woke before time moves on.
    @MainActor
    func advance(by duration: Duration) async {
        let end = now.advanced(by: duration)
        while true {
            let next: Sleeper? = state.withLock { state in
                guard let index = state.sleepers.indices.min(by: { state.sleepers[$0].deadline < state.sleepers[$1].deadline }),
                      state.sleepers[index].deadline <= end
                else { return nil }
                let sleeper = state.sleepers.remove(at: index)
                state.now = max(state.now, sleeper.deadline)
                return sleeper
            }
            guard let next else { break }
            next.continuation.resume()
            await settle()
        }
        state.withLock { $0.now = end }
        await settle()
    }

    /// Lets the main actor run everything already woken: tasks resumed, responses
    /// delivered, results published.
    @MainActor
    func settle() async {
        for _ in 0..<200 {
            await Task.yield()
        }
    }
}
