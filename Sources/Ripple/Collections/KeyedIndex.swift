/// A list's elements by a key, for lookup in O(1): the result of `@Derived`'s
/// `keyedBy:` and of `keyed(by:)` on a `Signal` or `Computed` of an
/// ``IncrementalArray``. Where several elements have the same key, the first in the
/// list's order is the one found.
///
/// ```swift
/// struct Author { var id: Int; var name: String }
///
/// let authors = Signal(IncrementalArray([
///     Author(id: 1, name: "Le Guin"), Author(id: 2, name: "Butler"),
/// ]))
/// let byID = authors.keyed(by: \.id)
/// print(byID.value[2]?.name ?? "none")   // prints "Butler"
/// authors.value[1].name = "Octavia Butler"
/// print(byID.value[2]?.name ?? "none")   // prints "Octavia Butler"
/// ```
public struct KeyedIndex<Key: Hashable, Element> {
    @usableFromInline var elements: [Key: Element]

    @inlinable
    init(_ elements: [Key: Element] = [:]) {
        self.elements = elements
    }

    /// The element with `key` (the first in the list's order, if several), or nil.
    @inlinable
    public subscript(key: Key) -> Element? { elements[key] }

    /// The number of distinct keys.
    @inlinable
    public var count: Int { elements.count }

    @inlinable
    public var isEmpty: Bool { elements.isEmpty }

    /// The keys, in no particular order.
    @inlinable
    public var keys: Dictionary<Key, Element>.Keys { elements.keys }

    /// Whether an element has `key`.
    @inlinable
    public func contains(_ key: Key) -> Bool { elements[key] != nil }

    /// The index as a dictionary (shares its storage until either is changed).
    @inlinable
    public var dictionary: [Key: Element] { elements }
}

extension KeyedIndex: Sequence {
    public typealias Iterator = Dictionary<Key, Element>.Iterator

    @inlinable
    public func makeIterator() -> Iterator { elements.makeIterator() }
}

extension KeyedIndex: Equatable where Element: Equatable {}
extension KeyedIndex: Sendable where Key: Sendable, Element: Sendable {}

extension KeyedIndex: CustomStringConvertible {
    public var description: String { "KeyedIndex(\(elements.count) keys)" }
}
