import Testing
@testable import Ripple

@Suite struct SmokeTests {
    @Test func `contract example`() {
        var log: [String] = []
        let count = Signal(0)
        let doubled = Computed { count.value * 2 }
        let effect = Effect { log.append("doubled: \(doubled.value)") }
        count.value = 1
        batch { count.value = 2; count.value = 3 }
        effect.cancel()
        count.value = 4
        #expect(log == ["doubled: 0", "doubled: 2", "doubled: 6"])
    }
}
