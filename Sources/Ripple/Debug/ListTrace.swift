/// How tracing shows a change to a list source element by element: `items[3].isDone
/// false -> true`, not `items [10000 elements] -> [10000 elements]`. It keeps the list
/// as it was last shown (a persistent tree, kept in O(1)) with its place in the list's
/// journal, and reads the changes since from the journal.
protocol TracedList {
    /// The value as it is now, to compare a later one against; from now on the list's
    /// journal keeps its changes.
    func traceSnapshot() -> Any
    /// The changes since `snapshot`, each an element's, or nil when the journal cannot
    /// tell them (too many, or an unrelated list).
    func tracedChanges(since snapshot: Any) -> [ListTrace.ElementChange]?
}

enum ListTrace {
    /// The most element changes a step lists before it shows the list whole.
    static let limit = 3

    struct ElementChange {
        /// `[3]`, or `[3].isDone` when one stored property of a struct changed.
        var path: String
        var old: String?
        var new: String?
    }

    /// `[index].property` and the property's values, when exactly one stored property
    /// differs between two structs; `[index]` and the whole elements otherwise.
    static func replacement(at index: Int, old: Any?, new: Any) -> ElementChange {
        guard let old else { return ElementChange(path: "[\(index)]", old: nil, new: TraceValue.describe(new)) }
        let before = Mirror(reflecting: old), after = Mirror(reflecting: new)
        if before.displayStyle == .struct, after.displayStyle == .struct {
            let oldFields = before.children.map { ($0.label, TraceValue.describe($0.value)) }
            let newFields = after.children.map { ($0.label, TraceValue.describe($0.value)) }
            if oldFields.count == newFields.count {
                let differing = zip(oldFields, newFields).filter { $0.0.1 != $0.1.1 }
                if differing.count == 1, let label = differing[0].1.0 {
                    return ElementChange(path: "[\(index)].\(label)", old: differing[0].0.1, new: differing[0].1.1)
                }
            }
        }
        return ElementChange(path: "[\(index)]", old: TraceValue.describe(old), new: TraceValue.describe(new))
    }
}

extension IncrementalArray: TracedList {
    struct TraceSnapshot {
        let value: IncrementalArray
        let mark: JournalMark<Element>
    }

    func traceSnapshot() -> Any {
        TraceSnapshot(value: self, mark: markForFollowing)
    }

    func tracedChanges(since snapshot: Any) -> [ListTrace.ElementChange]? {
        guard let snapshot = snapshot as? TraceSnapshot else { return nil }
        guard let changes = changes(since: snapshot.mark), changes.count <= ListTrace.limit else { return nil }
        // Positions in the old list hold only until an insertion or removal.
        var shifted = false
        return changes.map { change in
            switch change {
            case .replace(let index, let element):
                let old: Any? = shifted || index >= snapshot.value.count ? nil : snapshot.value[index]
                return ListTrace.replacement(at: index, old: old, new: element)
            case .insert(let index, let element):
                shifted = true
                let description = "inserted " + TraceValue.describe(element)
                return ListTrace.ElementChange(path: "[\(index)]", old: nil, new: description)
            case .remove(let index):
                let old = shifted || index >= snapshot.value.count ? nil : TraceValue.describe(snapshot.value[index])
                shifted = true
                let description = "removed" + (old.map { " " + $0 } ?? "")
                return ListTrace.ElementChange(path: "[\(index)]", old: nil, new: description)
            }
        }
    }
}
