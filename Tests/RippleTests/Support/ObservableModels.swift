import Observation
internal import Synchronization

// Apple's Observation counterparts of the seed models, for tests that contrast
// `withObservationTracking` with Ripple's `withTracking`.

// Safety: each instance is created and used by one test, on one thread; the
// conformance only lets Apple's `@Sendable` onChange closure capture it.
@Observable
final class ObservableBook: @unchecked Sendable {
    var title = "Sample Book Title"
    var isAvailable = true
}

// Safety: as for ObservableBook.
@Observable
final class ObservableSensor: @unchecked Sendable {
    var temperature = 20.0
    var humidity = 50.0
}

/// Lines recorded from `@Sendable` callbacks, in order.
final class SendableLog: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    var all: [String] {
        lines.withLock { $0 }
    }
}
