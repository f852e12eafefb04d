import Observation
import Testing
internal import Synchronization
@testable import Ripple

/// A simulated remote service: each call waits until the test answers it.
@MainActor
final class Remote {
    final class Call {
        let input: String
        let wasCancelled = Atomic<Bool>(false)
        var continuation: CheckedContinuation<String, any Error>?
        init(input: String) { self.input = input }
    }

    /// Whether a call throws as soon as its task is cancelled, or (a remote that
    /// ignores cancellation) answers anyway.
    let honoursCancellation: Bool
    private(set) var calls: [Call] = []

    init(honoursCancellation: Bool = true) {
        self.honoursCancellation = honoursCancellation
    }

    func fetch(_ input: String) async throws -> String {
        let call = Call(input: input)
        calls.append(call)
        let honours = honoursCancellation
        let answer = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { call.continuation = $0 }
        } onCancel: { [flag = UnsafeSendable(call)] in
            flag.value.wasCancelled.store(true, ordering: .relaxed)
        }
        if honours { try Task.checkCancellation() }
        return answer
    }

    /// Answers call `index` with `result`.
    func answer(_ index: Int, with result: Result<String, any Error>) {
        let continuation = calls[index].continuation
        calls[index].continuation = nil
        continuation?.resume(with: result)
    }

    func wasCancelled(_ index: Int) -> Bool {
        calls[index].wasCancelled.load(ordering: .relaxed)
    }
}

// Safety: the call's only shared state, `wasCancelled`, is atomic.
struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

struct Offline: Error, CustomStringConvertible {
    var description: String { "offline" }
}

@MainActor
final class SearchModel {
    let query = Signal("a")
    let results: AsyncComputed<String>

    init(remote: Remote, debounce: Duration? = nil, clock: ManualClock = ManualClock()) {
        let query = self.query
        results = AsyncComputed(debounce: debounce, clock: clock, input: { query.value }) { text in
            try await remote.fetch(text)
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct AsyncComputedTests {
    @Test func `the first run starts at once and publishes its value`() async {
        let remote = Remote()
        let model = SearchModel(remote: remote)
        #expect(model.results.state.isLoading)
        #expect(await yieldUntil { remote.calls.count == 1 })
        remote.answer(0, with: .success("A"))
        #expect(await yieldUntil { !model.results.isLoading })
        #expect(model.results.value == "A")
        guard case .value("A") = model.results.state else {
            Issue.record("expected .value(\"A\"), got \(model.results.state)")
            return
        }
    }

    @Test func `a new input cancels the task in progress and keeps the previous value while loading`() async {
        let remote = Remote()
        let model = SearchModel(remote: remote)
        #expect(await yieldUntil { remote.calls.count == 1 })
        remote.answer(0, with: .success("A"))
        #expect(await yieldUntil { model.results.value == "A" })

        model.query.value = "ab"
        guard case .loading(previous: "A") = model.results.state else {
            Issue.record("expected loading with the previous value, got \(model.results.state)")
            return
        }
        #expect(await yieldUntil { remote.calls.count == 2 })
        model.query.value = "abc"
        #expect(await yieldUntil { remote.calls.count == 3 })
        #expect(remote.wasCancelled(1))
        #expect(!remote.wasCancelled(2))
        remote.answer(1, with: .success("stale"))
        remote.answer(2, with: .success("ABC"))
        #expect(await yieldUntil { !model.results.isLoading })
        #expect(model.results.value == "ABC")
        #expect(remote.calls.map(\.input) == ["a", "ab", "abc"])
    }

    @Test func `a late result of a superseded task is dropped even if it ignores cancellation`() async {
        let remote = Remote(honoursCancellation: false)
        let model = SearchModel(remote: remote)
        #expect(await yieldUntil { remote.calls.count == 1 })
        model.query.value = "b"
        #expect(await yieldUntil { remote.calls.count == 2 })
        var published: [String] = []
        let watcher = Effect { if let value = model.results.value { published.append(value) } }
        remote.answer(1, with: .success("B"))
        #expect(await yieldUntil { model.results.value == "B" })
        remote.answer(0, with: .success("A, late"))
        // The late answer has every chance to arrive: a newer call proves the old
        // task's turn has come and gone.
        model.query.value = "c"
        #expect(await yieldUntil { remote.calls.count == 3 })
        #expect(published == ["B"])
        #expect(remote.wasCancelled(0))
        watcher.cancel()
        remote.answer(2, with: .success("C"))
    }

    @Test func `an error becomes the failure state and a new input recovers`() async {
        let remote = Remote()
        let model = SearchModel(remote: remote)
        #expect(await yieldUntil { remote.calls.count == 1 })
        remote.answer(0, with: .failure(Offline()))
        #expect(await yieldUntil { model.results.state.error != nil })
        #expect(model.results.state.error is Offline)
        #expect(model.results.value == nil)

        model.query.value = "b"
        #expect(await yieldUntil { remote.calls.count == 2 })
        remote.answer(1, with: .success("B"))
        #expect(await yieldUntil { model.results.value == "B" })
        #expect(model.results.state.error == nil)
    }

    @Test func `debounce starts one task for a burst of changes`() async {
        let remote = Remote()
        let clock = ManualClock()
        let model = SearchModel(remote: remote, debounce: .milliseconds(300), clock: clock)
        #expect(await yieldUntil { remote.calls.count == 1 })   // the first run: at once
        remote.answer(0, with: .success("A"))
        #expect(await yieldUntil { model.results.value == "A" })

        for text in ["s", "sw", "swi"] {
            model.query.value = text
            #expect(await yieldUntil { clock.sleeperCount == 1 })
            clock.advance(by: .milliseconds(100))
        }
        model.query.value = "swift"
        #expect(await yieldUntil { clock.sleeperCount == 1 })
        clock.advance(by: .milliseconds(299))
        for _ in 0..<20 { await Task.yield() }
        #expect(remote.calls.count == 1)
        clock.advance(by: .milliseconds(1))
        #expect(await yieldUntil { remote.calls.count == 2 })
        #expect(remote.calls.map(\.input) == ["a", "swift"])
        remote.answer(1, with: .success("SWIFT"))
        #expect(await yieldUntil { model.results.value == "SWIFT" })
    }

    @Test func `readers of the value re-run only when it changes`() async {
        let remote = Remote()
        let model = SearchModel(remote: remote)
        #expect(await yieldUntil { remote.calls.count == 1 })
        var valueRuns = 0, stateRuns = 0
        let valueReader = Effect { _ = model.results.value; valueRuns += 1 }
        let stateReader = Effect { _ = model.results.state; stateRuns += 1 }
        remote.answer(0, with: .success("same"))
        #expect(await yieldUntil { model.results.value == "same" })
        #expect(valueRuns == 2 && stateRuns == 2)

        model.query.value = "b"          // loading(previous: "same"): the value stands
        #expect(valueRuns == 2 && stateRuns == 3)
        #expect(await yieldUntil { remote.calls.count == 2 })
        remote.answer(1, with: .success("same"))
        #expect(await yieldUntil { !model.results.isLoading })
        #expect(valueRuns == 2 && stateRuns == 4)
        valueReader.cancel()
        stateReader.cancel()
    }

    @Test func `an input equal to the last one starts nothing`() async {
        let remote = Remote()
        let model = SearchModel(remote: remote)
        #expect(await yieldUntil { remote.calls.count == 1 })
        model.query.value = "a"
        batch { model.query.value = "x"; model.query.value = "a" }
        // The next input's call is the second one: no call started for "a" or "x".
        model.query.value = "b"
        #expect(await yieldUntil { remote.calls.count == 2 })
        #expect(remote.calls.map(\.input) == ["a", "b"])
        remote.answer(1, with: .success("B"))
        #expect(await yieldUntil { model.results.value == "B" })
    }

    @Test func `dropping the model cancels its task and leaks nothing`() async {
        let remote = Remote(honoursCancellation: false)
        weak var weakModel: SearchModel?
        weak var weakResults: AsyncComputed<String>?
        do {
            let model = SearchModel(remote: remote)
            weakModel = model
            weakResults = model.results
            #expect(await yieldUntil { remote.calls.count == 1 })
        }
        #expect(weakModel == nil)
        #expect(weakResults == nil)
        #expect(remote.wasCancelled(0))
        remote.answer(0, with: .success("too late"))   // nobody left to publish to
        for _ in 0..<20 { await Task.yield() }
    }

    @Test func `a task waiting out its debounce is cancelled when the model goes`() async {
        let remote = Remote()
        let clock = ManualClock()
        weak var weakModel: SearchModel?
        do {
            let model = SearchModel(remote: remote, debounce: .seconds(1), clock: clock)
            weakModel = model
            #expect(await yieldUntil { remote.calls.count == 1 })
            model.query.value = "b"
            #expect(await yieldUntil { clock.sleeperCount == 1 })
        }
        #expect(weakModel == nil)
        #expect(await yieldUntil { clock.sleeperCount == 0 })
        // The debounced task was cancelled, not left waiting: time moving wakes nobody.
        #expect(clock.advance(by: .seconds(2)) == 0)
        #expect(remote.calls.count == 1)
    }

    @Test func `a Derived property of an ObservableModel tells Observation when the state changes`() async {
        let remote = Remote()
        let model = ObservableSearch(remote: remote)
        #expect(await yieldUntil { remote.calls.count == 1 })
        let changed = Mutex(false)
        let phase = withObservationTracking { model.phase } onChange: { changed.withLock { $0 = true } }
        #expect(phase.isLoading)
        remote.answer(0, with: .success("A"))
        #expect(await yieldUntil { changed.withLock { $0 } })
        #expect(model.phase.value == "A")
    }
}

@MainActor
final class ObservableSearch: ObservableModel {
    let observationRegistrar = ObservationRegistrar()
    let query = Signal("a")
    let results: AsyncComputed<String>

    @Derived({ (search: ObservableSearch) in search.results.state })
    var phase: AsyncPhase<String>

    init(remote: Remote) {
        let query = self.query
        results = AsyncComputed(input: { query.value }) { text in try await remote.fetch(text) }
    }
}
