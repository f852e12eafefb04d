public import Ripple

/// What a list view keeps between renders, as a table view keeps its rows: the rows it
/// shows and a reader of the list's changes, so that a render applies what changed
/// (in O(changed)) instead of diffing two arrays. Put one in the environment of the
/// view that shows the list.
public final class ListRows<Element> {
    public private(set) var rows: [Element] = []
    private var reader = ListChangeReader<Element>()

    public init() {}

    /// Brings the rows up to `list`; returns a line that says what changed, for the
    /// transcript: `rows: 1 changed (of 4)`, or `rows: reloaded (4)`.
    public func update(to list: IncrementalArray<Element>) -> String {
        let changes = reader.read(list)
        changes.apply(to: &rows)
        guard let steps = changes.steps else { return "rows: reloaded (\(rows.count))" }
        return "rows: \(steps.count) changed (of \(rows.count))"
    }
}
