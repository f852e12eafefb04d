/// The closure an operator applies to each element: given, or made from the model by a
/// query node whenever what the query read changes.
@usableFromInline
enum ElementFunction<Element, Result> {
    case fixed(ElementClosures<Element, Result>)
    case query(Computed<ElementClosures<Element, Result>>)
}

/// The user's per-element closure, as the operators call it: on one element, lent by
/// address, and on a run of elements in a buffer, with each result written out.
///
/// A closure of the element stored in a generic operator is called through thunks that
/// copy the element (retaining what it holds) on every call. Made around the user's
/// closure in the client's specialized code (``init(lending:)``), `each` instead calls
/// it in a loop of its own, over elements the list lends where they lie: one indirect
/// call per run of elements, not per element.
@usableFromInline
struct ElementClosures<Element, Result> {
    /// The result for the element at an address.
    @usableFromInline let one: (UnsafePointer<Element>) -> Result
    /// Writes the results for a buffer of elements, starting each evaluation afresh in
    /// the runtime's run (see ``Graph/restartMatching(_:)``).
    @usableFromInline let each: (UnsafeBufferPointer<Element>, UnsafeMutablePointer<Result>, RuntimeRef) -> Void

    @inlinable
    init(
        one: @escaping (UnsafePointer<Element>) -> Result,
        each: @escaping (UnsafeBufferPointer<Element>, UnsafeMutablePointer<Result>, RuntimeRef) -> Void
    ) {
        self.one = one
        self.each = each
    }

    /// The operators' form of `transform`.
    @inlinable
    init(lending transform: @escaping (Element) -> Result) {
        self.init(
            one: { element in element.withBorrowedPointee { transform($0) } },
            each: { elements, results, runtime in
                elements.forEachBorrowed { index, element in
                    Graph.restartMatching(runtime)
                    (results + index).initialize(to: transform(element))
                }
            }
        )
    }

    /// What an operator holds before its query has made a closure; never called.
    @inlinable
    static var unmade: ElementClosures {
        ElementClosures(one: { _ in Graph.operatorNodeComputes() }, each: { _, _, _ in Graph.operatorNodeComputes() })
    }
}

extension ElementClosures where Result == Bool {
    /// The same for a test (`filter`, `count`, `first`). Not the generic one: a
    /// `(Element) -> Bool` passed where a `(Element) -> Result` is expected is wrapped
    /// in a thunk that returns the `Bool` indirectly, an extra call per element.
    @inlinable
    init(lending isIncluded: @escaping (Element) -> Bool) {
        self.init(
            one: { element in element.withBorrowedPointee { isIncluded($0) } },
            each: { elements, results, runtime in
                elements.forEachBorrowed { index, element in
                    Graph.restartMatching(runtime)
                    (results + index).initialize(to: isIncluded(element))
                }
            }
        )
    }
}

extension UnsafeBufferPointer {
    /// Calls `body` with each element and its index, lent where it lies (see
    /// ``UnsafePointer/lend(through:_:)``), without the retain and release that
    /// passing `self[index]` to a closure costs per element. The caller's list holds
    /// the buffer, and nothing writes the list during a pass.
    @inlinable
    @inline(__always)
    func forEachBorrowed(_ body: (Int, borrowing Element) -> Void) {
        guard let start = baseAddress else { return }
        withUnsafeTemporaryAllocation(of: Element.self, capacity: 1) { temporary in
            let slot = temporary.baseAddress.unsafelyUnwrapped
            for index in indices {
                (start + index).lend(through: slot) { body(index, $0) }
            }
        }
    }
}

extension UnsafePointer {
    /// Calls `body` with the pointee lent (see ``lend(through:_:)``): passing
    /// `pointee` copies it, retaining what it holds. The caller keeps it alive.
    @inlinable
    @inline(__always)
    func withBorrowedPointee<Result>(_ body: (borrowing Pointee) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: Pointee.self, capacity: 1) { temporary in
            lend(through: temporary.baseAddress.unsafelyUnwrapped, body)
        }
    }

    /// Lends the pointee to `body` through `slot`, a stack slot: copied there bit for
    /// bit, lent from there, and abandoned afterwards, never destroyed. Safety: the
    /// copy owns no reference (the pointee keeps its references alive throughout), and
    /// `body` gets it borrowed, so whatever it keeps it copies, with a retain of its own.
    @inlinable
    @inline(__always)
    func lend<Result>(
        through slot: UnsafeMutablePointer<Pointee>, _ body: (borrowing Pointee) -> Result
    ) -> Result {
        UnsafeMutableRawPointer(slot).copyMemory(from: self, byteCount: MemoryLayout<Pointee>.size)
        let pointee = slot.move()
        let result = body(pointee)
        // Back into the abandoned slot, so that no destructor runs for the copy.
        slot.initialize(to: consume pointee)
        return result
    }
}

extension Graph {
    @usableFromInline
    static func operatorNodeComputes() -> Never {
        fatalError("an operator's node runs its update, not a compute closure")
    }
}
