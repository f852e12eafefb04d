// `@Derived`'s incremental list operators: a derived value over an `IncrementalArray`
// property of the model, declared next to it, updated in proportion to what changed.
//
// Each operator takes its per-element closure in one of two forms:
// - `(Element) -> Result`: the element alone (a key path works: `count: \.isDone`);
// - `(Model) -> (Element) -> Result`: a query. The outer closure reads the model (the
//   search text, a filter setting) and returns the per-element closure; when what it
//   read changes, the operator makes one full pass with the new closure.
// What the per-element closure reads of an object element (`book.isAvailable`) is
// followed element by element; anything else it reads that can change counts as part
// of the query.

extension Derived {
    /// Makes the node of a list operator of `kind` for the model: the source read by
    /// `list`, and the per-element closure.
    ///
    /// `list` is a function, not a `KeyPath`: the key path literal a user writes
    /// (`\Store.items`) then compiles to a direct call of the getter, where applying a
    /// `KeyPath` value goes through the runtime's generic projection on every update.
    @inlinable
    static func listOperator<Element, Result>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, element closures: ElementClosures<Element, Result>,
        _ kind: ListOperatorKind<Element, Result, Value>
    ) -> Derived {
        Derived(listOperator: { model in
            kind.makeNode({ [unowned(unsafe) model] in list(model) }, .fixed(closures), false)
        })
    }

    /// The same with a query: a node of its own makes the per-element closure from the
    /// model, again whenever what it read changes.
    @inlinable
    static func listOperator<Element, Result>(
        _ list: @escaping (Model) -> IncrementalArray<Element>,
        query: @escaping (Model) -> ElementClosures<Element, Result>,
        _ kind: ListOperatorKind<Element, Result, Value>
    ) -> Derived {
        Derived(listOperator: { model in
            let closures = Computed<ElementClosures<Element, Result>>(
                compute: { [unowned(unsafe) model] in query(model) },
                update: { node, runtime in
                    // A new closure is always a change: the operator makes a pass.
                    Computed<ElementClosures<Element, Result>>.recompute(node, equal: { _, _ in false }, runtime)
                },
                capturesEnvironment: false
            )
            return kind.makeNode({ [unowned(unsafe) model] in list(model) }, .query(closures), false)
        })
    }

    // MARK: filter

    /// The elements of a list property that pass a test, in order, updated in
    /// proportion to what changed.
    ///
    /// ```swift
    /// struct ShelfBook { var title: String; var isAvailable: Bool }
    ///
    /// final class Shelf {
    ///     @Tracked var books: IncrementalArray<ShelfBook> = [
    ///         ShelfBook(title: "Dune", isAvailable: true), ShelfBook(title: "Emma", isAvailable: false),
    ///     ]
    ///     @Derived(\Shelf.books, filter: \.isAvailable)
    ///     var available: IncrementalArray<ShelfBook>
    /// }
    ///
    /// let shelf = Shelf()
    /// print(shelf.available.map(\.title))   // prints "[\"Dune\"]"
    /// shelf.books[1].isAvailable = true     // one element looked at again
    /// print(shelf.available.map(\.title))   // prints "[\"Dune\", \"Emma\"]"
    /// ```
    ///
    /// The result is an ``IncrementalArray`` that other operators can follow in turn (a
    /// count of a filter, a sorted filter). It changes, and notifies its readers, when
    /// an element joins or leaves it, or when a kept element is replaced by a different
    /// value (`==` decides for `Equatable` elements; objects compare by identity, so a
    /// kept object whose properties change leaves the result as it is).
    ///
    /// - Parameters:
    ///   - list: The list property, `@Tracked` or derived, as a key path literal
    ///     (`\Shelf.books`).
    ///   - isIncluded: Whether an element is kept.
    /// - Complexity: O(log n) per inserted, removed or changed element; one pass when
    ///   the list is replaced by an unrelated one.
    @inlinable
    public init<Element>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, filter isIncluded: @escaping (Element) -> Bool
    ) where Value == IncrementalArray<Element> {
        self = Self.listOperator(list, element: ElementClosures(lending: isIncluded), .filter)
    }

    /// The elements that pass a test made from the model: when what the outer closure
    /// read changes, one pass with the new test.
    ///
    /// ```swift
    /// final class Catalog {
    ///     @Tracked var titles: IncrementalArray<String> = ["Dune", "Emma", "Dracula"]
    ///     @Tracked var prefix = "D"
    ///     @Derived(\Catalog.titles, filter: { catalog in
    ///         let prefix = catalog.prefix            // the query, read once per pass
    ///         return { title in title.hasPrefix(prefix) }
    ///     })
    ///     var matching: IncrementalArray<String>
    /// }
    ///
    /// let catalog = Catalog()
    /// print(Array(catalog.matching))   // prints "[\"Dune\", \"Dracula\"]"
    /// catalog.prefix = "E"             // one pass with the new prefix
    /// print(Array(catalog.matching))   // prints "[\"Emma\"]"
    /// ```
    ///
    /// Read the model in the outer closure: it runs once per pass. What the inner one
    /// reads of the model is followed too, but per element.
    @inlinable
    public init<Element>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, filter query: @escaping (Model) -> (Element) -> Bool
    ) where Value == IncrementalArray<Element> {
        self = Self.listOperator(list, query: { ElementClosures(lending: query($0)) }, .filter)
    }

    // MARK: count

    /// How many elements of a list property pass a test, updated in O(1) per changed
    /// element (plus O(log n) to find it).
    ///
    /// ```swift
    /// struct ShelfBook { var title: String; var isAvailable: Bool }
    ///
    /// final class Shelf {
    ///     @Tracked var books: IncrementalArray<ShelfBook> = [
    ///         ShelfBook(title: "Dune", isAvailable: true), ShelfBook(title: "Emma", isAvailable: false),
    ///     ]
    ///     @Derived(\Shelf.books, count: \.isAvailable)
    ///     var availableCount: Int
    /// }
    ///
    /// let shelf = Shelf()
    /// print(shelf.availableCount)        // prints "1"
    /// shelf.books[1].isAvailable = true
    /// print(shelf.availableCount)        // prints "2"
    /// ```
    @inlinable
    public init<Element>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, count isCounted: @escaping (Element) -> Bool
    ) where Value == Int {
        self = Self.listOperator(list, element: ElementClosures(lending: isCounted), .count)
    }

    /// How many elements pass a test made from the model.
    ///
    /// ```swift
    /// final class Board {
    ///     @Tracked var scores: IncrementalArray<Int> = [3, 8, 5, 9]
    ///     @Tracked var passMark = 5
    ///     @Derived(\Board.scores, count: { board in
    ///         let mark = board.passMark
    ///         return { $0 >= mark }
    ///     })
    ///     var passed: Int
    /// }
    ///
    /// let board = Board()
    /// print(board.passed)   // prints "3"
    /// board.passMark = 9
    /// print(board.passed)   // prints "1"
    /// ```
    @inlinable
    public init<Element>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, count query: @escaping (Model) -> (Element) -> Bool
    ) where Value == Int {
        self = Self.listOperator(list, query: { ElementClosures(lending: query($0)) }, .count)
    }

    // MARK: first

    /// The first element of a list property that passes a test, or nil; found in
    /// O(log n) after each change.
    ///
    /// ```swift
    /// struct Job { var name: String; var isDone: Bool }
    ///
    /// final class Queue {
    ///     @Tracked var jobs: IncrementalArray<Job> = [
    ///         Job(name: "backup", isDone: true), Job(name: "report", isDone: false),
    ///     ]
    ///     @Derived(\Queue.jobs, first: { !$0.isDone })
    ///     var next: Job?
    /// }
    ///
    /// let queue = Queue()
    /// print(queue.next?.name ?? "none")   // prints "report"
    /// queue.jobs[1].isDone = true
    /// print(queue.next?.name ?? "none")   // prints "none"
    /// ```
    @inlinable
    public init<Element>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, first isIncluded: @escaping (Element) -> Bool
    ) where Value == Element? {
        self = Self.listOperator(list, element: ElementClosures(lending: isIncluded), .first)
    }

    /// The first element that passes a test made from the model, or nil.
    ///
    /// ```swift
    /// final class Directory {
    ///     @Tracked var names: IncrementalArray<String> = ["Ada", "Alan", "Grace"]
    ///     @Tracked var initial: Character = "A"
    ///     @Derived(\Directory.names, first: { directory in
    ///         let initial = directory.initial
    ///         return { $0.first == initial }
    ///     })
    ///     var firstMatch: String?
    /// }
    ///
    /// let directory = Directory()
    /// print(directory.firstMatch ?? "none")   // prints "Ada"
    /// directory.initial = "G"
    /// print(directory.firstMatch ?? "none")   // prints "Grace"
    /// ```
    @inlinable
    public init<Element>(
        _ list: @escaping (Model) -> IncrementalArray<Element>, first query: @escaping (Model) -> (Element) -> Bool
    ) where Value == Element? {
        self = Self.listOperator(list, query: { ElementClosures(lending: query($0)) }, .first)
    }
}
