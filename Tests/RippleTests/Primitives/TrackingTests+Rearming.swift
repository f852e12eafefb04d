// Re-arming takes the fired scope over: the first scope an onChange starts keeps the fired
// one's links, sees the writes made before it, and lets go of what it no longer reads.

import Testing
@testable import Ripple

extension TrackingTests {
    @Test func `a re-arm inside onChange takes the fired scope over, links and all`() {
        let temperature = Signal(20)
        var subscriberIDs: [[ObjectIdentifier]] = []
        var firstLinks: [LinkPointer?] = []
        var rounds = 0
        func follow() {
            withTracking { _ = temperature.value } onChange: {
                rounds += 1
                if rounds < 3 { follow() }
            }
            subscriberIDs.append(subscribers(of: temperature))
            firstLinks.append(temperature.subs)
        }
        follow()
        temperature.value = 21
        temperature.value = 22
        #expect(rounds == 2)
        #expect(subscriberIDs.count == 3)
        #expect(subscriberIDs.allSatisfy { $0.count == 1 && $0 == subscriberIDs[0] })
        #expect(firstLinks.allSatisfy { $0 != nil && $0 == firstLinks[0] })
        temperature.value = 23
        #expect(rounds == 3)
        #expect(temperature.subs == nil)
    }

    @Test func `a write in onChange before the re-arm is seen by it and does not fire it`() {
        let count = Signal(0)
        var shown: [Int] = []
        var fired = 0
        var following = true
        func follow() {
            shown.append(withTracking { count.value } onChange: {
                fired += 1
                guard following else { return }
                if count.value < 3 { count.value += 1 }
                follow()
            })
        }
        follow()
        count.value = 1
        #expect(shown == [0, 2])
        #expect(fired == 1)
        count.value = 5
        #expect(shown == [0, 2, 5])
        #expect(fired == 2)
        // Stop: onChange captures count, so only one last firing lets both go.
        following = false
        count.value = 6
        #expect(fired == 3)
        #expect(count.subs == nil)
    }

    @Test func `a write in onChange after the re-arm fires the re-armed scope`() {
        let count = Signal(0)
        var shown: [Int] = []
        var following = true
        func follow() {
            shown.append(withTracking { count.value } onChange: {
                guard following else { return }
                follow()
                if count.value < 3 { count.value += 1 }
            })
        }
        follow()
        count.value = 1
        #expect(shown == [0, 1, 2, 3])
        #expect(count.subs != nil)
        // Stop: onChange captures count, so only one last firing lets both go.
        following = false
        count.value = 4
        #expect(shown == [0, 1, 2, 3])
        #expect(count.subs == nil)
    }

    @Test func `only the first scope an onChange starts takes the fired one over`() {
        let source = Signal(0)
        var log: [String] = []
        withTracking { _ = source.value } onChange: {
            log.append("first")
            withTracking { _ = source.value } onChange: { log.append("second 1") }
            withTracking { _ = source.value } onChange: { log.append("second 2") }
        }
        source.value = 1
        #expect(log == ["first"])
        #expect(subscribers(of: source).count == 2)
        source.value = 2
        #expect(log == ["first", "second 1", "second 2"])
        source.value = 3
        #expect(log.count == 3)
        #expect(source.subs == nil)
    }

    @Test func `a taken-over scope lets go of the closure it replaced`() {
        let source = Signal(0)
        weak var firstToken: Token?
        weak var lastToken: Token?
        var rounds = 0
        func follow() {
            let token = Token()
            if firstToken == nil { firstToken = token }
            lastToken = token
            withTracking { _ = source.value } onChange: {
                withExtendedLifetime(token) {}
                rounds += 1
                if rounds < 2 { follow() }
            }
        }
        follow()
        #expect(firstToken != nil)
        source.value = 1
        #expect(firstToken == nil)
        #expect(lastToken != nil)
        source.value = 2
        #expect(rounds == 2)
        #expect(lastToken == nil)
        #expect(source.subs == nil)
    }

    @Test func `a re-arm that reads nothing lets the scope go`() {
        let source = Signal(0)
        weak var token: Token?
        var fired = 0
        withTracking { _ = source.value } onChange: {
            fired += 1
            let inner = Token()
            token = inner
            withTracking {} onChange: { withExtendedLifetime(inner) {} }
        }
        source.value = 1
        #expect(fired == 1)
        #expect(source.subs == nil)
        #expect(token == nil)
    }

    @Test func `a dependency that dies during onChange does not hold the re-armed scope`() {
        final class Holder { var signal: Signal<Int>? = Signal(0) }
        let holder = Holder()
        let other = Signal(0)
        var fired = 0
        var reArmed = false
        withTracking { _ = holder.signal?.value; _ = other.value } onChange: {
            fired += 1
            holder.signal = nil                 // dies: its link becomes a tombstone
            if !reArmed {
                reArmed = true
                withTracking { _ = other.value } onChange: { fired += 1 }
            }
        }
        other.value = 1
        #expect(fired == 1)
        #expect(holder.signal == nil)
        other.value = 2
        #expect(fired == 2)
        #expect(other.subs == nil)
    }

    @Test func `a re-arm that drops a dependency counts only the live ones left`() {
        var first: Signal<Int>? = Signal(0)
        let second = Signal(0)
        weak var token: Token?
        var rounds = 0
        func follow(readingSecond: Bool) {
            let inner = Token()
            token = inner
            withTracking {
                _ = first?.value
                if readingSecond { _ = second.value }
            } onChange: {
                withExtendedLifetime(inner) {}
                rounds += 1
                follow(readingSecond: false)
            }
        }
        follow(readingSecond: true)
        second.value = 1                        // re-armed on `first` alone
        #expect(rounds == 1)
        #expect(second.subs == nil)
        #expect(token != nil)
        first = nil                             // its only dependency died: spent
        #expect(token == nil)
        second.value = 2
        #expect(rounds == 1)
    }
}
