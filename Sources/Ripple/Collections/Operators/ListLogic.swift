/// What one kind of list operator does with its source, as hooks that
/// ``ListOperator`` calls: a full pass, and what one element's insertion, removal or
/// new result does to the output. The operator drives the rest: it replays the
/// source's changes and the elements whose trackers fired, keeps the slots, and
/// evaluates the closure (see `Collections.swift`).
///
/// A protocol with a value type per operator, not subclasses: the operator's update
/// then calls its logic statically, and a client's code specializes the whole update
/// for its element type (an override would run unspecialized, looking up generic
/// metadata at run time on every update).
@usableFromInline
protocol ListLogic {
    associatedtype Element
    /// What the closure makes of one element: a test's `Bool`, a key, an addend.
    associatedtype Result
    associatedtype Output

    /// Whether elements that are values get slots too (elements that are objects
    /// always do, for their trackers): for a filter's kept marks, a sort's keys.
    static var slotsValues: Bool { get }
    /// Which slots know their position in the source (a label each, kept in order):
    /// an element found by its slot needs it, unless only its result matters (a fold).
    static var labelsSlots: SlotLabels { get }

    /// A full pass: the output for `list`, evaluating every element. `previous` is the
    /// output before, if any; returns whether the new one differs from it.
    /// `onlyQueryChanged`: the elements are the ones `previous` came from. The
    /// operator has reset its slots to `0..<list.count`.
    mutating func rebuild(
        _ list: IncrementalArray<Element>, previous: Output?, onlyQueryChanged: Bool, by op: ListOperator<Self>
    ) -> (output: Output, changed: Bool)

    /// `element`, whose result is `result`, was inserted at `position` in `slot`.
    /// Returns whether `output` changed.
    mutating func inserted(
        _ element: Element, _ result: Result, at position: Int, slot: UInt32, into output: inout Output,
        by op: ListOperator<Self>
    ) -> Bool

    /// The element at `position`, in `slot`, was removed: its entry has left the slot
    /// table (its slot's label stays until the slot is reused), and `wasKept` is the
    /// entry's kept mark. Returns whether `output` changed. Here and in
    /// ``updated(_:_:at:slot:in:by:)``, `slot` is 0 for a value whose slots carry no
    /// labels: its slot is not looked up.
    mutating func removing(at position: Int, slot: UInt32, wasKept: Bool, from output: inout Output, by op: ListOperator<Self>) -> Bool

    /// The element in `slot`, at `position` (-1 where ``labelsSlots`` leaves it
    /// unknown), is now `element`, whose result is `result`: a replacement, or its
    /// tracker fired. Returns whether `output` changed.
    mutating func updated(
        _ element: Element, _ result: Result, at position: Int, slot: UInt32, in output: inout Output,
        by op: ListOperator<Self>
    ) -> Bool

    /// The tracker of the element in `slot`, at `position` (-1 where ``labelsSlots``
    /// leaves it unknown), fired: the same element, whose result is now `result`.
    /// Returns whether `output` changed. By default, ``updated(_:_:at:slot:in:by:)``.
    mutating func refired(
        _ element: Element, _ result: Result, at position: Int, slot: UInt32, in output: inout Output,
        by op: ListOperator<Self>
    ) -> Bool

    /// Whether ``finish(_:changed:list:by:)`` reads the source list: only then does an
    /// update that follows changes copy it.
    static var finishReadsList: Bool { get }

    /// After every change of an update: a total made from a state the hooks kept
    /// (a fold's, the first kept element) is read once. Returns whether `output`
    /// changed; `changed` is what the hooks returned. `list` is the source when
    /// ``finishReadsList``.
    mutating func finish(
        _ output: inout Output, changed: Bool, list: IncrementalArray<Element>?, by op: ListOperator<Self>
    ) -> Bool
}

/// Which slots carry a label that orders them as the source does.
@usableFromInline
enum SlotLabels {
    /// None: results are found by slot, and their order does not matter.
    case never
    /// Those of objects, whose tracker names a slot whose position the output needs.
    case forObjects
    /// All: a sort breaks ties between equal keys by source order.
    case always
}

extension ListLogic {
    @inlinable
    static var slotsValues: Bool { false }

    @inlinable
    static var finishReadsList: Bool { false }

    @inlinable
    mutating func refired(
        _ element: Element, _ result: Result, at position: Int, slot: UInt32, in output: inout Output,
        by op: ListOperator<Self>
    ) -> Bool {
        updated(element, result, at: position, slot: slot, in: &output, by: op)
    }

    @inlinable
    mutating func finish(
        _ output: inout Output, changed: Bool, list: IncrementalArray<Element>?, by op: ListOperator<Self>
    ) -> Bool {
        changed
    }
}

/// The equality an operator uses for its outputs and results: `==` for `Equatable`
/// values, identity for objects, none otherwise (see ``ValueEquality``).
@inlinable
func defaultEquality<Value>(of type: Value.Type = Value.self) -> (Value, Value) -> Bool {
    let equivalence = Equivalence<Value>.rule(ValueEquality<Value>.defaultRule)
    return { equivalence.equal($0, $1) }
}
