// Family A's incremental todo cases: a toggle, a keystroke, an insert and a remove over
// 10,000 todos, and the toggle's scale rows.

// MARK: incrementalTodoToggle

/// `store.items[i].isCompleted.toggle()` on 10,000 struct todos, then a read of
/// `filteredItems.count` and `completedCount`.
@inline(__always)
private func incrementalTodoToggle<Store: ListTodoStore>(_: Store.Type, count: Int, _ ops: Int) -> UInt64 {
    let search = "milk"
    let store = Store(items: TodoItem.sample(count: count))
    store.searchText = search
    var filteredSum = 0, completedSum = 0
    // The first pass of each derived value happens here, not in the timed region.
    _ = (store.filteredCount, store.completedCount)
    let elapsed = measure(with: store) { store in
        var filtered = 0, completed = 0
        for op in 0..<ops {
            store.toggleItem(at: (op &* 7919) % count)
            filtered &+= store.filteredCount
            completed &+= store.completedCount
        }
        filteredSum = filtered
        completedSum = completed
    }
    let sample = TodoItem.sample(count: count)
    let matching = TodoItem.filter(sample, searchText: search, priority: nil).count
    var isCompleted = sample.map(\.isCompleted)
    var completed = isCompleted.reduce(0) { $0 + ($1 ? 1 : 0) }
    var expectedCompletedSum = 0
    for op in 0..<ops {
        let index = (op &* 7919) % count
        isCompleted[index].toggle()
        completed += isCompleted[index] ? 1 : -1
        expectedCompletedSum &+= completed
    }
    checkEqual(filteredSum, matching &* ops, "incremental todo toggle filteredItems.count, summed")
    checkEqual(completedSum, expectedCompletedSum, "incremental todo toggle completedCount, summed")
    return elapsed
}

@inline(never)
func bench_ripple_incrementalTodoToggle(_ ops: Int) -> UInt64 {
    incrementalTodoToggle(IncrementalModels.TodoStore.self, count: 10_000, ops)
}

@inline(never)
func bench_observation_incrementalTodoToggle(_ ops: Int) -> UInt64 {
    incrementalTodoToggle(OModels.TodoStore.self, count: 10_000, ops)
}

/// The scale table's rows: the same toggle and read at larger sizes, Ripple's side.
func incrementalTodoToggleNanoseconds(count: Int, _ mode: RunMode) -> Double {
    let ops = mode.pick(full: 200_000, quick: 20_000)
    var fastest = UInt64.max
    for _ in 0..<mode.pick(full: 5, quick: 3) {
        fastest = min(fastest, incrementalTodoToggle(IncrementalModels.TodoStore.self, count: count, ops))
    }
    return Double(fastest) / Double(ops)
}

// MARK: incrementalTodoSearch

private let searchKeystrokes = ["t", "ta", "tas", "task", "task ", "task 1", "task 12", "m", "mi", "mil", "milk", ""]

/// 10,000 todos: one keystroke into the search text, then a read of `filteredItems`.
@inline(__always)
private func incrementalTodoSearch<Store: ListTodoStore>(_: Store.Type, _ ops: Int) -> UInt64 {
    let store = Store(items: TodoItem.sample(count: 10_000))
    _ = (store.filteredCount, store.completedCount)
    var sum = 0
    let elapsed = measure(with: store) { store in
        var total = 0
        for op in 0..<ops {
            store.searchText = searchKeystrokes[op % searchKeystrokes.count]
            total &+= store.filteredCount
        }
        sum = total
    }
    let sample = TodoItem.sample(count: 10_000)
    let expected = (0..<ops).reduce(0) { total, op in
        total &+ TodoItem.filter(sample, searchText: searchKeystrokes[op % searchKeystrokes.count], priority: nil).count
    }
    checkEqual(sum, expected, "todo search filteredItems.count, summed")
    return elapsed
}

@inline(never)
func bench_ripple_incrementalTodoSearch(_ ops: Int) -> UInt64 {
    incrementalTodoSearch(IncrementalModels.TodoStore.self, ops)
}

@inline(never)
func bench_plain_incrementalTodoSearch(_ ops: Int) -> UInt64 {
    incrementalTodoSearch(RModels.TodoStore.self, ops)
}

@inline(never)
func bench_observation_incrementalTodoSearch(_ ops: Int) -> UInt64 {
    incrementalTodoSearch(OModels.TodoStore.self, ops)
}

// MARK: incrementalTodoInsertRemove

/// 10,000 todos: insert one in the middle, remove another, then read
/// `filteredItems.count` and `completedCount`.
@inline(__always)
private func incrementalTodoInsertRemove<Store: ListTodoStore>(_: Store.Type, _ ops: Int) -> UInt64 {
    let count = 10_000
    let store = Store(items: TodoItem.sample(count: count))
    store.searchText = "milk"
    _ = (store.filteredCount, store.completedCount)
    let extra = TodoItem.sample(count: 64).map { item in
        TodoItem(id: count + item.id, title: item.title, isCompleted: item.isCompleted, priority: item.priority)
    }
    var sum = 0
    let elapsed = measure(with: store) { store in
        var total = 0
        for op in 0..<ops {
            store.insert(extra[op % extra.count], at: count / 2)
            store.remove(at: (op &* 7919) % count)
            total &+= store.filteredCount &+ store.completedCount
        }
        sum = total
    }
    // The derived values against a plain recomputation over the list they ended on.
    let items = store.itemsArray
    checkEqual(items.count, count, "todo insert/remove keeps the length")
    checkEqual(store.filteredCount, TodoItem.filter(items, searchText: "milk", priority: nil).count, "todo insert/remove filteredItems.count")
    checkEqual(store.completedCount, items.filter(\.isCompleted).count, "todo insert/remove completedCount")
    check(sum != 0 || ops == 0, "todo insert/remove read the counts")
    return elapsed
}

@inline(never)
func bench_ripple_incrementalTodoInsertRemove(_ ops: Int) -> UInt64 {
    incrementalTodoInsertRemove(IncrementalModels.TodoStore.self, ops)
}

@inline(never)
func bench_observation_incrementalTodoInsertRemove(_ ops: Int) -> UInt64 {
    incrementalTodoInsertRemove(OModels.TodoStore.self, ops)
}

// MARK: Scale: a toggle costs what it changes, not the list's length

@inline(never)
func bench_scale_incrementalTodoToggle10k(_ mode: RunMode) -> Double {
    incrementalTodoToggleNanoseconds(count: 10_000, mode)
}

@inline(never)
func bench_scale_incrementalTodoToggle100k(_ mode: RunMode) -> Double {
    incrementalTodoToggleNanoseconds(count: 100_000, mode)
}

@inline(never)
func bench_scale_incrementalTodoToggle1M(_ mode: RunMode) -> Double {
    incrementalTodoToggleNanoseconds(count: mode.pick(full: 1_000_000, quick: 200_000), mode)
}

let incrementalScaleCases: [Measurement] = [
    Measurement("bench_scale_incrementalTodoToggle10k", "toggle a todo and read both derived values, 10,000 todos",
                unit: "ns/op", bench_scale_incrementalTodoToggle10k),
    Measurement("bench_scale_incrementalTodoToggle100k", "the same, 100,000 todos", unit: "ns/op",
                bench_scale_incrementalTodoToggle100k),
    Measurement("bench_scale_incrementalTodoToggle1M", "the same, 1,000,000 todos (quick: 200,000)", unit: "ns/op",
                target: "<= 3x the 10,000 row", bench_scale_incrementalTodoToggle1M),
]
