extension String {
    /// A count with its noun, singular for one: `1 sample`, `3 samples`, `1 time`.
    ///
    /// ```swift
    /// String(count: 1, "reading")                  // "1 reading"
    /// String(count: 2, "match", plural: "matches") // "2 matches"
    /// ```
    public init(count: Int, _ singular: String, plural: String? = nil) {
        self = "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
    }
}
