// Family A's incremental memory cases: what an IncrementalArray and each list operator
// keep per element.

import Ripple

// MARK: Memory: what each operator keeps per element of a list of values

/// One model per operator, each over the same list of struct todos.
enum IncrementalMemoryModels {
    final class Filter {
        @Tracked var items: IncrementalArray<TodoItem>
        @Derived(\Filter.items, filter: { _ in true }) var all: IncrementalArray<TodoItem>
        init(_ items: IncrementalArray<TodoItem>) { self.items = items }
        func read() { blackHole(all.count) }
    }

    final class FilterOneInFive {
        @Tracked var items: IncrementalArray<TodoItem>
        @Derived(\FilterOneInFive.items, filter: \.isCompleted) var completed: IncrementalArray<TodoItem>
        init(_ items: IncrementalArray<TodoItem>) { self.items = items }
        func read() { blackHole(completed.count) }
    }

    final class Count {
        @Tracked var items: IncrementalArray<TodoItem>
        @Derived(\Count.items, count: \.isCompleted) var completedCount: Int
        init(_ items: IncrementalArray<TodoItem>) { self.items = items }
        func read() { blackHole(completedCount) }
    }

    final class Sum {
        @Tracked var items: IncrementalArray<TodoItem>
        @Derived(\Sum.items, sum: { Double($0.id) }) var total: Double
        init(_ items: IncrementalArray<TodoItem>) { self.items = items }
        func read() { blackHole(total) }
    }

    final class Map {
        @Tracked var items: IncrementalArray<TodoItem>
        @Derived(\Map.items, map: \.id) var ids: IncrementalArray<Int>
        init(_ items: IncrementalArray<TodoItem>) { self.items = items }
        func read() { blackHole(ids.count) }
    }

    final class Sorted {
        @Tracked var items: IncrementalArray<TodoItem>
        @Derived(\Sorted.items, sortedByKey: { $0.id % 100 }) var sorted: IncrementalArray<TodoItem>
        init(_ items: IncrementalArray<TodoItem>) { self.items = items }
        func read() { blackHole(sorted.count) }
    }

    final class Min {
        @Tracked var items: IncrementalArray<TodoItem>
        @Derived(\Min.items, min: \.id) var lowest: Int?
        init(_ items: IncrementalArray<TodoItem>) { self.items = items }
        func read() { blackHole(lowest ?? 0) }
    }
}

/// Bytes per element that an operator keeps once it has made its first pass over a
/// list of struct todos built beforehand: the slope from n to 2n elements.
private func operatorBytesPerElement<Model>(_ mode: RunMode, _ make: (IncrementalArray<TodoItem>) -> Model, _ read: (Model) -> Void) -> Double {
    let n = mode.pick(full: 100_000, quick: 10_000)
    func growth(_ count: Int) -> Int {
        let list = IncrementalArray(TodoItem.sample(count: count))
        var model: Model?
        let bytes = heapGrowth {
            model = make(list)
            read(model!)
        }
        withExtendedLifetime(model) {}
        return bytes
    }
    _ = growth(n)
    let single = growth(n)
    let double = growth(2 * n)
    return Double(double - single) / Double(n)
}

@inline(never)
func bench_memory_incrementalFilterAll(_ mode: RunMode) -> Double {
    operatorBytesPerElement(mode, IncrementalMemoryModels.Filter.init) { $0.read() }
}

@inline(never)
func bench_memory_incrementalFilterOneInFive(_ mode: RunMode) -> Double {
    operatorBytesPerElement(mode, IncrementalMemoryModels.FilterOneInFive.init) { $0.read() }
}

@inline(never)
func bench_memory_incrementalCount(_ mode: RunMode) -> Double {
    operatorBytesPerElement(mode, IncrementalMemoryModels.Count.init) { $0.read() }
}

@inline(never)
func bench_memory_incrementalSum(_ mode: RunMode) -> Double {
    operatorBytesPerElement(mode, IncrementalMemoryModels.Sum.init) { $0.read() }
}

@inline(never)
func bench_memory_incrementalMap(_ mode: RunMode) -> Double {
    operatorBytesPerElement(mode, IncrementalMemoryModels.Map.init) { $0.read() }
}

@inline(never)
func bench_memory_incrementalSorted(_ mode: RunMode) -> Double {
    operatorBytesPerElement(mode, IncrementalMemoryModels.Sorted.init) { $0.read() }
}

@inline(never)
func bench_memory_incrementalMin(_ mode: RunMode) -> Double {
    operatorBytesPerElement(mode, IncrementalMemoryModels.Min.init) { $0.read() }
}

/// An `IncrementalArray` of struct todos itself, against `[TodoItem]`.
@inline(never)
func bench_memory_incrementalArray(_ mode: RunMode) -> Double {
    let n = mode.pick(full: 100_000, quick: 10_000)
    let items = TodoItem.sample(count: 2 * n)
    func growth(_ count: Int) -> Int {
        var list: IncrementalArray<TodoItem>?
        let bytes = heapGrowth { list = IncrementalArray(items[0..<count]) }
        withExtendedLifetime(list) {}
        return bytes
    }
    _ = growth(n)
    return Double(growth(2 * n) - growth(n)) / Double(n)
}

let incrementalMemoryCases: [Measurement] = [
    Measurement("bench_memory_incrementalArray", "IncrementalArray<TodoItem>, per element (TodoItem's stride is \(MemoryLayout<TodoItem>.stride))",
                unit: "B", bench_memory_incrementalArray),
    Measurement("bench_memory_incrementalFilterAll", "filter keeping every element (its output holds each one)", unit: "B",
                target: "<= 48 + the kept copy", bench_memory_incrementalFilterAll),
    Measurement("bench_memory_incrementalFilterOneInFive", "filter keeping one element in five", unit: "B",
                target: "<= 48", bench_memory_incrementalFilterOneInFive),
    Measurement("bench_memory_incrementalCount", "count(where:)", unit: "B", target: "<= 48", bench_memory_incrementalCount),
    Measurement("bench_memory_incrementalSum", "sum of Double", unit: "B", target: "<= 48", bench_memory_incrementalSum),
    Measurement("bench_memory_incrementalMap", "map to Int", unit: "B", target: "<= 48", bench_memory_incrementalMap),
    Measurement("bench_memory_incrementalSorted", "sorted(byKey:), its output holds each element", unit: "B",
                target: "<= 48 + the sorted copy", bench_memory_incrementalSorted),
    Measurement("bench_memory_incrementalMin", "min(of:)", unit: "B", target: "<= 48", bench_memory_incrementalMin),
]
