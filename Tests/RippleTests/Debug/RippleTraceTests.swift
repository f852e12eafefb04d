import Observation
@testable import Ripple
import Testing

/// Serialized: `showsAbsorbed` is process-wide, and two tests here switch it.
@Suite(.serialized) struct RippleTraceTests {
    @Test func `a single write is traced from the write through the derived value to the run`() {
        let log = TraceLog("LibraryView single")
        let library = TracedLibrary()
        let view = Effect("LibraryView single") { _ = library.availableBooksCount }
        RippleTrace.trace(view, printing: false)
        library.books[1].isAvailable = false
        #expect(log.all.first?.causes.first?.change == .changed)
        #expect(log.take().map(withoutOrdinals) == [
            "LibraryView single: TracedLibrary.availableBooksCount 2 -> 1 <- TracedBook[2].isAvailable true -> false",
        ])
        view.cancel()
    }

    @Test func `an event holds the chain as values`() throws {
        let log = TraceLog("TotalView chain")
        let price = Signal(10, name: "price")
        let total = Computed(name: "total") { price.value * 2 }
        let view = Effect("TotalView chain") { _ = total.value }
        RippleTrace.trace(view, printing: false)
        price.value = 12
        let event = try #require(log.all.first)
        #expect(event.kind == .effect)
        #expect(event.didRun)
        #expect(!event.isFirstRun)
        #expect(event.chains.map { $0.map(\.node) } == [["total", "price"]])
        let step = try #require(event.causes.first)
        #expect(step.change == .changed)
        #expect(step.oldValue == "20")
        #expect(step.newValue == "24")
        #expect(step.causes == [RippleTrace.Step(node: "price", oldValue: "10", newValue: "12", change: .written)])
        view.cancel()
    }

    @Test func `a batch lists every write that contributed`() {
        let log = TraceLog("Summary batch")
        let first = Signal("Ada", name: "first")
        let last = Signal("Lovelace", name: "last")
        let unrelated = Signal(0, name: "unrelated")
        let view = Effect("Summary batch") { _ = first.value + " " + last.value }
        RippleTrace.trace(view, printing: false)
        batch {
            first.value = "Grace"
            last.value = "Hopper"
            unrelated.value = 1
        }
        #expect(log.take() == [#"Summary batch: first "Ada" -> "Grace"; last "Lovelace" -> "Hopper""#])
        view.cancel()
    }

    @Test func `a chain runs through two derived values`() {
        let log = TraceLog("SummaryView")
        let library = TracedLibrary()
        let view = Effect("SummaryView") { _ = library.summary }
        RippleTrace.trace(view, printing: false)
        library.books[0].isAvailable = false
        #expect(log.take().map(withoutOrdinals) == [
            #"SummaryView: TracedLibrary.summary "2 left" -> "1 left" <- TracedLibrary.availableBooksCount 2 -> 1 "#
                + "<- TracedBook[1].isAvailable true -> false",
        ])
        view.cancel()
    }

    @Test func `a write in a batch written back wakes nothing and is not reported`() {
        let log = TraceLog("Undo view")
        let count = Signal(1, name: "count")
        let view = Effect("Undo view") { _ = count.value }
        RippleTrace.trace(view, printing: false)
        batch {
            count.value = 2
            count.value = 1
        }
        #expect(log.take().isEmpty)
        view.cancel()
    }

    @Test func `an absorbed change appears when asked for`() {
        RippleTrace.showsAbsorbed = true
        defer { RippleTrace.showsAbsorbed = false }
        let log = TraceLog("Badge")
        let count = Signal(3, name: "count")
        let other = Signal(0, name: "other")
        let isOdd = Computed(name: "isOdd") { count.value % 2 == 1 }
        let view = Effect("Badge") { _ = isOdd.value; _ = other.value }
        RippleTrace.trace(view, printing: false)
        count.value = 5
        #expect(log.take() == ["Badge (did not run): isOdd absorbed (stayed true) <- count 3 -> 5"])
        batch {
            count.value = 7
            other.value = 1
        }
        #expect(log.take() == ["Badge: isOdd absorbed (stayed true) <- count 5 -> 7; other 0 -> 1"])
        view.cancel()
    }

    @Test func `an absorbed change is left out by default`() {
        let log = TraceLog("Quiet badge")
        let count = Signal(3, name: "count")
        let other = Signal(0, name: "other")
        let isOdd = Computed(name: "isOdd") { count.value % 2 == 1 }
        let view = Effect("Quiet badge") { _ = isOdd.value; _ = other.value }
        RippleTrace.trace(view, printing: false)
        count.value = 5
        batch {
            count.value = 7
            other.value = 1
        }
        #expect(log.take() == ["Quiet badge: other 0 -> 1"])
        view.cancel()
    }

    @Test func `a change made in place shows its old value when it was seen`() {
        let log = TraceLog("Shelf view")
        let items = Signal([1, 2], name: "items")
        let view = Effect("Shelf view") { _ = items.value.count }
        RippleTrace.trace(view, printing: false)
        items.update { $0.append(3) }
        #expect(log.take() == ["Shelf view: items [1, 2] -> [1, 2, 3]"])
        view.cancel()
    }

    @MainActor
    @Test func `a conforming model's Observation notification is traced`() {
        let log = TraceLog("Observation of TracedStore.total")
        let store = TracedStore()
        withObservationTracking { _ = store.total } onChange: {}
        RippleTrace.trace(store, printing: false)
        store.price = 5
        #expect(log.take() == ["Observation of TracedStore.total: TracedStore.total 2 -> 10 <- TracedStore.price 1 -> 5"])
    }

    @MainActor
    @Test func `an effect woken by an Observable model through trackObservable is traced`() throws {
        let log = TraceLog("RateView")
        let settings = TraceSettings()
        let view = Effect("RateView") { _ = trackObservable { settings.rate } }
        RippleTrace.trace(view, printing: false)
        settings.rate = 0.5
        let event = try #require(log.all.first)
        #expect(event.chains.map { $0.map(\.node) } == [["trackObservable"]])
        #expect(event.description.hasPrefix("RateView: trackObservable"))
        view.cancel()
    }

    @Test func `tracing a model reports the runs its writes cause`() {
        let log = TraceLog("ShelfLabel")
        let shelf = TracedShelf()
        let label = Effect("ShelfLabel") { _ = shelf.count }
        RippleTrace.trace(shelf, printing: false)
        shelf.count = 4
        shelf.count = 5
        #expect(log.take() == ["ShelfLabel: TracedShelf.count 0 -> 4", "ShelfLabel: TracedShelf.count 4 -> 5"])
        let later = Effect("ShelfLabel") { _ = shelf.count }
        shelf.count = 6
        #expect(
            log.take() == ["ShelfLabel: TracedShelf.count 5 -> 6", "ShelfLabel: TracedShelf.count 5 -> 6"],
            "a reader that came after the trace began is traced too"
        )
        later.cancel()
        label.cancel()
    }

    @Test func `the stream delivers the events`() async throws {
        let events = RippleTrace.stream()
        let count = Signal(0, name: "streamed count")
        let effect = Effect("Streamed") { _ = count.value }
        RippleTrace.trace(effect, printing: false)
        count.value = 1
        // The stream ends after the wait limit, so that a missing event fails the test
        // instead of hanging it.
        let first = Task {
            for await event in events where event.observer == "Streamed" { return Optional(event) }
            return nil
        }
        let timeout = Task {
            try await Task.sleep(for: waitLimit)
            first.cancel()
        }
        let found = await first.value
        timeout.cancel()
        #expect(found?.description == "Streamed: streamed count 0 -> 1")
        effect.cancel()
    }

    @Test func `a cancelled subscription hears nothing more`() {
        let count = Signal(0, name: "unheard count")
        let effect = Effect("Unheard") { _ = count.value }
        RippleTrace.trace(effect, printing: false)
        let heard = LockedState<[String]>([])
        let subscription = RippleTrace.events { event in
            if event.observer == "Unheard" { heard.withLock { $0.append(event.description) } }
        }
        count.value = 1
        subscription.cancel()
        count.value = 2
        #expect(heard.withLock { $0 } == ["Unheard: unheard count 0 -> 1"])
        effect.cancel()
    }

    @Test func `the switch prints why every observer runs`() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            RippleTrace.isEnabled = true
            let count = Signal(0, name: "count")
            let logger = Effect("logger") { _ = count.value }
            count.value = 1
            logger.cancel()
            let scoped = Signal(0, name: "scoped")
            withTracking { _ = scoped.value } onChange: {}
            scoped.value = 1
        }
        let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(output.contains("why: logger: first run\n"))
        #expect(output.contains("why: logger: count 0 -> 1\n"))
        #expect(output.contains("why: withTracking: scoped 0 -> 1\n"))
    }

    @Test func `tracing one observer leaves the others of its sources untraced`() {
        let count = Signal(0, name: "shared count")
        let traced = Effect("traced reader") { _ = count.value }
        let untraced = Effect("untraced reader") { _ = count.value }
        RippleTrace.trace(traced, printing: false)
        let seen = LockedState<[String]>([])
        let subscription = RippleTrace.events { event in seen.withLock { $0.append(event.observer) } }
        count.value = 1
        subscription.cancel()
        #expect(count.flags.contains(.traced))
        #expect(traced.flags.contains(.traced))
        #expect(!untraced.flags.contains(.traced))
        #expect(!seen.withLock { $0 }.contains("untraced reader"))
        traced.cancel()
        untraced.cancel()
    }
}

@MainActor
final class TracedStore: ObservableModel {
    let observationRegistrar = ObservationRegistrar()
    @Tracked var price = 1
    @Derived({ (store: TracedStore) in store.price * 2 })
    var total: Int
}

@Observable
final class TraceSettings: @unchecked Sendable {
    var rate = 0.2
}

/// A trace line with the ordinals of models that are not `Identifiable` taken out
/// (`TracedLibrary#2` becomes `TracedLibrary`): which instance is the first of its
/// type to be named depends on the order tests run in.
func withoutOrdinals(_ line: String) -> String {
    var result = ""
    var skipping = false
    for character in line {
        if character == "#" { skipping = true; continue }
        if skipping, character.isNumber { continue }
        skipping = false
        result.append(character)
    }
    return result
}
