/// An array that remembers what changed, so that the values derived from it update in
/// proportion to the change instead of passing over the whole list.
///
/// Use it where a model keeps a list whose derived values (a filter, a count, a sum, a
/// sorted copy) must stay fast as the list grows: store it in a `@Tracked` property,
/// mutate it as you would an array, and declare the derived values with `@Derived`'s
/// list operators (``Derived/init(_:filter:)-((Model)->IncrementalArray<Element>,_)``
/// and the others).
///
/// ```swift
/// struct Todo { var title: String; var isDone = false }
///
/// final class Todos {
///     @Tracked var items: IncrementalArray<Todo> = [Todo(title: "Milk"), Todo(title: "Bread")]
///
///     @Derived(\Todos.items, count: \.isDone)
///     var doneCount: Int
/// }
///
/// let todos = Todos()
/// print(todos.doneCount)            // prints "0": one pass over the list
/// todos.items[1].isDone.toggle()    // in place, as on an array
/// print(todos.doneCount)            // prints "1": looked at item 1 only
/// todos.items.append(Todo(title: "Eggs", isDone: true))
/// print(todos.doneCount)            // prints "2": looked at the new item only
/// ```
///
/// It is a `RandomAccessCollection`, a `MutableCollection` and a
/// `RangeReplaceableCollection` with `Int` indices from zero, and has value semantics:
/// a copy is O(1), and changing a copy never changes the original. The elements live in
/// a balanced tree of small arrays, so that reading, writing, inserting and removing
/// anywhere cost O(log n), and changing a copy that shares storage with another copies
/// only O(log n) of it (an `Array` copies all of it). Iterating is as fast as an
/// array's per element.
///
/// The list keeps a bounded journal of its changes, with the values before and after,
/// once an operator follows it; operators replay it. Assigning a changed copy back
/// (`var copy = store.items; copy[3].title = "x"; store.items = copy`) is followed
/// change by change too. Replacing the whole list with an unrelated one, sorting it in
/// place, or making more changes at once than the journal keeps (about an eighth of the
/// list's length) makes each operator do one full pass instead.
///
/// An `IncrementalArray` of `Sendable` elements is `Sendable`. An index outside
/// `0..<count` is a fatal error that names the index and the count.
public struct IncrementalArray<Element> {
    @usableFromInline var tree: PersistentTree<Element, NoMarking<Element>>
    @usableFromInline var journal: ChangeJournal<Element>
    /// How many of `journal`'s changes this value has.
    @usableFromInline var position: Int

    @inlinable
    init(tree: PersistentTree<Element, NoMarking<Element>>) {
        self.tree = tree
        self.journal = ChangeJournal()
        self.position = 0
    }

    /// Creates an empty list.
    ///
    /// ```swift
    /// var names = IncrementalArray<String>()
    /// names.append("Ada")
    /// print(names.count)   // prints "1"
    /// ```
    @inlinable
    public init() {
        self.init(tree: PersistentTree())
    }

    /// Creates a list of the elements of a sequence, in order.
    ///
    /// ```swift
    /// let squares = IncrementalArray((1...4).map { $0 * $0 })
    /// print(Array(squares))   // prints "[1, 4, 9, 16]"
    /// ```
    ///
    /// - Complexity: O(n).
    @inlinable
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        self.init(tree: PersistentTree(elements))
    }
}

// MARK: The journal

extension IncrementalArray {
    /// The most changes the journal keeps for a list of this length.
    @inlinable
    var journalLimit: Int { Swift.max(64, tree.count / 8) }

    /// Records the change just made: the journal gets it if this value is at its head,
    /// or this value forks a journal of its own. `change` is called only if the journal
    /// records; nil means the caller did not keep what the change needs.
    @inlinable
    @inline(__always)
    mutating func record(_ change: () -> ListChange<Element>?) {
        if !journal.append(from: position, keep: journalLimit, change) {
            journal = ChangeJournal(parent: journal, forkPoint: position)
            position = 0
            _ = journal.append(from: 0, keep: journalLimit, change)
        }
        position &+= 1
    }

    /// The list no longer follows from its earlier values: operators start over.
    @inlinable
    mutating func startNewLineage() {
        journal = ChangeJournal()
        position = 0
    }

    /// Where the list stands in its changes; from now on its journal keeps them.
    @inlinable
    var markForFollowing: JournalMark<Element> {
        journal.mark(at: position)
    }

    /// Moves `mark` to where the list stands; on the same journal only its position
    /// changes, so no reference changes hands.
    @inlinable
    func advance(_ mark: inout JournalMark<Element>?) {
        journal.advance(&mark, toValueAt: position)
    }

    /// The changes since `mark`, in order; nil when an operator must pass over the
    /// whole list instead (they are not all kept, the list is not a later version of
    /// the marked one, or there are more than a pass would cost).
    @inlinable
    func changes(since mark: JournalMark<Element>) -> ArraySlice<ListChange<Element>>? {
        journal.changes(since: mark, toValueAt: position, count: tree.count)
    }
}

extension IncrementalArray {
    /// Whether the two are the same value of the same line: storage, journal and place
    /// in it. O(1).
    @inlinable
    func isIdentical(to other: Self) -> Bool {
        tree.isIdentical(to: other.tree) && journal === other.journal && position == other.position
    }
}

// MARK: Checks

extension IncrementalArray {
    @inlinable
    @inline(__always)
    func checkIndex(_ index: Int) {
        if index < 0 || index >= tree.count { Self.indexOutOfRange(index, count: tree.count) }
    }

    @inlinable
    @inline(__always)
    func checkInsertionIndex(_ index: Int) {
        if index < 0 || index > tree.count { Self.indexOutOfRange(index, count: tree.count, insertion: true) }
    }

    @usableFromInline
    static func indexOutOfRange(_ index: Int, count: Int, insertion: Bool = false) -> Never {
        let valid = insertion ? "0...\(count)" : (count == 0 ? "none: it is empty" : "0..<\(count)")
        fatalError("""
            Ripple: index \(index) is out of range for an IncrementalArray of \(count) \
            element\(count == 1 ? "" : "s") (valid: \(valid)). Check the index against \
            `count` first, or find the element with `firstIndex(where:)`.
            """)
    }
}
