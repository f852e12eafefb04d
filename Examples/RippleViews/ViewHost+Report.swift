extension ViewHost {
    /// Describes what rendered since the last report, then starts a new one.
    ///
    /// Each view that rendered is listed once, with what it drew (its own lines, not its
    /// children's) and, if it rendered more than once, how many times:
    ///
    /// ```
    ///   LibraryView         | Books available: 2
    ///   LibraryItemView #2  | 2. Kindred (checked out)
    ///                       |    Written by: Octavia E. Butler
    ///   (2 of 6 views rendered)
    /// ```
    public func takeReport() -> [String] {
        let log = self.log
        self.log = RenderLog()
        let names = log.entries.map { $0.count == 1 ? $0.label : "\($0.label) x\($0.count)" }
        let width = (names.map(\.count).max() ?? 0) + 2
        var lines: [String] = []
        let reasons = explanations?.take() ?? [:]
        for (entry, name) in zip(log.entries, names) {
            let text = entry.text.isEmpty ? [""] : entry.text
            for (index, line) in text.enumerated() {
                let left = index == 0 ? name : ""
                lines.append("  " + left.padding(to: width) + "| " + line)
            }
            if explanations != nil {
                for reason in reasons[entry.label] ?? ["first render"] {
                    lines.append("  " + "".padding(to: width) + "  why: " + reason)
                }
            }
        }
        for label in log.removed {
            lines.append("  removed \(label)")
        }
        let total = mountedViews.count
        lines.append(
            log.entries.isEmpty
                ? "  (no view rendered)"
                : "  (\(log.entries.count) of \(total) views rendered)"
        )
        return lines.map { $0.trimmingTrailingSpaces() }
    }

    /// Everything the views show now, children indented under their parents, as a
    /// terminal would show the whole window. Reading it renders nothing.
    public var screen: [String] {
        var lines: [String] = []
        for root in roots {
            root.draw(indent: 0, into: &lines)
        }
        return lines
    }
}

extension ViewNode {
    func draw(indent: Int, into lines: inout [String]) {
        for line in self.lines {
            switch line {
            case .text(let text):
                lines.append(String(repeating: " ", count: indent) + text)
            case .child(let child):
                child.draw(indent: indent + 2, into: &lines)
            }
        }
    }
}
