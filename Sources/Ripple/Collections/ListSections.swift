/// A list's elements grouped by a key: the sections a `ForEach(sections) { Section {
/// ForEach(elements) } }` iterates, in ascending key order, each holding its elements
/// in the list's order as an ``IncrementalArray`` that further operators can follow.
/// The result of `@Derived`'s `groupedBy:` and of `grouped(by:)` on a `Signal` or
/// `Computed` of an ``IncrementalArray``.
///
/// ```swift
/// struct Chore { var title: String; var room: String }
///
/// let chores = Signal(IncrementalArray([
///     Chore(title: "Dishes", room: "kitchen"), Chore(title: "Vacuum", room: "hall"),
///     Chore(title: "Oven", room: "kitchen"),
/// ]))
/// let byRoom = chores.grouped(by: \.room)
/// for section in byRoom.value { print(section.key, section.elements.map(\.title)) }
/// // prints "hall [\"Vacuum\"]", then "kitchen [\"Dishes\", \"Oven\"]"
/// chores.value[1].room = "kitchen"
/// print(byRoom.value.keys)   // prints "[\"kitchen\"]"
/// ```
public struct ListSections<Key: Comparable & Hashable, Element> {
    /// One key's elements, in the list's order.
    public struct Section {
        public let key: Key
        public var elements: IncrementalArray<Element> { storage }
        @usableFromInline var storage: IncrementalArray<Element>

        @inlinable
        init(key: Key, elements: IncrementalArray<Element>) {
            self.key = key
            storage = elements
        }
    }

    @usableFromInline var sections: [Section] = []

    @inlinable
    init() {}

    /// The keys, ascending.
    public var keys: [Key] { sections.map(\.key) }

    /// The elements with `key`, in the list's order, or nil when none has it.
    public subscript(key: Key) -> IncrementalArray<Element>? {
        index(of: key).map { sections[$0].elements }
    }

    /// Where the section of `key` is, if there is one: a binary search.
    @inlinable
    func index(of key: Key) -> Int? {
        let place = insertionIndex(of: key)
        return place < sections.count && sections[place].key == key ? place : nil
    }

    /// The first section whose key is not less than `key`.
    @inlinable
    func insertionIndex(of key: Key) -> Int {
        // Through the buffer: a key is read where it lies, without copying its section.
        sections.withUnsafeBufferPointer { sections in
            var low = 0, high = sections.count
            while low < high {
                let middle = (low &+ high) &>> 1
                if sections[middle].key < key { low = middle &+ 1 } else { high = middle }
            }
            return low
        }
    }
}

extension ListSections: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { sections.count }
    public subscript(position: Int) -> Section { sections[position] }
}

extension ListSections.Section: Identifiable {
    public var id: Key { key }
}

extension ListSections: CustomStringConvertible {
    public var description: String {
        "ListSections(" + sections.map { "\($0.key): \($0.elements.count)" }.joined(separator: ", ") + ")"
    }
}
