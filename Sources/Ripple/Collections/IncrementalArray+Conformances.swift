extension IncrementalArray: ExpressibleByArrayLiteral {
    @inlinable
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension IncrementalArray: Equatable where Element: Equatable {
    /// Two lists are equal when they hold equal elements in the same order; a list
    /// and its unchanged copy compare in O(1).
    @inlinable
    public static func == (lhs: IncrementalArray, rhs: IncrementalArray) -> Bool {
        if lhs.tree.isIdentical(to: rhs.tree) { return true }
        // The same point in the same line of changes: the same elements.
        if lhs.journal === rhs.journal, lhs.position == rhs.position { return true }
        guard lhs.count == rhs.count else { return false }
        return lhs.elementsEqual(rhs)
    }
}

extension IncrementalArray: Hashable where Element: Hashable {
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

extension IncrementalArray: Encodable where Element: Encodable {
    /// Encodes the elements as an unkeyed container, as an array does.
    @inlinable
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in self { try container.encode(element) }
    }
}

extension IncrementalArray: Decodable where Element: Decodable {
    /// Decodes an unkeyed container of elements, as an array does.
    @inlinable
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        if let count = container.count { elements.reserveCapacity(count) }
        while !container.isAtEnd {
            elements.append(try container.decode(Element.self))
        }
        self.init(elements)
    }
}

extension IncrementalArray: CustomStringConvertible, CustomDebugStringConvertible {
    /// The elements as an array prints them: `[1, 2, 3]`.
    @inlinable
    public var description: String {
        Array(self).description
    }

    @inlinable
    public var debugDescription: String {
        "IncrementalArray(\(Array(self).debugDescription))"
    }
}

// Safety: the tree's nodes are copied before a shared one is changed, as an array's
// storage is, and the journal synchronizes its own state (see `ChangeJournal`).
extension IncrementalArray: @unchecked Sendable where Element: Sendable {}
