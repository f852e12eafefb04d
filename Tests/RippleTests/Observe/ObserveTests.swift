import Testing
@testable import Ripple

/// `observe(_:)`. Consumers run on the main actor, like the test, so that writes and
/// reads interleave only at awaits the test chooses; a write that must land while a
/// consumer is suspended comes from a task gated on the consumer's progress.
@Suite(.timeLimit(.minutes(5)))
@MainActor
struct ObserveTests {
    @Test func `nothing runs until the first element is requested`() async {
        let counter = Counter()
        var evaluations = 0
        var values = observe { evaluations += 1; return counter.count }.makeAsyncIterator()
        #expect(evaluations == 0)
        #expect(await values.next(isolation: #isolation) == 0)
        #expect(evaluations == 1)
    }

    @Test func `it yields the current value, then the latest after each transaction`() async {
        let counter = Counter()
        counter.count = 7
        var evaluations = 0
        var values = observe { evaluations += 1; return counter.count }.makeAsyncIterator()
        #expect(await values.next(isolation: #isolation) == 7)

        counter.count = 8
        #expect(await values.next(isolation: #isolation) == 8)

        batch {
            counter.count = 9
            counter.count = 10
        }
        #expect(await values.next(isolation: #isolation) == 10)
        #expect(evaluations == 3)
    }

    @Test func `a burst of writes between two reads yields one element`() async {
        let counter = Counter()
        var evaluations = 0
        var values = observe { evaluations += 1; return counter.count }.makeAsyncIterator()
        #expect(await values.next(isolation: #isolation) == 0)

        counter.count = 1
        counter.count = 2
        counter.count = 3
        #expect(await values.next(isolation: #isolation) == 3)
        #expect(evaluations == 2)

        // Nothing is pending: the next element is the next write.
        let writer = Task { @MainActor in counter.count = 4 }
        #expect(await values.next(isolation: #isolation) == 4)
        #expect(evaluations == 3)
        await writer.value
    }

    @Test func `a write to something it did not read yields nothing`() async {
        let counter = Counter()
        var evaluations = 0
        var values = observe { evaluations += 1; return counter.count }.makeAsyncIterator()
        #expect(await values.next(isolation: #isolation) == 0)

        counter.label = "one"
        let writer = Task { @MainActor in counter.count = 1 }
        #expect(await values.next(isolation: #isolation) == 1)
        #expect(evaluations == 2)
        await writer.value
    }

    @Test func `an Equatable value equal to the last delivered is skipped`() async {
        let counter = Counter()
        var evaluations = 0
        var values = observe { evaluations += 1; return counter.count }.makeAsyncIterator()
        #expect(await values.next(isolation: #isolation) == 0)

        counter.count = 1
        counter.count = 0
        // The burst re-evaluates to the delivered 0; only the write after that yields.
        let writer = Task { @MainActor in
            #expect(await yieldUntil { evaluations == 2 })
            counter.count = 5
        }
        #expect(await values.next(isolation: #isolation) == 5)
        #expect(evaluations == 3)
        await writer.value
    }

    @Test func `a derived value that recomputes equal yields nothing`() async {
        let library = Library()
        var values = observe { library.availableBooksCount }.makeAsyncIterator()
        #expect(await values.next(isolation: #isolation) == 3)

        library.books.append(Book(title: "Lent", isAvailable: false))
        let writer = Task { @MainActor in
            #expect(await yieldUntil { library.availableCountRuns == 2 })
            library.books[0].isAvailable = false
        }
        #expect(await values.next(isolation: #isolation) == 2)
        await writer.value
    }

    @Test func `a non-Equatable value is always delivered`() async {
        let counter = Counter()
        var values = observe { Reading(value: counter.count) }.makeAsyncIterator()
        #expect(await values.next(isolation: #isolation)?.value == 0)

        counter.count = 1
        counter.count = 0
        #expect(await values.next(isolation: #isolation)?.value == 0)

        counter.count = 2
        #expect(await values.next(isolation: #isolation)?.value == 2)
    }

    @Test func `several iterators each see the progression`() async {
        let counter = Counter()
        let sequence = observe { counter.count }
        var first = sequence.makeAsyncIterator()
        var second = sequence.makeAsyncIterator()
        #expect(await first.next(isolation: #isolation) == 0)
        #expect(await second.next(isolation: #isolation) == 0)

        counter.count = 1
        #expect(await first.next(isolation: #isolation) == 1)
        counter.count = 2
        #expect(await first.next(isolation: #isolation) == 2)
        #expect(await second.next(isolation: #isolation) == 2)
    }

    @Test func `several consuming tasks each see the whole progression`() async {
        let counter = Counter()
        let firstSeen = Collector<Int>()
        let secondSeen = Collector<Int>()
        let first = Task { @MainActor in
            for await value in observe({ counter.count }) {
                firstSeen.values.append(value)
                if value == 3 { break }
            }
        }
        let second = Task { @MainActor in
            for await value in observe({ counter.count }) {
                secondSeen.values.append(value)
                if value == 3 { break }
            }
        }
        for next in 1...3 {
            #expect(await yieldUntil { firstSeen.values.count == next && secondSeen.values.count == next })
            counter.count = next
        }
        await first.value
        await second.value
        #expect(firstSeen.values == [0, 1, 2, 3])
        #expect(secondSeen.values == [0, 1, 2, 3])
    }

    @Test func `cancelling the consuming task ends the sequence and stops following`() async {
        let count = Signal(0)
        let seen = Collector<Int>()
        var evaluations = 0
        let consumer = Task { @MainActor in
            for await value in observe({ evaluations += 1; return count.value }) {
                seen.values.append(value)
            }
            seen.finished = true
        }
        #expect(await yieldUntil { seen.values == [0] })
        count.value = 1
        #expect(await yieldUntil { seen.values == [0, 1] })
        #expect(!subscribers(of: count).isEmpty)

        consumer.cancel()
        await consumer.value
        #expect(seen.finished)
        #expect(subscribers(of: count).isEmpty)
        count.value = 2
        #expect(evaluations == 2)
    }

    @Test func `a task cancelled before it iterates ends without an element`() async {
        let counter = Counter()
        let seen = Collector<Int>()
        let consumer = Task { @MainActor in
            for await value in observe({ counter.count }) {
                seen.values.append(value)
            }
            seen.finished = true
        }
        consumer.cancel()
        await consumer.value
        #expect(seen.finished)
        #expect(seen.values.isEmpty)
    }

    @Test func `after cancellation the expression and its captures are released`() async {
        weak var weakCounter: Counter?
        weak var weakCapture: Handle?
        let seen = Collector<Int>()
        let consumer: Task<Void, Never>
        do {
            let counter = Counter()
            let capture = Handle()
            weakCounter = counter
            weakCapture = capture
            consumer = Task { @MainActor in
                for await value in observe({ _ = capture; return counter.count }) {
                    seen.values.append(value)
                }
            }
            #expect(await yieldUntil { seen.values == [0] })
            counter.count = 1
            #expect(await yieldUntil { seen.values == [0, 1] })
        }
        consumer.cancel()
        await consumer.value
        #expect(weakCounter == nil)
        #expect(weakCapture == nil)
    }

    @Test func `the expression runs on the main actor when consumed there`() async {
        let counter = Counter()
        var evaluations = 0
        let seen = Collector<Int>()
        let consumer = Task { @MainActor in
            for await value in observe({ MainActor.assertIsolated(); evaluations += 1; return counter.count }) {
                seen.values.append(value)
                if value == 1 { break }
            }
        }
        #expect(await yieldUntil { seen.values == [0] })
        counter.count = 1
        await consumer.value
        #expect(seen.values == [0, 1])
        #expect(evaluations == 2)
    }

    @Test func `the expression runs on the actor that consumes it`() async {
        let thermostat = Thermostat()
        #expect(await thermostat.follow() == [20, 21, 23])
        #expect(await thermostat.evaluations == 3)
    }
}

/// Values a consuming task delivered, read by the test on the main actor.
@MainActor
private final class Collector<Value> {
    var values: [Value] = []
    var finished = false
}

/// An actor that owns a model and follows it: the expression touches the actor's
/// state synchronously, which compiles only because it runs isolated to the actor.
private actor Thermostat {
    let sensor = SensorData()
    var evaluations = 0

    func follow() async -> [Double] {
        var readings = observe {
            self.assertIsolated()
            self.evaluations += 1
            return self.sensor.temperature
        }.makeAsyncIterator()
        var seen: [Double] = []
        if let reading = await readings.next(isolation: self) { seen.append(reading) }
        sensor.temperature = 21
        if let reading = await readings.next(isolation: self) { seen.append(reading) }
        sensor.temperature = 22
        sensor.temperature = 23
        if let reading = await readings.next(isolation: self) { seen.append(reading) }
        return seen
    }
}
