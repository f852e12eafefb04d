// Runaway effects: one that does not settle in 100 runs is stopped for the flush and
// reported with its cause.

import Testing
@testable import Ripple

extension MisuseRecoveryTests {
    @Test func `an effect that settles after exactly 100 runs in one flush is not stopped`() {
        let a = Signal(0)
        var runs = 0
        let issues = RuntimeIssues.collect {
            let e = Effect {
                runs += 1
                let v = a.value
                if v > 0 && v < 100 { a.value = v + 1 }
            }
            runs = 0
            a.value = 1
            e.cancel()
        }
        #expect(runs == 100)
        #expect(a.value == 100)
        #expect(issues.isEmpty)
    }

    @Test func `an unrelated flush between the first run and the loop changes nothing`() {
        let a = Signal(0), unrelated = Signal(0)
        var runs = 0
        let issues = RuntimeIssues.collect {
            let e = Effect {
                runs += 1
                let v = a.value
                if v > 0 && v < 100 { a.value = v + 1 }
            }
            let other = Effect { _ = unrelated.value }
            unrelated.value = 1
            runs = 0
            a.value = 1
            e.cancel()
            other.cancel()
        }
        #expect(runs == 100)
        #expect(issues.isEmpty)
    }

    @Test func `a runaway effect is stopped for the flush, reported with its cause, and runs again later`() throws {
        let count = Signal(0, name: "count")
        let other = Signal(0)
        var otherRuns = 0
        var spins = 0
        let issues = RuntimeIssues.collect {
            let spinner = Effect("spinner") {
                spins += 1
                count.value += 1
            }
            let bystander = Effect("bystander") {
                otherRuns += 1
                _ = other.value
            }
            #expect(spins == 101)
            #expect(count.value == 101)
            other.value = 1                 // the graph goes on
            #expect(otherRuns == 2)
            count.value = 0                 // an outside write runs it again, and stops it again
            #expect(spins == 201)
            spinner.cancel()
            bystander.cancel()
        }
        #expect(issues.map(\.kind) == [.runawayEffect, .runawayEffect])
        let issue = try #require(issues.first)
        #expect(issue.nodes.first == "spinner")
        #expect(issue.message.contains("effect 'spinner' ran 100 times in one flush"))
        #expect(issue.message.contains("count 100 -> 101"))
        // Traced for the report only: the effect and its source are untraced again.
        #expect(!count.flags.contains(.traced))
    }

    @Test func `two effects that feed each other are stopped the same way`() {
        let ping = Signal(0, name: "ping"), pong = Signal(0, name: "pong")
        var pings = 0, pongs = 0
        let issues = RuntimeIssues.collect {
            let left = Effect("left") {
                pings += 1
                ping.value = pong.value + 1
            }
            let right = Effect("right") {
                pongs += 1
                pong.value = ping.value + 1
            }
            left.cancel()
            right.cancel()
        }
        #expect(issues.map(\.kind) == [.runawayEffect])
        #expect(issues.first?.message.contains("re-run by pong") == true, "\(issues)")
        #expect(pings <= 101 && pongs <= 101)
        #expect(ping.value > 100)
    }
}
