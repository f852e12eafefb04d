extension ListOperator: ListOperatorParts {
    func trackersNow() -> [ElementTracker] {
        slotTrackers.compactMap { $0 } + (tracksElements ? [] : [queryTracker])
    }
}
