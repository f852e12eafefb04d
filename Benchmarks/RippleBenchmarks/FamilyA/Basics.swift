import Observation
import Ripple

// Family A's elementary cases, one function per side. Each takes the number of
// operations to time and returns the nanoseconds they took; setup is not timed.

typealias RModels = RippleModels
typealias OModels = ObservationModels

// MARK: Read a tracked property, no tracking scope active

@inline(never)
func bench_ripple_untrackedRead(_ ops: Int) -> UInt64 {
    let record = RModels.Record()
    var sum = 0
    let elapsed = measure(with: record) { record in
        var total = 0
        for _ in 0..<ops { total &+= record.p0 }
        sum = total
    }
    blackHole(sum)
    return elapsed
}

@inline(never)
func bench_observation_untrackedRead(_ ops: Int) -> UInt64 {
    let record = OModels.Record()
    var sum = 0
    let elapsed = measure(with: record) { record in
        var total = 0
        for _ in 0..<ops { total &+= record.p0 }
        sum = total
    }
    blackHole(sum)
    return elapsed
}

// MARK: Read inside a tracking scope, 100 reads per scope

/// Scopes between two writes that end them; the writes are not timed.
private let scopesPerRound = 1000

@inline(never)
func bench_ripple_trackedRead(_ ops: Int) -> UInt64 {
    let record = RModels.Record()
    var elapsed: UInt64 = 0
    var remaining = max(1, ops / 100)
    while remaining > 0 {
        let scopes = min(remaining, scopesPerRound)
        elapsed &+= measure(with: record) { record in
            for _ in 0..<scopes {
                blackHole(withTracking({
                    var sum = 0
                    for _ in 0..<10 { sum &+= record.sum }
                    return sum
                }, onChange: {}))
            }
        }
        record.p0 += 1
        remaining -= scopes
    }
    return elapsed
}

@inline(never)
func bench_observation_trackedRead(_ ops: Int) -> UInt64 {
    let record = OModels.Record()
    var elapsed: UInt64 = 0
    var remaining = max(1, ops / 100)
    while remaining > 0 {
        let scopes = min(remaining, scopesPerRound)
        elapsed &+= measure(with: record) { record in
            for _ in 0..<scopes {
                blackHole(withObservationTracking({
                    var sum = 0
                    for _ in 0..<10 { sum &+= record.sum }
                    return sum
                }, onChange: {}))
            }
        }
        record.p0 += 1
        remaining -= scopes
    }
    return elapsed
}

// MARK: Write, no observers

@inline(never)
func bench_ripple_write(_ ops: Int) -> UInt64 {
    let record = RModels.Record()
    let elapsed = measure(with: record) { record in
        for i in 0..<ops { record.p0 = i }
    }
    blackHole(record.p0)
    return elapsed
}

@inline(never)
func bench_observation_write(_ ops: Int) -> UInt64 {
    let record = OModels.Record()
    let elapsed = measure(with: record) { record in
        for i in 0..<ops { record.p0 = i }
    }
    blackHole(record.p0)
    return elapsed
}

// MARK: Continuous observation: write, observer notified, re-registered

@inline(never)
func bench_ripple_continuousObservation(_ ops: Int) -> UInt64 {
    let record = RModels.Record()
    let observer = RippleEffectLoop { record.p0 }
    let elapsed = measure(with: record) { record in
        for i in 1...ops { record.p0 = i }
    }
    checkEqual(observer.notifications, ops, "continuousObservation (Ripple Effect) notifications")
    return elapsed
}

@inline(never)
func bench_ripple_continuousObservationWithTracking(_ ops: Int) -> UInt64 {
    let record = RModels.Record()
    let observer = RippleTrackingLoop { record.p0 }
    let elapsed = measure(with: record) { record in
        for i in 1...ops { record.p0 = i }
    }
    checkEqual(observer.notifications, ops, "continuousObservation (Ripple withTracking) notifications")
    return elapsed
}

@inline(never)
func bench_observation_continuousObservation(_ ops: Int) -> UInt64 {
    let record = OModels.Record()
    let observer = ObservationLoop { record.p0 }
    let elapsed = measure(with: record) { record in
        for i in 1...ops { record.p0 = i }
    }
    checkEqual(observer.notifications, ops, "continuousObservation (Observation) notifications")
    return elapsed
}

// MARK: Computed property over 1,000 books, read after no change

private func bookTitles(_ count: Int) -> [(String, Bool)] {
    (0..<count).map { ("Book \($0)", $0 % 3 != 0) }
}

@inline(never)
func bench_ripple_memoizedDerived(_ ops: Int) -> UInt64 {
    let library = RModels.Library(books: bookTitles(1000).map { RModels.Book(title: $0.0, isAvailable: $0.1) })
    checkEqual(library.availableBooksCount, 666, "availableBooksCount (Ripple)")
    var sum = 0
    let elapsed = measure(with: library) { library in
        for _ in 0..<ops { sum &+= library.availableBooksCount }
    }
    checkEqual(sum, 666 * ops, "availableBooksCount reads (Ripple)")
    return elapsed
}

@inline(never)
func bench_observation_memoizedDerived(_ ops: Int) -> UInt64 {
    let library = OModels.Library(books: bookTitles(1000).map { OModels.Book(title: $0.0, isAvailable: $0.1) })
    checkEqual(library.availableBooksCount, 666, "availableBooksCount (Observation)")
    var sum = 0
    let elapsed = measure(with: library) { library in
        for _ in 0..<ops { sum &+= library.availableBooksCount }
    }
    checkEqual(sum, 666 * ops, "availableBooksCount reads (Observation)")
    return elapsed
}

// MARK: A tracking scope over 100 objects (10 properties each), ended by one write

@inline(never)
func bench_ripple_trackingOver100Objects(_ ops: Int) -> UInt64 {
    let records = (0..<100).map { _ in RModels.Record() }
    let fired = Counter()
    let elapsed = measure(with: records) { records in
        for op in 0..<ops {
            blackHole(withTracking({
                records.reduce(0) { $0 &+ $1.sum }
            }, onChange: { fired.count += 1 }))
            records[op % 100].p3 += 1
        }
    }
    checkEqual(fired.count, ops, "trackingOver100Objects (Ripple) notifications")
    return elapsed
}

/// Safety: the counter is only touched on the main thread, where Observation calls
/// `onChange` synchronously.
final class SendableCounter: @unchecked Sendable {
    @exclusivity(unchecked) var count = 0
}

@inline(never)
func bench_observation_trackingOver100Objects(_ ops: Int) -> UInt64 {
    let records = (0..<100).map { _ in OModels.Record() }
    let fired = SendableCounter()
    let elapsed = measure(with: records) { records in
        for op in 0..<ops {
            blackHole(withObservationTracking({
                records.reduce(0) { $0 &+ $1.sum }
            }, onChange: { fired.count += 1 }))
            records[op % 100].p3 += 1
        }
    }
    checkEqual(fired.count, ops, "trackingOver100Objects (Observation) notifications")
    return elapsed
}

// MARK: Fan-out: one property, 1,000 observers, one write

private let fanOutObservers = 1000

@inline(never)
func bench_ripple_fanOut(_ ops: Int) -> UInt64 {
    let record = RModels.Record()
    let observers = (0..<fanOutObservers).map { _ in RippleEffectLoop { record.p0 } }
    let elapsed = measure(with: record) { record in
        for i in 1...ops { record.p0 = i }
    }
    checkEqual(observers.reduce(0) { $0 + $1.notifications }, ops * fanOutObservers, "fanOut (Ripple Effect) notifications")
    return elapsed
}

@inline(never)
func bench_ripple_fanOutWithTracking(_ ops: Int) -> UInt64 {
    let record = RModels.Record()
    let observers = (0..<fanOutObservers).map { _ in RippleTrackingLoop { record.p0 } }
    let elapsed = measure(with: record) { record in
        for i in 1...ops { record.p0 = i }
    }
    checkEqual(observers.reduce(0) { $0 + $1.notifications }, ops * fanOutObservers, "fanOut (Ripple withTracking) notifications")
    return elapsed
}

@inline(never)
func bench_observation_fanOut(_ ops: Int) -> UInt64 {
    let record = OModels.Record()
    let observers = (0..<fanOutObservers).map { _ in ObservationLoop { record.p0 } }
    let elapsed = measure(with: record) { record in
        for i in 1...ops { record.p0 = i }
    }
    checkEqual(observers.reduce(0) { $0 + $1.notifications }, ops * fanOutObservers, "fanOut (Observation) notifications")
    return elapsed
}

// MARK: Model creation: a class with 10 tracked properties

@inline(never)
func bench_ripple_modelCreation(_ ops: Int) -> UInt64 {
    measure {
        for _ in 0..<ops { blackHole(RModels.Record()) }
    }
}

@inline(never)
func bench_observation_modelCreation(_ ops: Int) -> UInt64 {
    measure {
        for _ in 0..<ops { blackHole(OModels.Record()) }
    }
}
