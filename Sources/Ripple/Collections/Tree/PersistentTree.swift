// STAND-IN: an Array-backed implementation of the tree's API, replaced by the B-tree.

protocol TreeMarking {
    associatedtype Element
    static func isMarked(_ element: Element) -> Bool
}

enum NoMarking<Element>: TreeMarking {
    static func isMarked(_: Element) -> Bool { false }
}

struct PersistentTree<Element, Marking: TreeMarking> where Marking.Element == Element {
    final class Box { var elements: [Element]; init(_ e: [Element]) { elements = e } }
    var box: Box

    init() { box = Box([]) }
    init<S: Sequence>(_ elements: S) where S.Element == Element { box = Box(Array(elements)) }

    var count: Int { box.elements.count }
    var isEmpty: Bool { box.elements.isEmpty }
    var markedCount: Int { box.elements.reduce(0) { $0 + (Marking.isMarked($1) ? 1 : 0) } }

    private mutating func unique() {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.elements) }
    }

    subscript(position: Int) -> Element {
        get { box.elements[position] }
        set { unique(); box.elements[position] = newValue }
        _modify { unique(); yield &box.elements[position] }
    }

    mutating func insert(_ element: Element, at position: Int) { unique(); box.elements.insert(element, at: position) }
    @discardableResult
    mutating func remove(at position: Int) -> Element { unique(); return box.elements.remove(at: position) }
    mutating func append(_ element: Element) { unique(); box.elements.append(element) }
    mutating func insert<C: Collection>(contentsOf c: C, at i: Int) where C.Element == Element { unique(); box.elements.insert(contentsOf: c, at: i) }
    mutating func removeSubrange(_ r: Range<Int>) { unique(); box.elements.removeSubrange(r) }
    mutating func replaceSubrange<C: Collection>(_ r: Range<Int>, with c: C) where C.Element == Element { unique(); box.elements.replaceSubrange(r, with: c) }
    mutating func removeAll() { box = Box([]) }

    func markedCount(before position: Int) -> Int {
        box.elements[..<position].reduce(0) { $0 + (Marking.isMarked($1) ? 1 : 0) }
    }
    func position(ofMarked k: Int) -> Int {
        var seen = 0
        for (i, e) in box.elements.enumerated() where Marking.isMarked(e) {
            if seen == k { return i }
            seen += 1
        }
        preconditionFailure("no such marked element")
    }
    var first: Element? { box.elements.first }
    var last: Element? { box.elements.last }
    func isIdentical(to other: Self) -> Bool { box === other.box || (isEmpty && other.isEmpty) }

    struct Iterator: IteratorProtocol {
        var base: IndexingIterator<ArraySlice<Element>>
        mutating func next() -> Element? { base.next() }
    }
    func makeIterator(from position: Int = 0) -> Iterator { Iterator(base: box.elements[position...].makeIterator()) }
    func forEach(in range: Range<Int>, _ body: (Element) throws -> Void) rethrows {
        for e in box.elements[range] { try body(e) }
    }
}
