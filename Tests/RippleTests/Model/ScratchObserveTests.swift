import Testing
@testable import Ripple

final class SStore { @Tracked var count = 0 }
struct SThemeKey: EnvironmentKey { static let defaultValue = "light" }
extension EnvironmentValues {
    var stheme: String { get { self[SThemeKey.self] } set { self[SThemeKey.self] = newValue } }
}

@Suite struct ScratchObserveTests {
    @Test @MainActor func `observe yields progression`() async {
        let store = SStore()
        var seen: [Int] = []
        let stream = observe { store.count }
        let task = Task { @MainActor in
            for await value in stream {
                seen.append(value)
                if value == 3 { break }
            }
        }
        await Task.yield()
        store.count = 1
        await Task.yield(); await Task.yield()
        store.count = 2
        store.count = 3
        await task.value
        #expect(seen.first == 0 && seen.last == 3)
        print(seen)
    }

    @Test func `environment nests and effects capture`() {
        let store = SStore()
        var log: [String] = []
        var effect: Effect?
        withEnvironment(store) {
            withEnvironment(\.stheme, "dark") {
                effect = Effect {
                    @Environment(SStore.self) var s
                    @Environment(\.stheme) var theme
                    log.append("\(s.count) \(theme)")
                }
            }
            #expect(EnvironmentValues.current.stheme == "light")
        }
        store.count = 5
        #expect(log == ["0 dark", "5 dark"])
        effect?.cancel()
        #expect(throws: EnvironmentError.missing(typeName: "SStore")) { try EnvironmentValues.current.require(SStore.self) }
        @Environment(SStore.self) var maybe: SStore?
        #expect(maybe == nil)
    }

    @Test func `bindings`() {
        let store = SStore()
        @Bindable var bound = store
        let count = $bound.count
        var runs = 0
        let effect = Effect { _ = store.count; runs += 1 }
        count.wrappedValue = 4
        #expect(store.count == 4 && runs == 2)
        let b2 = Bindable(store).count
        b2.wrappedValue += 1
        #expect(store.count == 5)
        effect.cancel()
    }
}
