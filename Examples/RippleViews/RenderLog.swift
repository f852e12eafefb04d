/// What rendered since the last report: each view once, in the order of its first
/// render, with how many times it rendered and what it drew last.
struct RenderLog {
    struct Entry {
        let label: String
        var count: Int
        var text: [String]
    }

    private(set) var entries: [Entry] = []
    var removed: [String] = []

    @MainActor
    mutating func record(_ node: ViewNode) {
        if let index = entries.firstIndex(where: { $0.label == node.key.label }) {
            entries[index].count += 1
            entries[index].text = node.ownText
        } else {
            entries.append(Entry(label: node.key.label, count: 1, text: node.ownText))
        }
    }
}
