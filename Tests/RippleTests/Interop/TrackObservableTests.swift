import Observation
@testable import Ripple
import Synchronization
import Testing

@MainActor
@Suite struct TrackObservableTests {
    @Test func `outside a run it just returns the value`() {
        let settings = TaxSettings()
        let probe = RegistrationProbe()
        let rate = ObservationRegistration.$probe.withValue(probe) { trackObservable { settings.taxRate } }
        #expect(rate == 0.2)
        #expect(probe.live.load(ordering: .relaxed) == 0)   // nothing to follow it for
    }

    @Test func `a derived value recomputes after the followed property changes`() {
        let cart = TaxedCart()
        #expect(cart.total == 36)
        #expect(cart.total == 36)
        #expect(cart.totalComputations == 1)
        cart.settings.taxRate = 0.5
        #expect(cart.total == 45)
        #expect(cart.totalComputations == 2)
        cart.prices.append(10)
        #expect(cart.total == 60)
        cart.settings.currency = "USD"          // not read: no recompute
        #expect(cart.total == 60)
        #expect(cart.totalComputations == 3)
    }

    @Test func `an effect runs once the new value is stored, never seeing the old one`() {
        let cart = TaxedCart()
        var seen: [Double] = []
        let effect = Effect { seen.append(cart.total) }
        cart.settings.taxRate = 0.5
        // Run right after the write: this fails if the toolchain's didSet hook changes.
        #expect(seen == [36, 45])
        cart.settings.taxRate = 0.5             // Observation reports equal writes too
        #expect(seen == [36, 45])
        effect.cancel()
    }

    @Test func `a burst inside a batch runs the effect once, with the last value`() {
        let cart = TaxedCart()
        var seen: [Double] = []
        let effect = Effect { seen.append(cart.total) }
        batch {
            cart.settings.taxRate = 0.5
            cart.settings.taxRate = 1
            #expect(cart.total == 60)           // a pull inside the batch is fresh
        }
        #expect(seen == [36, 60])
        effect.cancel()
    }

    @Test func `equality cut-off applies when the value recomputes equal`() {
        let settings = TaxSettings()
        let taxed = Computed { trackObservable { settings.taxRate } > 0.1 }
        var runs = 0
        let effect = Effect { _ = taxed.value; runs += 1 }
        settings.taxRate = 0.3
        #expect(runs == 1)
        settings.taxRate = 0
        #expect(runs == 2)
        effect.cancel()
    }

    @Test func `a branch that stops reading stops depending`() {
        let settings = TaxSettings()
        let useTax = Signal(true)
        var computations = 0
        let rate = Computed { () -> Double in
            computations += 1
            return useTax.value ? trackObservable { settings.taxRate } : 0
        }
        let probe = RegistrationProbe()
        let effect = ObservationRegistration.$probe.withValue(probe) { Effect { _ = rate.value } }
        #expect(probe.live.load(ordering: .relaxed) == 1)
        useTax.value = false
        #expect(computations == 2)
        #expect(probe.live.load(ordering: .relaxed) == 0)   // the branch's registration is gone
        settings.taxRate = 0.9
        #expect(computations == 2)
        useTax.value = true
        #expect(rate.value == 0.9)
        settings.taxRate = 0.1
        #expect(rate.value == 0.1)
        #expect(computations == 4)
        effect.cancel()
    }

    @Test func `registrations stay bounded by the live dependents`() {
        let probe = RegistrationProbe()
        ObservationRegistration.$probe.withValue(probe) {
            let cart = TaxedCart()
            let effect = Effect { _ = cart.total }
            for price in 0..<20_000 {
                cart.prices[0] = Double(price)
            }
            // The one source of `total`: one registration (two at most while a change is stored).
            #expect((1...2).contains(probe.live.load(ordering: .relaxed)))
            var runs = 0
            let counter = Effect { _ = cart.total; runs += 1 }
            cart.settings.taxRate = 0.5
            #expect(runs == 2)
            effect.cancel()
            counter.cancel()
        }
    }

    @Test func `a dropped node is released, and its registration with it`() {
        let probe = RegistrationProbe()
        weak var weakCart: TaxedCart?
        weak var weakEffect: Effect?
        let settings = TaxSettings()
        ObservationRegistration.$probe.withValue(probe) {
            let cart = TaxedCart(settings: settings)
            weakCart = cart
            let effect = Effect { _ = cart.total }
            weakEffect = effect
            #expect(probe.live.load(ordering: .relaxed) == 1)
            effect.cancel()
        }
        #expect(weakCart == nil)
        #expect(weakEffect == nil)
        #expect(probe.live.load(ordering: .relaxed) == 0)
        settings.taxRate = 0.7                  // nothing left to notify
    }

    @Test func `a pull made while the change is stored may be old, the next one is not`() {
        let cart = TaxedCart()
        _ = cart.total
        let seenDuringWrite = Mutex<[Double]>([])
        let shared = MainActorBox(cart)
        _ = withObservationTracking { cart.settings.taxRate } onChange: {
            MainActor.assumeIsolated { seenDuringWrite.withLock { $0.append(shared.value.total) } }
        }
        cart.settings.taxRate = 0.5
        #expect(seenDuringWrite.withLock { $0.count } == 1)
        #expect(cart.total == 45)
    }

    @Test func `a conforming Ripple model read inside is tracked once, by Ripple`() throws {
        let library = ObservedLibrary()
        var runs = 0
        let effect = Effect { _ = trackObservable { library.availableBooksCount }; runs += 1 }
        let owner = try #require(library._availableBooksCountOwner)
        #expect(owner.watcher.deps == nil)       // Observation was not armed
        library.books[0].isAvailable = false
        #expect(runs == 2)
        effect.cancel()
    }

    @Test func `a block that reads nothing of Observation's is harmless`() {
        let count = Signal(1)
        let doubled = Computed { trackObservable { count.value * 2 } }
        #expect(doubled.value == 2)
        count.value = 2
        #expect(doubled.value == 4)
    }

    @Test func `a tracking scope keeps its source until it fires`() {
        let settings = TaxSettings()
        var fired = 0
        _ = withTracking { trackObservable { settings.taxRate } } onChange: { fired += 1 }
        settings.currency = "USD"
        #expect(fired == 0)
        settings.taxRate = 0.4
        #expect(fired == 1)
        settings.taxRate = 0.5
        #expect(fired == 1)
    }

    @Test(.timeLimit(.minutes(5)))
    func `observe follows a tracked Observable property`() async {
        let cart = TaxedCart()
        var values = observe { cart.total }.makeAsyncIterator()
        #expect(await values.next(isolation: #isolation) == 36)
        cart.settings.taxRate = 0.5
        #expect(await values.next(isolation: #isolation) == 45)
    }

    @Test(.timeLimit(.minutes(5)))
    func `on the public path alone, effects run at the main actor's next turn`() async {
        let cart = TaxedCart()
        var seen: [Double] = []
        let effect = ObservationRegistration.$probe.withValue(RegistrationProbe(publicPathOnly: true)) {
            Effect { seen.append(cart.total) }
        }
        cart.settings.taxRate = 0.5
        #expect(cart.total == 45)               // a pull after the write is fresh
        #expect(await yieldUntil { seen.count == 2 })
        #expect(seen == [36, 45])
        effect.cancel()
    }

    @Test(.timeLimit(.minutes(5)))
    func `a change made on another thread is delivered on the main actor`() async {
        let cart = TaxedCart()
        var seen: [Double] = []
        let effect = Effect { seen.append(cart.total) }
        let settings = cart.settings
        await Task.detached { settings.taxRate = 0.5 }.value
        #expect(await yieldUntil { seen.count == 2 })
        #expect(seen == [36, 45])
        #expect(cart.total == 45)
        effect.cancel()
    }
}
