/// Makes the reads that `read` makes of `@Observable` models (Apple's Observation)
/// dependencies of the Ripple run it is called in.
///
/// ```swift
/// import Observation
///
/// @Observable final class Settings { var taxRate = 0.2 }   // Apple's macro
///
/// final class Cart {
///     let settings: Settings
///     @Tracked var prices: [Double] = [10, 20]
///     @Derived({ (cart: Cart) in
///         cart.prices.reduce(0, +) * (1 + trackObservable { cart.settings.taxRate })
///     })
///     var total: Double
///     init(settings: Settings) { self.settings = settings }
/// }
///
/// let cart = Cart(settings: Settings())
/// print(cart.total)                 // prints "36.0"
/// cart.settings.taxRate = 0.5
/// print(cart.total)                 // prints "45.0": recomputed, the tax rate is a dependency
/// ```
///
/// Inside a ``Computed``, a `@Derived` property, an ``Effect``,
/// ``withTracking(_:onChange:)`` or `observe`, what `read` reads through Observation
/// becomes a dependency of that run, re-established on every run like any other: a
/// branch that stops calling it stops depending on it. Outside a run it just returns
/// `read()`. It is explicit so that runs that do not call it pay nothing; a call costs
/// a registration with Observation, about what a `withObservationTracking` costs.
/// Ripple state read inside `read` is tracked by Ripple as usual, once; reading a
/// model that conforms to ``ObservableModel`` there registers nothing with Observation.
/// A block that reads nothing of Observation's is harmless.
///
/// Timing. Observation announces a change before the new value is stored. Ripple then
/// only marks the dependents stale: it recomputes nothing and runs no effect. Once the
/// value is stored, every pull (`cart.total`, `computed.value`) returns the new value;
/// a pull made while the change is being stored (from another observer's `onChange`)
/// may see the old one, and the next pull after it will not. Effects, tracking scopes
/// and `observe` sequences that depend on the value run once it is stored, right after
/// the write when it was made on the graph's thread outside a ``batch(_:)``, at the
/// batch's end inside one; an effect never sees the old value after being notified,
/// and a burst of writes inside a batch runs it once. (The exact moment comes from the
/// `didSet` hook that SwiftUI uses; without it, they would run at the next turn of the
/// main actor for a graph on the main thread, or at the next transaction on the graph's
/// thread.)
///
/// Isolation. Observation reports a change on the thread that made it. A graph on the
/// main thread hears of a change made on another thread on the main actor, once it is
/// stored; a graph on a thread with no executor, at its next transaction (a write that
/// notifies, or the end of a ``batch(_:)``). A graph owned by another actor must see
/// the followed model changed on that actor.
///
/// Registrations stay bounded: each run replaces the registration of the run before,
/// and a node that is dropped takes its registrations with it.
///
/// - Parameter read: Reads of `@Observable` models to follow.
/// - Returns: What `read` returned.
public func trackObservable<T>(_ read: () -> T) -> T {
    let runtime = Runtime.current
    guard let sub = runtime.pointee.run.activeSub else { return read() }
    return ObservationSource.track(read, for: sub, runtime)
}
