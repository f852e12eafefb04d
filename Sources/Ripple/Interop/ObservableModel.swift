public import Observation
public import RippleThreadLocal

/// A model class whose `@Tracked` and `@Derived` properties Apple's Observation sees,
/// as it sees an `@Observable` class: SwiftUI views, `withObservationTracking` and
/// `Observations` follow them.
///
/// ```swift
/// import Observation
/// import Ripple
///
/// @MainActor
/// final class Library: ObservableModel {
///     let observationRegistrar = ObservationRegistrar()
///     @Tracked var books: [Book] = []
///     @Derived({ (library: Library) in library.books.filter(\.isAvailable).count })
///     var availableBooksCount: Int
/// }
/// ```
///
/// One conformance and one stored registrar are all it takes; there is no macro.
///
/// - A `@Tracked` property read under Observation's tracking (a SwiftUI body,
///   `withObservationTracking`, `Observations { }`) registers that property. A
///   transaction (a write, an in-place mutation, a ``batch(_:)``) that changes it
///   notifies Observation once; an equal write, a batch that writes the old value back,
///   or a write to a property the tracking did not read notifies nothing.
/// - A `@Derived` property notifies when, and only when, its value changes: a view
///   that shows `availableBooksCount` is not invalidated when a book is renamed, where
///   an `@Observable` computed property would invalidate it on every input change. A
///   memoized read registers like any other.
/// - Observation hears of a change once the transaction has ended and Ripple's own
///   effects and tracking scopes have run: inside `onChange` the property already reads
///   its new value, and state written there starts a transaction of its own.
/// - Reads made inside Ripple's own runs (a `@Derived` or ``Computed`` computation, an
///   ``Effect`` body) register nothing with Observation, so a view that shows a derived
///   value depends on that value alone, not on what it was derived from.
/// - Ripple's own observers keep working on the same model, side by side.
///
/// Cost: a read outside Ripple's runs calls Observation's `access`, as an `@Observable`
/// property does, on a registrar of the property's own (made with its node, at the
/// first read), which knows it by a key Observation hashes and compares at once. A
/// `@Derived` property read that way arms a watcher that re-evaluates it once per
/// transaction that invalidates it, to learn whether its value
/// changed; the watcher disarms once it has notified Observation (whose tracking is
/// one-shot) and re-arms at the next read, so a derived value nobody shows stops
/// costing. Models that do not conform pay nothing.
///
/// Nested models are followed per property when each nested class conforms too. A bare
/// ``Signal`` or ``Computed`` read in a SwiftUI body is not seen by Observation: keep
/// state that views read in model properties.
///
/// A conforming model belongs to one isolation domain, as any Ripple node does;
/// `@MainActor` models are what SwiftUI apps write.
public protocol ObservableModel: AnyObject, Observable {
    /// The model's registrar, for properties it manages by hand with Observation
    /// (`access`, `withMutation`); Ripple's properties register under their own.
    /// Store one: `let observationRegistrar = ObservationRegistrar()`.
    var observationRegistrar: ObservationRegistrar { get }
}

extension Graph {
    /// Whether `model` conforms to ``ObservableModel``: asked at each property's first
    /// access. The thread keeps the answer for each of the last few model classes it
    /// asked about (`RippleThreadLocal.h`), since a program's models are of a few
    /// classes, and the runtime's lookup is a hashed search; the check itself folds
    /// where the model's type is known to conform.
    @inlinable
    @inline(__always)
    static func conformsToObservableModel<Model: AnyObject>(_ model: Model) -> Bool {
        // The model's own class, which a subclass may make conform.
        let type = unsafeBitCast(ObjectIdentifier(type(of: model)), to: UnsafeRawPointer.self)
        let known = ripple_thread_model_lookup(type)
        if known >= 0 { return known != 0 }
        let conforms = model is any ObservableModel
        ripple_thread_model_store(type, conforms ? 1 : 0)
        return conforms
    }
}
