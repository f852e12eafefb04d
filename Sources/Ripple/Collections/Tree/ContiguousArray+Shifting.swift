// A leaf's one-element edits as a single move of its tail: `insert(_:at:)` and
// `remove(at:)` take the standard library's generic `replaceSubrange` path, several
// times the cost of the move itself on a leaf of a few dozen elements.

extension ContiguousArray {
    /// Inserts `element` at `index` (`0...count`): appends it, then moves the tail up
    /// one place and puts it in front. O(count - index).
    @inlinable
    mutating func shiftingInsert(_ element: Element, at index: Int) {
        append(element)
        let last = count &- 1
        guard index < last else { return }
        withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress.unsafelyUnwrapped
            let moved = (base + last).move()
            (base + index + 1).moveInitialize(from: base + index, count: last &- index)
            (base + index).initialize(to: moved)
        }
    }

    /// Removes and returns the element at `index` (`0..<count`): moves the tail down
    /// one place over it, then takes it off the end. O(count - index).
    @inlinable
    mutating func shiftingRemove(at index: Int) -> Element {
        let last = count &- 1
        if index < last {
            withUnsafeMutableBufferPointer { buffer in
                let base = buffer.baseAddress.unsafelyUnwrapped
                let removed = (base + index).move()
                (base + index).moveInitialize(from: base + index + 1, count: last &- index)
                (base + last).initialize(to: removed)
            }
        }
        return removeLast()
    }

    /// Moves the elements from `index` on into a new array with room for `capacity`,
    /// leaving the others here. Elements that hold references move one by one off the
    /// end, so none is retained or released; plain values are copied in one block.
    @inlinable
    mutating func splitOffSuffix(from index: Int, capacity: Int) -> ContiguousArray {
        let moving = count &- index
        if _isPOD(Element.self) {
            var suffix = ContiguousArray()
            suffix.reserveCapacity(Swift.max(capacity, moving))
            suffix.append(contentsOf: self[index...])
            removeSubrange(index...)
            return suffix
        }
        return ContiguousArray(unsafeUninitializedCapacity: Swift.max(capacity, moving)) { buffer, initialized in
            var position = moving
            while position > 0 {
                position &-= 1
                buffer.initializeElement(at: position, to: removeLast())
            }
            initialized = moving
        }
    }
}
