import Observation
import Ripple

// Ripple models that conform to `ObservableModel` against `@Observable` models, both
// seen through Apple's Observation as SwiftUI sees them: a view renders inside
// `withObservationTracking`, `onChange` invalidates it, and it renders again once the
// change is over (`ObservedView`). Both sides pay the registrar on every read and
// write; Ripple's derived values are memoized and invalidate a view only when their
// value changes.

typealias CModels = ConformingModels

/// Re-renders per operation in each view-loop side's last run, by function name,
/// printed beside the times.
nonisolated(unsafe) var viewLoopRenders: [String: Double] = [:]

let viewLoopComparisons: [Comparison] = [
    Comparison(name: "observedUntrackedRead", title: "ObservableModel: read a property outside any tracking", scale: 1,
               ripple: Side("bench_ripple_observedUntrackedRead", bench_ripple_observedUntrackedRead),
               observation: Side("bench_observation_untrackedRead", bench_observation_untrackedRead)),
    Comparison(name: "observedGlobalSumRead",
               title: "ObservableModel: a Bool read outside tracking, summed into a global after each read",
               scale: 1,
               ripple: Side("bench_ripple_observedGlobalSumRead", bench_ripple_observedGlobalSumRead),
               observation: Side("bench_observation_observedGlobalSumRead", bench_observation_observedGlobalSumRead)),
    Comparison(name: "observedCapturedRead",
               title: "ObservableModel: book.isAvailable read outside tracking by a closure that captured the book",
               scale: 1,
               ripple: Side("bench_ripple_observedCapturedRead", bench_ripple_observedCapturedRead),
               observation: Side("bench_observation_observedCapturedRead", bench_observation_observedCapturedRead)),
    Comparison(name: "observedTrackedRead",
               title: "ObservableModel: read inside withObservationTracking (100 reads per scope), per read", scale: 1,
               ripple: Side("bench_ripple_observedTrackedRead", bench_ripple_observedTrackedRead),
               observation: Side("bench_observation_observationTrackedRead", bench_observation_observationTrackedRead)),
    Comparison(name: "observedWrite", title: "ObservableModel: write a property a view read", scale: 1,
               ripple: Side("bench_ripple_observedWrite", bench_ripple_observedWrite),
               observation: Side("bench_observation_observedWrite", bench_observation_observedWrite)),
    Comparison(name: "observedMemoizedDerived",
               title: "ObservableModel: availableBooksCount over 1,000 books, read under tracking", scale: 1,
               ripple: Side("bench_ripple_observedMemoizedDerived", bench_ripple_observedMemoizedDerived),
               observation: Side("bench_observation_observedMemoizedDerived", bench_observation_observedMemoizedDerived)),
    Comparison(name: "libraryViewLoop",
               title: "view loop, Library of 10,000: toggle, rename, swap that keeps the count", scale: 1000,
               ripple: Side("bench_ripple_libraryViewLoop", bench_ripple_libraryViewLoop),
               observation: Side("bench_observation_libraryViewLoop", bench_observation_libraryViewLoop)),
    Comparison(name: "todoViewLoop", title: "view loop, TodoStore of 10,000: search/priority/toggle, 2 views", scale: 1000,
               ripple: Side("bench_ripple_todoViewLoop", bench_ripple_todoViewLoop),
               observation: Side("bench_observation_todoViewLoop", bench_observation_todoViewLoop)),
    Comparison(name: "cartViewLoop", title: "view loop, ShoppingCart of 1,000: quantity/coupon/isLoading, 2 views",
               scale: 1000,
               ripple: Side("bench_ripple_cartViewLoop", bench_ripple_cartViewLoop),
               observation: Side("bench_observation_cartViewLoop", bench_observation_cartViewLoop)),
]

// MARK: Reads and writes

@inline(never)
func bench_ripple_observedUntrackedRead(_ ops: Int) -> UInt64 {
    let record = CModels.Record()
    var sum = 0
    let elapsed = measure(with: record) { record in
        var total = 0
        for _ in 0..<ops { total &+= record.p0 }
        sum = total
    }
    blackHole(sum)
    return elapsed
}

/// Where each read's result goes: a global, so that the optimizer keeps every read.
nonisolated(unsafe) var globalReadSum = 0

@inline(never)
func bench_ripple_observedGlobalSumRead(_ ops: Int) -> UInt64 {
    let book = CModels.Book(title: "x", isAvailable: true)
    globalReadSum = 0
    let elapsed = measure(with: book) { book in
        for _ in 0..<ops { globalReadSum &+= book.isAvailable ? 1 : 0 }
    }
    checkEqual(globalReadSum, ops, "reads of an available book summed into a global")
    return elapsed
}

@inline(never)
func bench_observation_observedGlobalSumRead(_ ops: Int) -> UInt64 {
    let book = OModels.Book(title: "x", isAvailable: true)
    globalReadSum = 0
    let elapsed = measure(with: book) { book in
        for _ in 0..<ops { globalReadSum &+= book.isAvailable ? 1 : 0 }
    }
    checkEqual(globalReadSum, ops, "reads of an available book summed into a global")
    return elapsed
}

/// The shape an app writes when a callback reads its model: the closure captured the
/// book, so every read goes through the closure's context rather than a parameter.
/// Written out on each side, so that each closure reads the property directly.
@inline(never)
func bench_ripple_observedCapturedRead(_ ops: Int) -> UInt64 {
    let book = CModels.Book(title: "x", isAvailable: true)
    var total = 0
    let op = { (_: Int) in
        total &+= book.isAvailable ? 1 : 0
        blackHole(total)
    }
    let elapsed = measure {
        for index in 0..<ops { op(index) }
    }
    checkEqual(total, ops, "captured reads of an available book")
    return elapsed
}

@inline(never)
func bench_observation_observedCapturedRead(_ ops: Int) -> UInt64 {
    let book = OModels.Book(title: "x", isAvailable: true)
    var total = 0
    let op = { (_: Int) in
        total &+= book.isAvailable ? 1 : 0
        blackHole(total)
    }
    let elapsed = measure {
        for index in 0..<ops { op(index) }
    }
    checkEqual(total, ops, "captured reads of an available book")
    return elapsed
}

@inline(__always)
private func trackedReads<Record: AnyObject>(_ record: Record, _ ops: Int, _ sum: @escaping (Record) -> Int) -> UInt64 {
    var elapsed: UInt64 = 0
    var remaining = max(1, ops / 100)
    while remaining > 0 {
        let scopes = min(remaining, 1000)
        elapsed &+= measure(with: record) { record in
            for _ in 0..<scopes {
                blackHole(withObservationTracking({
                    var total = 0
                    for _ in 0..<10 { total &+= sum(record) }
                    return total
                }, onChange: {}))
            }
        }
        remaining -= scopes
    }
    return elapsed
}

@inline(never)
func bench_ripple_observedTrackedRead(_ ops: Int) -> UInt64 {
    trackedReads(CModels.Record(), ops) { $0.sum }
}

@inline(never)
func bench_observation_observationTrackedRead(_ ops: Int) -> UInt64 {
    trackedReads(OModels.Record(), ops) { $0.sum }
}

/// A view reads the property once, then each write changes it: Observation hears of
/// the first write, and the others find nobody registered, on both sides.
@inline(__always)
private func observedWrites<Record: AnyObject>(_ record: Record, _ ops: Int, _ write: (Record, Int) -> Void, _ read: @escaping (Record) -> Int) -> UInt64 {
    let view = ObservedView { read(record) }
    let elapsed = measure(with: record) { record in
        for i in 0..<ops { write(record, i) }
    }
    ObservedView.update([view])
    checkEqual(view.output, ops - 1, "observed write, view output")
    return elapsed
}

@inline(never)
func bench_ripple_observedWrite(_ ops: Int) -> UInt64 {
    observedWrites(CModels.Record(), ops, { $0.p0 = $1 }, { $0.p0 })
}

@inline(never)
func bench_observation_observedWrite(_ ops: Int) -> UInt64 {
    observedWrites(OModels.Record(), ops, { $0.p0 = $1 }, { $0.p0 })
}

@inline(__always)
private func observedMemoizedReads<Library: LibraryModel>(_: Library.Type, _ ops: Int) -> UInt64 {
    let library = Library(books: (0..<1000).map { Library.Book(title: "Book \($0)", isAvailable: $0 % 3 != 0) })
    // The first read, which computes, is not timed: a run of a few operations (a quick
    // run calibrates to those) would otherwise time the computation, not the reads.
    checkEqual(library.availableBooksCount, 666, "availableBooksCount, first read")
    var sum = 0
    let elapsed = measure(with: library) { library in
        sum = withObservationTracking({
            var total = 0
            for _ in 0..<ops { total &+= library.availableBooksCount }
            return total
        }, onChange: {})
    }
    checkEqual(sum, 666 * ops, "availableBooksCount reads under tracking")
    return elapsed
}

@inline(never)
func bench_ripple_observedMemoizedDerived(_ ops: Int) -> UInt64 {
    observedMemoizedReads(CModels.Library.self, ops)
}

@inline(never)
func bench_observation_observedMemoizedDerived(_ ops: Int) -> UInt64 {
    observedMemoizedReads(OModels.Library.self, ops)
}

// MARK: View loops

/// Groups a transaction's writes: `batch` for Ripple; Observation has no transactions,
/// and its views render once per run-loop turn anyway.
protocol Transactions {
    static func transaction(_ body: () -> Void)
}

enum RippleTransactions: Transactions {
    @inline(__always) static func transaction(_ body: () -> Void) { batch(body) }
}

enum NoTransactions: Transactions {
    @inline(__always) static func transaction(_ body: () -> Void) { body() }
}

/// A header shows the available count; one op in three toggles a book (the count
/// changes), one renames a book (nobody shows titles), one checks a book out and
/// another in (the count stays equal: a Ripple view does not render).
@inline(__always)
private func libraryViewLoop<Library: LibraryModel, T: Transactions>(
    _: Library.Type, _: T.Type, _ ops: Int, function: String
) -> UInt64 {
    let count = 10_000
    let library = Library(books: (0..<count).map { Library.Book(title: "Book \($0)", isAvailable: $0 % 2 == 0) })
    let header = ObservedView { library.availableBooksCount }
    let books = library.books
    let elapsed = measure(with: books) { books in
        for op in 0..<ops {
            let index = (op &* 7919) % (count - 1)
            switch op % 3 {
            case 0: books[index].isAvailable.toggle()
            case 1: books[index].title = op & 1 == 0 ? "Renamed A" : "Renamed B"
            default:
                // Swap an available book with an unavailable one.
                let (a, b) = (books[index], books[index + 1])
                if a.isAvailable != b.isAvailable {
                    T.transaction { a.isAvailable.toggle(); b.isAvailable.toggle() }
                }
            }
            ObservedView.update([header])
        }
    }
    checkEqual(header.output, books.reduce(0) { $0 + ($1.isAvailable ? 1 : 0) }, "library view loop output")
    viewLoopRenders[function] = Double(header.renders - 1) / Double(ops)
    return elapsed
}

@inline(never)
func bench_ripple_libraryViewLoop(_ ops: Int) -> UInt64 {
    libraryViewLoop(CModels.Library.self, RippleTransactions.self, ops, function: "bench_ripple_libraryViewLoop")
}

@inline(never)
func bench_observation_libraryViewLoop(_ ops: Int) -> UInt64 {
    libraryViewLoop(OModels.Library.self, NoTransactions.self, ops, function: "bench_observation_libraryViewLoop")
}

// The todo and cart view loops are the scenarios' scripts, with conforming models
// and views driven through Observation on both sides.

@inline(never)
func bench_ripple_todoViewLoop(_ ops: Int) -> UInt64 {
    todoScenario(CModels.TodoStore.self, ObservedView.self, ops, recordingRendersAs: "bench_ripple_todoViewLoop")
}

@inline(never)
func bench_observation_todoViewLoop(_ ops: Int) -> UInt64 {
    todoScenario(OModels.TodoStore.self, ObservedView.self, ops, recordingRendersAs: "bench_observation_todoViewLoop")
}

@inline(never)
func bench_ripple_cartViewLoop(_ ops: Int) -> UInt64 {
    cartScenario(CModels.ShoppingCart.self, ObservedView.self, ops, recordingRendersAs: "bench_ripple_cartViewLoop")
}

@inline(never)
func bench_observation_cartViewLoop(_ ops: Int) -> UInt64 {
    cartScenario(OModels.ShoppingCart.self, ObservedView.self, ops, recordingRendersAs: "bench_observation_cartViewLoop")
}

/// Prints the view loops' re-renders per operation, side by side.
func printViewLoopRenders(_ rows: [ComparisonRow]) {
    let table = rows.compactMap { row -> [String]? in
        guard let ripple = viewLoopRenders[row.comparison.ripple.function],
              let observation = viewLoopRenders[row.comparison.observation.function]
        else { return nil }
        return [row.comparison.name, format(observation, digits: 2), format(ripple, digits: 2)]
    }
    guard !table.isEmpty else { return }
    print("\nRe-renders per operation in the view loops:\n")
    printTable(["case", "Observation", "Ripple"], table)
}
