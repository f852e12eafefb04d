import Observation

/// The store's settings, still an `@Observable` model (Apple's macro): an app moves to
/// Ripple one model at a time. The cart follows the tax rate through `trackObservable`.
@Observable
final class StoreSettings {
    /// The sales tax added to the total, in percent; none by default.
    var taxPercent = 0
}
