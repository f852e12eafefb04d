extension ListOperator {
    /// Lets introspection and tracing see the operator's inner nodes, while names are
    /// wanted: the trackers of the elements (and the query tracker of a list of values),
    /// and the node that makes the per-element closure from what the query read.
    @usableFromInline
    @inline(never)
    func registerParts() {
        let query: ReactiveNode?
        if case .query(let node) = function { query = node } else { query = nil }
        NodeNames.setOperatorParts(
            OperatorParts(query: query) { [unowned(unsafe) self] in
                self.slotTrackers.compactMap { $0 } + (self.tracksElements ? [] : [self.queryTracker])
            },
            of: node
        )
    }
}
