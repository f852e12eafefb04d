/// Which end of a sorted list the least key is at: the `order:` of `sortedByKey:` and
/// `sorted(byKey:order:)`.
///
/// ```swift
/// let scores = Signal(IncrementalArray([3, 9, 5]))
/// print(Array(scores.sorted(byKey: { $0 }, order: .descending).value))   // prints "[9, 5, 3]"
/// ```
public enum ListOrder: Hashable, Sendable {
    /// The least key first.
    case ascending
    /// The greatest key first; equal keys still keep their order in the list.
    case descending
}
