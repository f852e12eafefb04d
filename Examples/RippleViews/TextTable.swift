/// A plain-text table with a header row, its first column left-aligned and the others
/// right-aligned, for render and recompute counts.
///
/// ```swift
/// TextTable(["View", "fine", "coarse"], rows: [["BadgeView", "3", "9"]]).lines
/// // View       fine  coarse
/// // BadgeView     3       9
/// ```
public struct TextTable {
    public let header: [String]
    public let rows: [[String]]

    public init(_ header: [String], rows: [[String]]) {
        self.header = header
        self.rows = rows
    }

    /// The table, one string per row, each indented by two spaces.
    public var lines: [String] {
        let all = [header] + rows
        let columns = all.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in
            all.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        return all.map { row in
            var line = "  "
            for (column, cell) in row.enumerated() {
                if column == 0 {
                    line += cell.padding(to: widths[column])
                } else {
                    line += "  " + String(repeating: " ", count: max(0, widths[column] - cell.count)) + cell
                }
            }
            return line.trimmingTrailingSpaces()
        }
    }
}
