/// Growable storage for the engine's work lists, outside the Swift heap's reference
/// counting: a base pointer and a capacity, doubled on demand.
struct WorkBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>?
    private(set) var capacity = 0

    /// Doubles the capacity (64 at first), keeping the first `count` elements.
    mutating func grow(keeping count: Int) {
        let newCapacity = Swift.max(64, capacity * 2)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if let base {
            newBase.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = newBase
        capacity = newCapacity
    }

    mutating func deallocate() {
        base?.deallocate()
        base = nil
        capacity = 0
    }
}

/// A growable stack: of links for the iterative walks (nested walks, user code that
/// reads a computed during a walk, push above the outer walk's entries), and of the
/// references waiting for release. Unlike an `Array`, a push or pop makes no
/// uniqueness check.
struct WorkStack<Element> {
    private var buffer = WorkBuffer<Element>()
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    mutating func push(_ element: Element) {
        if count == buffer.capacity { buffer.grow(keeping: count) }
        (buffer.base.unsafelyUnwrapped + count).initialize(to: element)
        count &+= 1
    }

    mutating func pop() -> Element {
        count &-= 1
        return (buffer.base.unsafelyUnwrapped + count).move()
    }

    /// Frees the storage; the stack must be empty (elements are not destroyed).
    mutating func deallocate() {
        buffer.deallocate()
        count = 0
    }
}

/// Effects and tracking scopes waiting to run, in the order they were first notified.
/// Entries are unowned: a node that dies while queued clears its entry.
struct EffectQueue {
    private var buffer = WorkBuffer<Unmanaged<DependentNode>?>()
    private(set) var head = 0
    private(set) var tail = 0

    var isEmpty: Bool { head == tail }

    mutating func append(_ node: DependentNode) {
        if tail == buffer.capacity { makeRoom() }
        buffer.base.unsafelyUnwrapped[tail] = Unmanaged.passUnretained(node)
        tail &+= 1
    }

    /// The next live entry, or nil when the queue is drained (it then resets).
    mutating func popFirst() -> Unmanaged<DependentNode>? {
        while head < tail {
            let entry = buffer.base.unsafelyUnwrapped[head]
            head &+= 1
            if let entry { return entry }
        }
        head = 0
        tail = 0
        return nil
    }

    mutating func remove(_ node: DependentNode) {
        let target = Unmanaged.passUnretained(node).toOpaque()
        for index in head..<tail where buffer.base.unsafelyUnwrapped[index]?.toOpaque() == target {
            buffer.base.unsafelyUnwrapped[index] = nil
            return
        }
    }

    /// Reclaims the consumed front first; grows only if that is not enough.
    private mutating func makeRoom() {
        if head > 0 {
            let entries = buffer.base.unsafelyUnwrapped
            let live = tail - head
            for index in 0..<live { entries[index] = entries[head + index] }
            head = 0
            tail = live
            if tail < buffer.capacity { return }
        }
        buffer.grow(keeping: tail)
    }

    mutating func deallocate() {
        buffer.deallocate()
        head = 0
        tail = 0
    }
}
