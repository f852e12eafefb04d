import Testing
@testable import Ripple

struct SmokeTodo: Equatable { var title: String; var isDone = false }

final class SmokeStore {
    @Tracked var items: IncrementalArray<SmokeTodo> = [SmokeTodo(title: "a"), SmokeTodo(title: "b"), SmokeTodo(title: "c")]
    @Tracked var search = ""
    @Derived(\SmokeStore.items, count: \.isDone) var doneCount: Int
    @Derived(\SmokeStore.items, filter: { store in
        let search = store.search
        return { search.isEmpty || $0.title.contains(search) }
    }) var shown: IncrementalArray<SmokeTodo>
    @Derived(\SmokeStore.shown, count: { _ in true }) var shownCount: Int
}

@Suite struct SmokeListTests {
    @Test func `basic`() {
        let store = SmokeStore()
        #expect(store.doneCount == 0)
        store.items[1].isDone.toggle()
        #expect(store.doneCount == 1)
        store.items.append(SmokeTodo(title: "ab", isDone: true))
        #expect(store.doneCount == 2)
        #expect(store.shown.map(\.title) == ["a", "b", "c", "ab"])
        store.search = "a"
        #expect(store.shown.map(\.title) == ["a", "ab"])
        #expect(store.shownCount == 2)
        store.items.remove(at: 0)
        #expect(store.shown.map(\.title) == ["ab"])
        #expect(store.shownCount == 1)
        #expect(store.doneCount == 2)
        var copy = store.items
        copy[0].title = "xa"
        store.items = copy
        #expect(store.shown.map(\.title) == ["xa", "ab"])
    }
}
