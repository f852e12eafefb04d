// Effects, tracking scopes and effect scopes whose bodies throw.

import Testing
@testable import Ripple

extension MisuseRecoveryTests {
    struct Offline: Error {}

    @Test func `an effect that throws is reported, keeps what it read, and runs its cleanups`() {
        let connected = Signal(true), retries = Signal(0)
        var log: [String] = []
        var bystanderRuns = 0
        let issues = RuntimeIssues.collect {
            let sync = Effect("sync") {
                let online = connected.value
                onCleanup { log.append("cleanup") }
                guard online else { throw Offline() }
                log.append("synced \(retries.value)")
            }
            let bystander = Effect { bystanderRuns += 1; _ = connected.value }
            connected.value = false          // throws: reported; the bystander still runs
            retries.value = 1                // not read before the throw: nothing runs
            connected.value = true           // read before the throw: runs again
            sync.cancel()
            bystander.cancel()
        }
        #expect(log == ["synced 0", "cleanup", "cleanup", "synced 1", "cleanup"])
        #expect(bystanderRuns == 3)
        #expect(issues.map(\.kind) == [.effectError])
        #expect(issues.first?.nodes == ["sync"])
        #expect(issues.first?.error is Offline)
        #expect(issues.first?.message.contains("effect 'sync' threw Offline") == true)
    }

    @Test func `an effect that throws on its first run is reported`() {
        let issues = RuntimeIssues.collect {
            let failing = Effect("failing") { throw Offline() }
            failing.cancel()
        }
        #expect(issues.map(\.kind) == [.effectError])
    }

    @Test func `a tracking scope whose apply throws rethrows, and still follows what it read`() {
        let online = Signal(false), retries = Signal(0)
        var fired = 0
        #expect(throws: Offline.self) {
            try withTracking { () throws -> Int in
                guard online.value else { throw Offline() }
                return retries.value
            } onChange: { fired += 1 }
        }
        retries.value = 1        // read after the throw point only: not followed
        #expect(fired == 0)
        online.value = true      // read before the throw: onChange runs
        #expect(fired == 1)
    }

    @Test func `an effect scope's body that throws rethrows, and keeps what it made`() {
        let scope = EffectScope()
        let count = Signal(0)
        var runs = 0
        #expect(throws: Offline.self) {
            try scope.run {
                _ = Effect { runs += 1; _ = count.value }
                throw Offline()
            }
        }
        count.value = 1
        #expect(runs == 2)
        scope.cancel()
        count.value = 2
        #expect(runs == 2)
    }
}
