import Observation
import Ripple

// What following an @Observable model costs: a derived value that reads one through
// trackObservable, recomputed by a write to a Ripple property it also reads, against
// the same derived value without the call. Each recompute registers with Observation
// and retires the registration before it.

/// Settings still written with Apple's macro.
///
/// Safety (`@unchecked Sendable`): created, read and written on the main thread only.
@Observable
final class InteropSettings: @unchecked Sendable {
    var rate = 2
}

/// A cart whose total reads the settings' rate through `trackObservable`, or not.
final class InteropCart {
    let settings = InteropSettings()
    @Tracked var price = 0
    @Derived({ (cart: InteropCart) in cart.price * trackObservable { cart.settings.rate } })
    var followingTotal: Int
    @Derived({ (cart: InteropCart) in cart.price * 2 })
    var plainTotal: Int
}

/// Nanoseconds per write that makes `total` recompute, read by an effect.
private func recomputes(_ mode: RunMode, _ total: @escaping (InteropCart) -> Int) -> Double {
    let cart = InteropCart()
    let seen = Counter()
    let effect = Effect { seen.count = total(cart) }
    let writes = mode.pick(full: 200_000, quick: 20_000)
    var fastest = UInt64.max
    for sample in 0...mode.pick(full: 7, quick: 3) {
        let elapsed = measure(with: cart) { cart in
            for _ in 0..<writes { cart.price += 1 }
        }
        if sample > 0 { fastest = min(fastest, elapsed) }  // sample 0 warms up
    }
    checkEqual(seen.count, cart.price * 2, "interop total")
    effect.cancel()
    return Double(fastest) / Double(writes)
}

@inline(never)
func bench_interop_plainRecompute(_ mode: RunMode) -> Double {
    recomputes(mode) { $0.plainTotal }
}

@inline(never)
func bench_interop_trackObservableRecompute(_ mode: RunMode) -> Double {
    recomputes(mode) { $0.followingTotal }
}

/// Nanoseconds per change of the @Observable rate that reaches an effect through the
/// derived total (Observation's willSet and didSet, then the recompute and the run).
@inline(never)
func bench_interop_observableChange(_ mode: RunMode) -> Double {
    let cart = InteropCart()
    cart.price = 3
    let seen = Counter()
    let effect = Effect { seen.count = cart.followingTotal }
    let writes = mode.pick(full: 100_000, quick: 10_000)
    var fastest = UInt64.max
    for sample in 0...mode.pick(full: 7, quick: 3) {
        let elapsed = measure(with: cart) { cart in
            for _ in 0..<writes { cart.settings.rate += 1 }
        }
        if sample > 0 { fastest = min(fastest, elapsed) }
    }
    checkEqual(seen.count, 3 * cart.settings.rate, "interop total after a rate change")
    effect.cancel()
    return Double(fastest) / Double(writes)
}

let interopCases: [Measurement] = [
    Measurement("bench_interop_plainRecompute", "a write recomputes a derived total read by an effect", unit: "ns",
                bench_interop_plainRecompute),
    Measurement("bench_interop_trackObservableRecompute",
                "the same, the total calling trackObservable once", unit: "ns",
                bench_interop_trackObservableRecompute),
    Measurement("bench_interop_observableChange", "an @Observable change reaching the effect through the total",
                unit: "ns", bench_interop_observableChange),
]
