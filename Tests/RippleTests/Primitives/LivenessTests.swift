import Observation
import Testing
@testable import Ripple

/// `whileObserved`: when a source's hooks start and stop its work.
@Suite struct LivenessTests {
    /// Counts a registration's starts and stops.
    final class Hooks {
        var starts = 0, stops = 0
        var log: [String] = []
        func register<T>(_ sources: () -> T) {
            whileObserved(sources) { [self] in
                starts += 1
                log.append("start")
                return { [self] in
                    stops += 1
                    log.append("stop")
                }
            }
        }
    }

    final class Sensor {
        @Tracked var celsius = 20.0
        @Tracked var humidity = 50.0
    }

    @Test func `an effect starts the source and cancelling it stops it`() {
        let reading = Signal(1)
        let hooks = Hooks()
        hooks.register { reading.value }
        #expect(hooks.starts == 0)
        let effect = Effect { _ = reading.value }
        #expect(hooks.log == ["start"])
        reading.value = 2
        #expect(hooks.log == ["start"])
        effect.cancel()
        #expect(hooks.log == ["start", "stop"])
    }

    @Test func `the source stops only when its last observer goes`() {
        let reading = Signal(1)
        let hooks = Hooks()
        hooks.register { reading.value }
        let first = Effect { _ = reading.value }
        let second = Effect { _ = reading.value }
        first.cancel()
        #expect(hooks.log == ["start"])
        second.cancel()
        #expect(hooks.log == ["start", "stop"])
        let third = Effect { _ = reading.value }
        #expect(hooks.log == ["start", "stop", "start"])
        withExtendedLifetime(third) {}
    }

    @Test func `an observer added and removed inside one batch reports nothing`() {
        let reading = Signal(1)
        let hooks = Hooks()
        hooks.register { reading.value }
        batch {
            let effect = Effect { _ = reading.value }
            effect.cancel()
        }
        #expect(hooks.log == [])
        batch {
            let effect = Effect { _ = reading.value }
            #expect(hooks.starts == 0)   // not yet: at the end of the batch
            withExtendedLifetime(effect) {}
            effect.cancel()
            _ = Effect { _ = reading.value }   // released at once
        }
        #expect(hooks.log == [])
    }

    @Test func `an observer added inside a batch starts the source when the batch ends`() {
        let reading = Signal(1)
        let hooks = Hooks()
        hooks.register { reading.value }
        var effect: Effect?
        batch {
            effect = Effect { _ = reading.value }
            #expect(hooks.starts == 0)
        }
        #expect(hooks.log == ["start"])
        batch {
            effect?.cancel()
            effect = Effect { _ = reading.value }   // replaced within the batch: still observed
        }
        #expect(hooks.log == ["start"])
        effect = nil
        #expect(hooks.log == ["start", "stop"])
    }

    @Test func `an effect that reads the source on every run keeps it observed, one that stops reading it does not`() {
        let reading = Signal(1), showReading = Signal(true)
        let hooks = Hooks()
        hooks.register { reading.value }
        let effect = Effect { if showReading.value { _ = reading.value } }
        reading.value = 2
        #expect(hooks.log == ["start"])
        showReading.value = false
        #expect(hooks.log == ["start", "stop"])
        showReading.value = true
        #expect(hooks.log == ["start", "stop", "start"])
        effect.cancel()
        #expect(hooks.log == ["start", "stop", "start", "stop"])
    }

    @Test func `a computed between the source and the effect carries observation through`() {
        let reading = Signal(1)
        let doubled = Computed { reading.value * 2 }
        let hooks = Hooks()
        hooks.register { reading.value }
        let effect = Effect { _ = doubled.value }
        #expect(hooks.log == ["start"])
        effect.cancel()   // the computed loses its last subscriber and lets go
        #expect(hooks.log == ["start", "stop"])
        let again = Effect { _ = doubled.value }   // reattaches
        #expect(hooks.log == ["start", "stop", "start"])
        again.cancel()
        #expect(hooks.log == ["start", "stop", "start", "stop"])
    }

    @Test func `a tracking scope observes until it fires without re-arming`() {
        let reading = Signal(1)
        let hooks = Hooks()
        hooks.register { reading.value }
        _ = withTracking { reading.value } onChange: {}
        #expect(hooks.log == ["start"])
        reading.value = 2
        #expect(hooks.log == ["start", "stop"])

        func follow() {
            _ = withTracking { reading.value } onChange: { follow() }
        }
        follow()
        reading.value = 3   // re-arms inside onChange: stays observed
        #expect(hooks.log == ["start", "stop", "start"])
    }

    @Test func `tracked model properties take hooks, one registration for several sources`() {
        let sensor = Sensor()
        let hooks = Hooks()
        hooks.register { (sensor.celsius, sensor.humidity) }
        let celsius = Effect { _ = sensor.celsius }
        let humidity = Effect { _ = sensor.humidity }
        celsius.cancel()
        #expect(hooks.log == ["start"])
        humidity.cancel()
        #expect(hooks.log == ["start", "stop"])
        // One source stopping as another starts, in one batch, keeps the work going.
        let first = Effect { _ = sensor.celsius }
        var second: Effect?
        batch {
            first.cancel()
            second = Effect { _ = sensor.humidity }
        }
        #expect(hooks.log == ["start", "stop", "start"])
        second?.cancel()
        #expect(hooks.log == ["start", "stop", "start", "stop"])
    }

    @Test func `registering on a source already observed starts at once`() {
        let reading = Signal(1)
        let effect = Effect { _ = reading.value }
        let hooks = Hooks()
        hooks.register { reading.value }
        #expect(hooks.log == ["start"])
        effect.cancel()
        #expect(hooks.log == ["start", "stop"])
    }

    @Test func `hooks may write state, and run outside the effect that triggered them`() {
        let reading = Signal(0)
        whileObserved({ reading.value }) {
            reading.value = 42   // the sensor's first sample
            return { reading.value = -1 }
        }
        var seen: [Int] = []
        let effect = Effect { seen.append(reading.value) }
        #expect(seen == [0, 42])
        effect.cancel()
        #expect(reading.peek() == -1)
        #expect(seen == [0, 42])
    }

    @Test func `two registrations on one source each run their hooks`() {
        let reading = Signal(1)
        let first = Hooks(), second = Hooks()
        first.register { reading.value }
        second.register { reading.value }
        let effect = Effect { _ = reading.value }
        effect.cancel()
        #expect(first.log == ["start", "stop"])
        #expect(second.log == ["start", "stop"])
    }

    @Test func `a source that dies while a scope observes it stops`() {
        let hooks = Hooks()
        var reading: Signal<Int>? = Signal(1)
        hooks.register { reading!.value }
        _ = withTracking { reading!.value } onChange: {}
        #expect(hooks.log == ["start"])
        reading = nil
        #expect(hooks.log == ["start", "stop"])
    }

    @Test func `an effect scope's effects observe, and cancelling the scope stops the source`() {
        let reading = Signal(1)
        let hooks = Hooks()
        hooks.register { reading.value }
        let scope = EffectScope()
        scope.run {
            _ = Effect { _ = reading.value }
            _ = Effect { _ = reading.value }
        }
        #expect(hooks.log == ["start"])
        scope.cancel()
        #expect(hooks.log == ["start", "stop"])
    }

    @Test func `a source nobody registered hooks on reports nothing and keeps no entry`() {
        let reading = Signal(1)
        let effect = Effect { _ = reading.value }
        effect.cancel()
        #expect(!reading.flags.contains(.hasLivenessHooks))
        #expect(LivenessTable.entry(for: reading) == nil)
    }

    @Test func `Observation's tracking observes until a change that no read re-registered for`() {
        let model = LiveModel()
        let hooks = Hooks()
        hooks.register { model.reading }
        _ = withObservationTracking { model.reading } onChange: {}
        #expect(hooks.log == ["start"])
        model.reading = 2   // Observation hears of it; the view would render again
        #expect(hooks.log == ["start"])
        _ = withObservationTracking { model.reading } onChange: {}   // and read again
        model.reading = 3
        #expect(hooks.log == ["start"])
        model.reading = 4   // nobody read since the last change
        #expect(hooks.log == ["start", "stop"])
    }
}

final class LiveModel: ObservableModel, @unchecked Sendable {
    // Safety: each instance is created and used by one test, on one thread; the
    // conformance only lets Apple's `@Sendable` onChange closure capture it.
    let observationRegistrar = ObservationRegistrar()
    @Tracked var reading = 1
}
