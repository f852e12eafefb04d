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
/// closure in the client's specialized code (``ElementFunction/lending(_:)``), `each`
/// instead calls it in a loop of its own, over elements the list lends where they lie:
/// one indirect call per run of elements, not per element.
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
}

extension ElementFunction {
    /// The operators' form of `transform`.
    @inlinable
    static func lending(_ transform: @escaping (Element) -> Result) -> ElementClosures<Element, Result> {
        ElementClosures(
            one: { transform($0.pointee) },
            each: { elements, results, runtime in
                elements.forEachBorrowed { index, element in
                    Graph.restartMatching(runtime)
                    (results + index).initialize(to: transform(element))
                }
            }
        )
    }
}

extension ElementFunction where Result == Bool {
    /// The same for a test (`filter`, `count`, `first`). Not the generic one: a
    /// `(Element) -> Bool` passed where a `(Element) -> Result` is expected is wrapped
    /// in a thunk that returns the `Bool` indirectly, an extra call per element.
    @inlinable
    static func lending(_ isIncluded: @escaping (Element) -> Bool) -> ElementClosures<Element, Bool> {
        ElementClosures(
            one: { isIncluded($0.pointee) },
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
    /// Calls `body` with each element and its index, lent where it lies, without the
    /// retain and release that passing `self[index]` to a closure costs per element.
    ///
    /// Each element is copied bit for bit into a slot of the stack and lent from
    /// there; afterwards the slot is abandoned, never destroyed. Safety: the copy owns
    /// no reference (the buffer's element keeps its references alive throughout, as the
    /// caller's list holds the buffer, and nothing writes the list during a pass), and
    /// `body` gets it borrowed, so whatever it keeps it copies, with a retain of its own.
    @inlinable
    @inline(__always)
    func forEachBorrowed(_ body: (Int, borrowing Element) -> Void) {
        guard let start = baseAddress else { return }
        withUnsafeTemporaryAllocation(of: Element.self, capacity: 1) { temporary in
            let slot = temporary.baseAddress.unsafelyUnwrapped
            for index in indices {
                UnsafeMutableRawPointer(slot).copyMemory(from: start + index, byteCount: MemoryLayout<Element>.size)
                let element = slot.move()
                body(index, element)
                // Back into the abandoned slot, so that no destructor runs for the copy.
                slot.initialize(to: consume element)
            }
        }
    }
}

/// What one kind of list operator does with its source: a full pass, and following
/// the changes since the last update. The rest, shared, is ``ListOperator``'s.
///
/// A protocol with a value type per operator, not subclasses: the operator's update
/// then calls its logic statically, and a client's code specializes the whole update
/// for its element type (an override would run unspecialized, looking up generic
/// metadata at run time on every update).
@usableFromInline
protocol ListLogic {
    associatedtype Element
    associatedtype Result
    associatedtype Output

    /// A full pass: the output for `list`, evaluating every element. `previous` is the
    /// output before, if any; returns whether the new one differs from it.
    /// `onlyQueryChanged`: the elements are the ones `previous` came from.
    mutating func rebuild(
        _ list: IncrementalArray<Element>, previous: Output?, onlyQueryChanged: Bool, by op: ListOperator<Self>
    ) -> (output: Output, changed: Bool)

    /// Applies `changes`, in order, then looks again at the elements in `fired` slots
    /// (their trackers fired; a slot may repeat or be gone). Returns whether `output`
    /// changed.
    mutating func follow(
        _ changes: [ListChange<Element>], fired: [UInt32], list: IncrementalArray<Element>,
        output: inout Output, by op: ListOperator<Self>
    ) -> Bool
}

/// What every incremental list operator shares: reading its source and its query,
/// finding out what changed since its last update, and evaluating its closure on one
/// element at a time, with what the closure reads followed.
///
/// An operator is the update of a ``Computed`` node whose value is the operator's
/// output. On each update it reads its source (a dependency of the node) and, if it has
/// one, its query node (another); then:
/// - if the query made a new closure, or the source is not a later version of the list
///   it followed, or too much changed, it makes one full pass;
/// - otherwise it replays the source's journal and looks again at the elements whose
///   trackers fired.
///
/// Elements that are objects get a tracker each, which follows what the closure read
/// of that element (`book.isAvailable`) and names the element when it changes. For a
/// list of values, what the closure reads besides the element is followed by one
/// query tracker: a change to it means one full pass.
@usableFromInline
final class ListOperator<Logic: ListLogic> {
    @usableFromInline typealias Element = Logic.Element
    @usableFromInline typealias Result = Logic.Result
    @usableFromInline typealias Output = Logic.Output

    @usableFromInline @exclusivity(unchecked) var logic: Logic
    @usableFromInline let readSource: () -> IncrementalArray<Element>
    @usableFromInline let function: ElementFunction<Element, Result>
    @usableFromInline @exclusivity(unchecked) var transform: ElementClosures<Element, Result>
    @usableFromInline @exclusivity(unchecked) var queryVersion: UInt32 = 0
    @usableFromInline @exclusivity(unchecked) var mark: JournalMark<Element>?
    /// The changes an update follows, kept with its capacity from one update to the
    /// next: no allocation per update.
    @usableFromInline @exclusivity(unchecked) var changeBuffer: [ListChange<Element>] = []
    /// The environment the closures run in: the creator's for a standalone operator,
    /// none for a model's.
    @usableFromInline let environment: EnvironmentValues?

    @usableFromInline let trackers = TrackerSet()
    /// Whether each element gets a tracker: the elements are objects.
    @usableFromInline let tracksElements: Bool
    /// Per slot, when `tracksElements`: the element and its tracker (nil while the
    /// closure read nothing of it that can change).
    @usableFromInline @exclusivity(unchecked) var elements: ContiguousArray<Element?> = []
    @usableFromInline @exclusivity(unchecked) var slotTrackers: ContiguousArray<ElementTracker?> = []
    /// A tracker ready for the next evaluation that needs one.
    @usableFromInline @exclusivity(unchecked) var spareTracker: ElementTracker?
    /// For a list of values: follows what the closure read besides the element.
    @usableFromInline let queryTracker: ElementTracker
    @usableFromInline @exclusivity(unchecked) var queryRun: Graph.OpenRun?
    @usableFromInline @exclusivity(unchecked) var runtime: RuntimeRef?

    /// The node whose update this is; unowned, the node owns the operator.
    @usableFromInline unowned(unsafe) var node: Computed<Output>!

    /// Made once per operator, outside the hot path: not inlinable.
    @usableFromInline
    init(
        _ logic: Logic, source: @escaping () -> IncrementalArray<Element>, function: ElementFunction<Element, Result>,
        capturesEnvironment: Bool
    ) {
        self.logic = logic
        readSource = source
        self.function = function
        switch function {
        case .fixed(let transform): self.transform = transform
        case .query:
            self.transform = ElementClosures(
                one: { _ in Graph.operatorNodeComputes() }, each: { _, _, _ in Graph.operatorNodeComputes() }
            )
        }
        environment = capturesEnvironment ? AmbientEnvironment.captured() : nil
        tracksElements = Element.self is AnyObject.Type
        queryTracker = ElementTracker(owner: trackers, slot: TrackerSet.querySlot)
    }

    /// Makes the node that runs this operator; its first read makes the first pass.
    @inlinable
    func makeNode() -> Computed<Output> {
        let node = Computed<Output>(
            compute: { Graph.operatorNodeComputes() },
            update: { [self] _, runtime in update(runtime) },
            capturesEnvironment: false
        )
        self.node = node
        trackers.node = .passUnretained(node)
        if Graph.namesNodes { registerParts() }
        return node
    }

    deinit {
        // Trackers hold links into the elements' nodes: let them go outside any walk.
        let runtime = Runtime.current
        for tracker in slotTrackers { if let tracker { Graph.releaseLater(tracker, runtime) } }
    }

    // MARK: The update

    @inlinable
    func update(_ runtime: RuntimeRef) -> Bool {
        let node = self.node!
        // A model's operator whose model is gone keeps its last output.
        if node.flags.contains(.inert) { return false }
        if let environment {
            return runningInEnvironment(environment) { updateNow(node, runtime) }
        }
        if environmentsInUse {
            return isolatingAmbientEnvironment { updateNow(node, runtime) }
        }
        return updateNow(node, runtime)
    }

    @inlinable
    func updateNow(_ node: Computed<Output>, _ runtime: RuntimeRef) -> Bool {
        let outer = Graph.beginComputing(node, runtime)
        self.runtime = runtime
        let list = readSource()
        var queryChanged = false
        if case .query(let query) = function {
            let made = query.value
            if mark == nil || query.version != queryVersion {
                transform = made
                queryVersion = query.version
                queryChanged = true
            }
        }
        // What changed in the source, if it can be followed change by change.
        // Empty between updates; moved out, so that the update holds it uniquely.
        var changes = changeBuffer
        changeBuffer = []
        let followable = mark.map { list.appendChanges(since: $0, to: &changes) } ?? false
        var fired: [UInt32] = []
        if !trackers.changed.isEmpty { swap(&fired, &trackers.changed) }
        let limit = Swift.max(32, list.count / 4)
        let fullPass = queryChanged || !followable
            || (!fired.isEmpty && (!tracksElements || fired.count > limit))
            || changes.count + fired.count > limit
        mark = list.markForFollowing

        var previous: Output?
        if case .success(let value) = node.cached {
            // Taken out, so that the output is uniquely held while it changes.
            previous = value
            node.cached = .failure(notYetComputed)
        }
        beginEvaluations(fullPass: fullPass, runtime)
        let output: Output
        let changed: Bool
        if fullPass || previous == nil {
            // Only the query changed: the elements are the ones the output came from.
            let onlyQueryChanged = previous != nil && followable && changes.isEmpty && fired.isEmpty
            (output, changed) = logic.rebuild(list, previous: previous, onlyQueryChanged: onlyQueryChanged, by: self)
        } else {
            var current = previous.take()!
            changed = logic.follow(changes, fired: fired, list: list, output: &current, by: self)
            output = current
        }
        endEvaluations(runtime)
        // The elements the changes hold are released now, the buffer kept.
        changes.removeAll(keepingCapacity: true)
        changeBuffer = changes
        node.cached = .success(output)
        if changed { node.version &+= 1 }
        self.runtime = nil
        Graph.endComputing(node, outer, runtime)
        return changed
    }

    // MARK: Evaluating elements

    @inlinable
    func beginEvaluations(fullPass: Bool, _ runtime: RuntimeRef) {
        guard !tracksElements else { return }
        if fullPass { queryTracker.release(runtime) }
        queryRun = Graph.beginAccumulating(queryTracker, runtime)
    }

    @inlinable
    func endEvaluations(_ runtime: RuntimeRef) {
        guard let run = queryRun else { return }
        Graph.endAccumulating(queryTracker, run, runtime)
        queryRun = nil
    }

    /// The closure's result for the element in `slot`, with what it read of the
    /// element followed by the slot's tracker (objects), or by the query tracker.
    @inlinable
    func evaluate(_ element: Element, slot: UInt32) -> Result {
        withUnsafePointer(to: element) { evaluate(at: $0, slot: slot) }
    }

    /// ``evaluate(_:slot:)`` for the element at `element`.
    @inlinable
    func evaluate(at element: UnsafePointer<Element>, slot: UInt32) -> Result {
        let runtime = self.runtime.unsafelyUnwrapped
        guard tracksElements else {
            Graph.restartMatching(runtime)
            return transform.one(element)
        }
        let index = Int(slot)
        let tracker: ElementTracker
        if let existing = slotTrackers[index] {
            tracker = existing
        } else if let spare = spareTracker {
            tracker = spare
            tracker.slot = slot
        } else {
            tracker = ElementTracker(owner: trackers, slot: slot)
        }
        let result = Graph.evaluate(tracker, runtime) { transform.one(element) }
        if tracker.hasDependencies {
            if slotTrackers[index] !== tracker {
                slotTrackers[index] = tracker
                if spareTracker === tracker { spareTracker = nil }
            }
        } else {
            if slotTrackers[index] != nil { slotTrackers[index] = nil }
            spareTracker = tracker
        }
        return result
    }

    /// A full pass's evaluations: every element of `list` in order, a run at a time:
    /// the run's elements, the slot of its first (slots are positions in a full pass),
    /// and the closure's result for each. For objects, each element is attached to its
    /// slot first, so call ``prepareSlots(forFullPass:)`` before.
    ///
    /// Runs are the tree's leaves: `body` is called once per leaf, not per element, so
    /// that what it does with each result compiles to a loop of its own.
    @inlinable
    func evaluateAll(
        _ list: IncrementalArray<Element>,
        _ body: (UnsafeBufferPointer<Element>, UInt32, UnsafeBufferPointer<Result>) -> Void
    ) {
        var slot: UInt32 = 0
        let tracksElements = self.tracksElements
        let each = transform.each
        let runtime = self.runtime.unsafelyUnwrapped
        list.tree.forEachRun(in: 0..<list.count) { elements in
            withUnsafeTemporaryAllocation(of: Result.self, capacity: elements.count) { results in
                let base = results.baseAddress.unsafelyUnwrapped
                if tracksElements {
                    let start = elements.baseAddress.unsafelyUnwrapped
                    for index in elements.indices {
                        let elementSlot = slot &+ UInt32(truncatingIfNeeded: index)
                        attach(start[index], to: elementSlot)
                        (base + index).initialize(to: evaluate(at: start + index, slot: elementSlot))
                    }
                } else {
                    // The closure runs over the leaf in a loop of its own: one indirect
                    // call per leaf.
                    each(elements, base, runtime)
                }
                body(elements, slot, UnsafeBufferPointer(start: base, count: elements.count))
                base.deinitialize(count: elements.count)
                slot &+= UInt32(truncatingIfNeeded: elements.count)
            }
        }
    }

    // MARK: Slots, for objects

    /// Makes room for slots below `capacity`.
    @inlinable
    func ensureSlots(_ capacity: Int) {
        guard tracksElements, elements.count < capacity else { return }
        elements.append(contentsOf: repeatElement(nil, count: capacity - elements.count))
        slotTrackers.append(contentsOf: repeatElement(nil, count: capacity - slotTrackers.count))
    }

    /// `element` is now the one in `slot`.
    @inlinable
    func attach(_ element: Element, to slot: UInt32) {
        guard tracksElements else { return }
        if elements.count <= Int(slot) { ensureSlots(Int(slot) + 1) }
        elements[Int(slot)] = element
    }

    /// The element in `slot` left the list: its tracker stops following it.
    @inlinable
    func detach(slot: UInt32) {
        guard tracksElements, Int(slot) < elements.count else { return }
        elements[Int(slot)] = nil
        if let tracker = slotTrackers[Int(slot)] {
            slotTrackers[Int(slot)] = nil
            let runtime = self.runtime.unsafelyUnwrapped
            tracker.release(runtime)
            if spareTracker == nil { spareTracker = tracker } else { Graph.releaseLater(tracker, runtime) }
        }
    }

    /// The element a fired slot names, or nil if it left the list.
    @inlinable
    func element(inSlot slot: UInt32) -> Element? {
        Int(slot) < elements.count ? elements[Int(slot)] : nil
    }

    /// Before a full pass over `count` elements, which take slots `0..<count`: the
    /// slots above let their elements go; the trackers below stay, for the elements
    /// that take their slots (the same ones, usually, whose links they confirm).
    @inlinable
    func prepareSlots(forFullPass count: Int) {
        guard tracksElements else { return }
        if elements.count > count {
            for slot in count..<elements.count { detach(slot: UInt32(slot)) }
        }
        ensureSlots(count)
    }
}

/// Runs `body` in `environment`: a standalone operator's closures see the environment
/// of its creation.
@usableFromInline
func runningInEnvironment(_ environment: EnvironmentValues, _ body: () -> Bool) -> Bool {
    AmbientEnvironment.$current.withValue(environment, operation: body)
}

extension Graph {
    @usableFromInline
    static func operatorNodeComputes() -> Never {
        fatalError("an operator's node runs its update, not a compute closure")
    }

    /// Whether a run is in progress, where making a standalone operator is a misuse.
    @usableFromInline
    static var isRunning: Bool {
        let run = Runtime.current.pointee.run
        return run.activeSub != nil || run.runningEffect != nil
    }
}
