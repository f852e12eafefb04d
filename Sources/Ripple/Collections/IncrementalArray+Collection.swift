extension IncrementalArray: RandomAccessCollection, MutableCollection {
    public typealias Index = Int
    public typealias Indices = Range<Int>

    @inlinable
    public var startIndex: Int { 0 }
    @inlinable
    public var endIndex: Int { tree.count }
    @inlinable
    public var count: Int { tree.count }
    @inlinable
    public var isEmpty: Bool { tree.isEmpty }
    @inlinable
    public var indices: Range<Int> { 0..<tree.count }

    @inlinable
    public var first: Element? { tree.first }
    @inlinable
    public var last: Element? { tree.last }

    /// The element at `position`; setting it or changing it in place
    /// (`items[i].isDone.toggle()`) records the change for the operators that follow
    /// the list.
    ///
    /// ```swift
    /// var scores = IncrementalArray([3, 5])
    /// scores[0] += 1
    /// print(scores[0])   // prints "4"
    /// ```
    ///
    /// - Complexity: O(log n).
    @inlinable
    public subscript(position: Int) -> Element {
        get {
            checkIndex(position)
            return tree[position]
        }
        set {
            checkIndex(position)
            tree[position] = newValue
            record { .replace(at: position, newValue) }
        }
        _modify {
            checkIndex(position)
            // One descent: the changed element is read back from where it was changed.
            let location = tree.uniqueLocation(of: position)
            defer {
                var changed = journal.records ? tree.element(at: location) : nil
                record { changed.take().map { .replace(at: position, $0) } }
            }
            yield &tree[position, uniqueAt: location]
        }
    }

    @inlinable
    public func makeIterator() -> Iterator {
        Iterator(base: tree.makeIterator())
    }

    /// Iterates the elements in order, a few nanoseconds each.
    public struct Iterator: IteratorProtocol {
        @usableFromInline var base: PersistentTree<Element, NoMarking<Element>>.Iterator

        @inlinable
        init(base: PersistentTree<Element, NoMarking<Element>>.Iterator) {
            self.base = base
        }

        @inlinable
        public mutating func next() -> Element? {
            base.next()
        }
    }

    @inlinable
    public func index(after i: Int) -> Int { i + 1 }
    @inlinable
    public func index(before i: Int) -> Int { i - 1 }

    @inlinable
    public mutating func swapAt(_ i: Int, _ j: Int) {
        guard i != j else { return }
        let first = self[i]
        self[i] = self[j]
        self[j] = first
    }

    @inlinable
    public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R? {
        nil
    }
}

extension IncrementalArray: RangeReplaceableCollection {
    /// Replaces `subrange` with `newElements`.
    ///
    /// ```swift
    /// var letters = IncrementalArray(["a", "b", "c", "d"])
    /// letters.replaceSubrange(1..<3, with: ["x"])
    /// print(Array(letters))   // prints "[\"a\", \"x\", \"d\"]"
    /// ```
    ///
    /// - Complexity: O(log n + m + k), removing m and inserting k elements.
    @inlinable
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == Element {
        checkInsertionIndex(subrange.lowerBound)
        checkInsertionIndex(subrange.upperBound)
        let inserted = newElements.count
        let removedCount = subrange.count
        guard inserted > 0 || removedCount > 0 else { return }
        guard journal.records, removedCount + inserted <= journalLimit else {
            tree.replaceSubrange(subrange, with: newElements)
            startNewLineage()
            return
        }
        // One change per element, removals from the back so that positions hold.
        var changes: [ListChange<Element>] = []
        changes.reserveCapacity(removedCount + inserted)
        for index in subrange.reversed() {
            changes.append(.remove(at: index))
        }
        for (offset, element) in newElements.enumerated() {
            changes.append(.insert(at: subrange.lowerBound + offset, element))
        }
        tree.replaceSubrange(subrange, with: newElements)
        for change in changes { record { change } }
    }

    /// Adds an element at the end.
    ///
    /// - Complexity: O(log n), amortized O(1) for repeated appends.
    @inlinable
    public mutating func append(_ newElement: Element) {
        let position = tree.count
        tree.append(newElement)
        record { .insert(at: position, newElement) }
    }

    @inlinable
    public mutating func append<S: Sequence>(contentsOf newElements: S) where S.Element == Element {
        let elements = Array(newElements)
        replaceSubrange(tree.count..<tree.count, with: elements)
    }

    /// Inserts an element at `position`.
    ///
    /// - Complexity: O(log n).
    @inlinable
    public mutating func insert(_ newElement: Element, at position: Int) {
        checkInsertionIndex(position)
        tree.insert(newElement, at: position)
        record { .insert(at: position, newElement) }
    }

    /// Removes and returns the element at `position`.
    ///
    /// - Complexity: O(log n).
    @discardableResult
    @inlinable
    public mutating func remove(at position: Int) -> Element {
        checkIndex(position)
        let removed = tree.remove(at: position)
        record { .remove(at: position) }
        return removed
    }

    /// Removes every element that satisfies `shouldBeRemoved`.
    ///
    /// ```swift
    /// var numbers = IncrementalArray([1, 2, 3, 4, 5])
    /// numbers.removeAll { $0.isMultiple(of: 2) }
    /// print(Array(numbers))   // prints "[1, 3, 5]"
    /// ```
    ///
    /// - Complexity: O(n) to test the elements, plus O(log n) for each one removed.
    @inlinable
    public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        var doomed: [Int] = []
        var index = 0
        for element in self {
            if try shouldBeRemoved(element) { doomed.append(index) }
            index += 1
        }
        guard !doomed.isEmpty else { return }
        if doomed.count <= journalLimit {
            for index in doomed.reversed() { remove(at: index) }
        } else {
            let kept = try filter { try !shouldBeRemoved($0) }
            tree = PersistentTree(kept)
            startNewLineage()
        }
    }

    /// Removes every element. Operators that follow the list start over, on an empty
    /// list.
    @inlinable
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        guard !tree.isEmpty else { return }
        tree.removeAll()
        startNewLineage()
    }

    @inlinable
    public mutating func reserveCapacity(_ n: Int) {}
}

extension IncrementalArray {
    /// Moves the element at `source` so that it ends up at `destination`, shifting the
    /// elements in between.
    ///
    /// ```swift
    /// var steps = IncrementalArray(["wash", "dry", "fold"])
    /// steps.move(from: 2, to: 0)
    /// print(Array(steps))   // prints "[\"fold\", \"wash\", \"dry\"]"
    /// ```
    ///
    /// - Complexity: O(log n).
    @inlinable
    public mutating func move(from source: Int, to destination: Int) {
        checkIndex(source)
        checkIndex(destination)
        guard source != destination else { return }
        let element = remove(at: source)
        insert(element, at: destination)
    }

    /// Moves the elements at `offsets` to just before the element that was at
    /// `destination`, keeping their order, as SwiftUI's `onMove` hands them over.
    ///
    /// ```swift
    /// var rows = IncrementalArray(["a", "b", "c", "d", "e"])
    /// rows.move(fromOffsets: RangeSet([0..<1, 2..<3]), toOffset: 5)
    /// print(Array(rows))   // prints "[\"b\", \"d\", \"e\", \"a\", \"c\"]"
    /// ```
    ///
    /// - Complexity: O(k log n) for k moved elements.
    @inlinable
    public mutating func move(fromOffsets offsets: RangeSet<Int>, toOffset destination: Int) {
        checkInsertionIndex(destination)
        let moved = offsets.ranges.flatMap { Array($0) }
        for index in moved { checkIndex(index) }
        guard !moved.isEmpty else { return }
        let elements = moved.map { tree[$0] }
        for index in moved.reversed() { remove(at: index) }
        let target = destination - moved.filter { $0 < destination }.count
        for (offset, element) in elements.enumerated() {
            insert(element, at: target + offset)
        }
    }

    /// Moves the elements at `offsets` to just before the element that was at
    /// `destination`, keeping their order: the call SwiftUI's `onMove` makes, with the
    /// `IndexSet` it hands over (any sequence of offsets will do; repeats count once).
    ///
    /// ```swift
    /// var rows = IncrementalArray(["a", "b", "c", "d", "e"])
    /// let picked: Set = [2, 0]      // onMove hands over an IndexSet
    /// rows.move(fromOffsets: picked, toOffset: 5)
    /// print(Array(rows))   // prints "[\"b\", \"d\", \"e\", \"a\", \"c\"]"
    /// ```
    ///
    /// - Complexity: O(k log k + k log n) for k moved elements.
    @inlinable
    public mutating func move<Offsets: Sequence<Int>>(fromOffsets offsets: Offsets, toOffset destination: Int) {
        let sorted = Set(offsets).sorted()
        move(fromOffsets: RangeSet(sorted.map { $0..<($0 + 1) }), toOffset: destination)
    }

    /// Removes the elements at `offsets`: the call SwiftUI's `onDelete` makes, with the
    /// `IndexSet` it hands over (any sequence of offsets will do; repeats count once).
    ///
    /// ```swift
    /// var rows = IncrementalArray(["a", "b", "c", "d"])
    /// rows.remove(atOffsets: [3, 1])
    /// print(Array(rows))   // prints "[\"a\", \"c\"]"
    /// ```
    ///
    /// - Complexity: O(k log k + k log n) for k removed elements.
    @inlinable
    public mutating func remove<Offsets: Sequence<Int>>(atOffsets offsets: Offsets) {
        let doomed = Set(offsets).sorted()
        for index in doomed { checkIndex(index) }
        for index in doomed.reversed() { remove(at: index) }
    }

    /// Sorts the list in place. Operators that follow it make one full pass.
    ///
    /// ```swift
    /// var words = IncrementalArray(["pear", "fig", "apple"])
    /// words.sort { $0.count < $1.count }
    /// print(Array(words))   // prints "[\"fig\", \"pear\", \"apple\"]"
    /// ```
    ///
    /// - Complexity: O(n log n).
    @inlinable
    public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
        guard tree.count > 1 else { return }
        var elements = Array(self)
        try elements.sort(by: areInIncreasingOrder)
        tree = PersistentTree(elements)
        startNewLineage()
    }

    /// Reverses the list in place. Operators that follow it make one full pass.
    ///
    /// - Complexity: O(n).
    @inlinable
    public mutating func reverse() {
        guard tree.count > 1 else { return }
        tree = PersistentTree(Array(self).reversed())
        startNewLineage()
    }
}

extension IncrementalArray where Element: Comparable {
    /// Sorts the list in ascending order. Operators that follow it make one full pass.
    ///
    /// - Complexity: O(n log n).
    @inlinable
    public mutating func sort() {
        sort(by: <)
    }
}
