// The collections layer: lists whose derived values update in proportion to what
// changed. Read this first; each file below holds one concept.
//
// **The list.** `IncrementalArray.swift` (with `+Collection`, `+Conformances`) is an
// array with value semantics, stored in a copy-on-write counted B-tree (`Tree/`,
// `PersistentTree`: O(log n) insert, remove, index, and ranks of marked elements).
// Each edit is recorded in the list's journal (`ChangeJournal.swift`): a bounded log of
// `ListChange`s (insert, remove, replace) that every later version of the list shares
// until one of them forks. An operator keeps a `JournalMark` and asks for the changes
// since; when they are gone, or too many, it makes a full pass instead.
//
// **An operator** is the update of a `Computed` node (`Operators/ListOperator.swift`).
// On each update it reads its source list and its query, then either
// - makes a full pass (`ListLogic.rebuild`), or
// - follows the journal's changes in order, then the elements whose trackers fired
//   (`Operators/ListOperator+Follow.swift`: the one loop).
// The loop keeps the slots (`SlotTable.swift`: a stable name per element, in source
// order, with kept marks a filter counts), evaluates the closure with what it reads
// followed (`ListOperator+Elements.swift`), and hands each element to the logic's
// hooks: `inserted`, `removing`, `updated`, `refired`, then `finish`.
//
// **The logics** (`Operators/*Logic.swift`) are value types that write only those
// hooks: `FilterLogic` and `FirstLogic` (over `ListOperator+Membership.swift`'s kept
// marks), `MapLogic`, `CompactMapLogic` (a filter and a map at once), `FoldLogic`
// (count, sum and `fold`, by a `FoldRule`), `ExtremumLogic` (min, max) and
// `SortedLogic`. What a logic remembers per element (a contribution, a key) lives in
// one `ElementResults` store. A new operator is a new
// logic: its hooks, one line in `ListOperatorKind.swift`, and its public entry points.
//
// **Elements that are objects.** What the closure reads of one element
// (`book.isAvailable`) is followed by an `ElementTracker`, one per slot: a relay node
// of the engine, which the push hands the change to; it records the slot in the
// operator's `TrackerSet` and marks the operator's node dirty, and the next update
// looks at that element alone.
// For a list of values, what the closure reads besides the element is followed by one
// query tracker: a change to it means one full pass.
//
// **The public entry points.** `@Derived(\Model.list, filter: ...)` and its siblings
// (`Derived+Collections.swift`, `+Folds`, `+Transforms`), and the same operators as
// methods of any `Signal` or `Computed` holding a list (`ValueNode+Lists.swift`). Both
// build their node through `ListOperatorKind`, the one place that pairs an operator
// with its logic. `ExactSum.swift` keeps a sum of doubles exact under removals.
