import Observation
import Ripple

// The observers family A compares: an observer that stays subscribed, and a view
// that re-renders after a change. Observation's side re-arms
// `withObservationTracking` (its `onChange` fires once, before the change); Ripple's
// side uses an `Effect`, or `withTracking` re-armed in `onChange` (after the change).

/// Observation: `withObservationTracking` re-armed in `onChange`, counting
/// notifications. `onChange` runs inside the write, before the new value is stored.
///
/// Safety (`@unchecked Sendable`): created, armed and notified on the main thread only.
final class ObservationLoop: @unchecked Sendable {
    private let read: () -> Int
    @exclusivity(unchecked) private(set) var notifications = 0

    init(_ read: @escaping () -> Int) {
        self.read = read
        arm()
    }

    private func arm() {
        blackHole(withObservationTracking(read, onChange: { [unowned self] in
            notifications += 1
            arm()
        }))
    }
}

/// Ripple: `withTracking` re-armed in `onChange`, counting notifications. `onChange`
/// runs after the write.
final class RippleTrackingLoop {
    private let read: () -> Int
    @exclusivity(unchecked) private(set) var notifications = 0

    init(_ read: @escaping () -> Int) {
        self.read = read
        arm()
    }

    private func arm() {
        blackHole(withTracking(read, onChange: { [unowned self] in
            notifications += 1
            arm()
        }))
    }
}

/// Ripple: an effect counting its runs.
final class RippleEffectLoop {
    @exclusivity(unchecked) private(set) var runs = 0
    private var effect: Effect?

    init(_ read: @escaping () -> Int) {
        effect = Effect { [unowned self] in
            blackHole(read())
            runs += 1
        }
    }

    /// Runs after the first (creation) run.
    var notifications: Int { runs - 1 }
}

/// Observation: a view as SwiftUI drives one. Rendering reads the model inside
/// `withObservationTracking`; `onChange` only invalidates the view, and the run loop
/// (`ObservedView.update`) re-renders invalid views once the change is done.
///
/// Safety (`@unchecked Sendable`): created, rendered and invalidated on the main
/// thread only.
final class ObservedView: @unchecked Sendable {
    private let body: () -> Int
    @exclusivity(unchecked) private var isInvalid = false
    @exclusivity(unchecked) private(set) var renders = 0
    @exclusivity(unchecked) private(set) var output = 0

    init(_ body: @escaping () -> Int) {
        self.body = body
        render()
    }

    private func render() {
        renders += 1
        output = withObservationTracking(body, onChange: { [unowned self] in isInvalid = true })
    }

    /// The end of a run-loop turn: re-renders the views a change invalidated.
    static func update(_ views: [ObservedView]) {
        for view in views where view.isInvalid {
            view.isInvalid = false
            view.render()
        }
    }
}

/// Ripple: a view is an effect; it re-renders after each change to what it read.
final class RippleView {
    @exclusivity(unchecked) private(set) var renders = 0
    @exclusivity(unchecked) private(set) var output = 0
    private var effect: Effect?

    init(_ body: @escaping () -> Int) {
        effect = Effect { [unowned self] in
            renders += 1
            output = body()
        }
    }
}
