/// What every incremental list operator shares: reading its source and its query,
/// finding out what changed since its last update, following each change through its
/// logic's hooks (``ListLogic``), and evaluating its closure on one element at a time,
/// with what the closure reads followed.
///
/// An operator is the update of a ``Computed`` node whose value is the operator's
/// output. On each update it reads its source (a dependency of the node) and, if it has
/// one, its query node (another); then:
/// - if the query made a new closure, or the source is not a later version of the list
///   it followed, or too much changed, it makes one full pass (``ListLogic/rebuild``);
/// - otherwise it replays the source's journal and looks again at the elements whose
///   trackers fired (`ListOperator+Follow.swift`).
///
/// Elements that are objects get a tracker each, which follows what the closure read
/// of that element (`book.isAvailable`) and names the element's slot when it changes.
/// For a list of values, what the closure reads besides the element is followed by one
/// query tracker: a change to it means one full pass.
@usableFromInline
final class ListOperator<Logic: ListLogic> {
    @usableFromInline typealias Element = Logic.Element
    @usableFromInline typealias Result = Logic.Result
    @usableFromInline typealias Output = Logic.Output

    @usableFromInline @exclusivity(unchecked) var logic: Logic
    @usableFromInline let readSource: () -> IncrementalArray<Element>
    /// The signal `readSource` reads and returns the value of, once the first update
    /// found one (see ``adoptSourceSignal(reading:_:)``); read unretained, kept alive
    /// by `sourceSignalOwner`.
    @usableFromInline @exclusivity(unchecked) var sourceSignal: Unmanaged<Signal<IncrementalArray<Element>>>?
    @usableFromInline @exclusivity(unchecked) var sourceSignalOwner: Signal<IncrementalArray<Element>>?
    @usableFromInline @exclusivity(unchecked) var sourceChecked = false
    @usableFromInline let function: ElementFunction<Element, Result>
    /// The query node, when `function` has one (which keeps it): read unretained on
    /// every update.
    @usableFromInline let query: Unmanaged<Computed<ElementClosures<Element, Result>>>?
    @usableFromInline @exclusivity(unchecked) var transform: ElementClosures<Element, Result>
    @usableFromInline @exclusivity(unchecked) var queryVersion: UInt32 = 0
    @usableFromInline @exclusivity(unchecked) var mark: JournalMark<Element>?
    /// The environment the closures run in: the creator's for a standalone operator,
    /// none for a model's.
    @usableFromInline let environment: EnvironmentValues?

    /// A slot per element, in source order, when the elements need one: objects (for
    /// their trackers), and values where the logic asks (``ListLogic/slotsValues``).
    @usableFromInline @exclusivity(unchecked) var slots: SlotTable
    @usableFromInline let hasSlots: Bool

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
    /// The elements evaluated by the updates since it was last reset: for a
    /// ``WorkCounter``. An addition per evaluated element, so that it needs no test.
    @usableFromInline @exclusivity(unchecked) var evaluations = 0

    /// The `@Derived` property or the method that made it, for traces.
    @usableFromInline @exclusivity(unchecked) var origin = NodeOrigin()

    /// The node whose update this is; unowned, the node owns the operator.
    @usableFromInline @exclusivity(unchecked) unowned(unsafe) var node: Computed<Output>!

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
        case .fixed(let transform):
            self.transform = transform
            query = nil
        case .query(let query):
            self.transform = .unmade
            self.query = .passUnretained(query)
            query.origin = .operatorPart
        }
        environment = capturesEnvironment ? AmbientEnvironment.captured() : nil
        tracksElements = Element.self is AnyObject.Type
        hasSlots = tracksElements || Logic.slotsValues
        let labelled: Bool
        switch Logic.labelsSlots {
        case .never: labelled = false
        case .forObjects: labelled = tracksElements
        case .always: labelled = true
        }
        // Objects' slots name their trackers, labelled slots their place; a value's
        // unlabelled slot only carries a mark, which the hooks read by position.
        slots = SlotTable(labelled: labelled, numbered: tracksElements)
        queryTracker = ElementTracker(owner: trackers, slot: TrackerSet.querySlot)
    }

    /// Makes the node that runs this operator; its first read makes the first pass.
    @inlinable
    func makeNode() -> Computed<Output> {
        let node = Computed<Output>(
            compute: { Graph.operatorNodeComputes() },
            // The node arrives borrowed: loading `self.node` would retain it.
            update: { [self] node, runtime in update(unsafeDowncast(node, to: Computed<Output>.self), runtime) },
            capturesEnvironment: false
        )
        self.node = node
        trackers.node = .passUnretained(node)
        node.origin = NodeOrigin(listOperator: self)
        return node
    }

    deinit {
        // Trackers hold links into the elements' nodes: let them go outside any walk.
        let runtime = Runtime.current
        for tracker in slotTrackers { if let tracker { Graph.releaseLater(tracker, runtime) } }
    }

    // MARK: The update

    @inlinable
    func update(_ node: Computed<Output>, _ runtime: RuntimeRef) -> Bool {
        // One test for both: a counted node is named (see `WorkCounter`).
        if !node.flags.isDisjoint(with: [.inert, .named]) {
            // A model's operator whose model is gone keeps its last output.
            if node.flags.contains(.inert) { return false }
            evaluations = 0
            let changed = updateInEnvironment(node, runtime)
            Graph.noteUpdate(node, elements: evaluations)
            return changed
        }
        return updateInEnvironment(node, runtime)
    }

    @inlinable
    func updateInEnvironment(_ node: Computed<Output>, _ runtime: RuntimeRef) -> Bool {
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
        // The source first: what changed since the mark, and the mark moved on. A copy
        // of the list is kept only from a source read through its function.
        var list: IncrementalArray<Element>?
        var followed: ArraySlice<ListChange<Element>>?
        let count: Int
        if let sourceSignal {
            (followed, count) = sourceSignal._withUnsafeGuaranteedRef { $0.withValueInPlace { takeChanges($0) } }
        } else {
            var copy = readSource()
            if !sourceChecked { adoptSourceSignal(reading: copy, runtime) }
            (followed, count) = withUnsafePointer(to: &copy) { takeChanges($0) }
            list = consume copy
        }
        var queryChanged = false
        if let query {
            // The closures are copied only when the query made new ones (a nil version,
            // an error, goes to `value`, which reports it).
            queryChanged = query._withUnsafeGuaranteedRef { query in
                guard followed == nil || query.readVersion() != queryVersion else { return false }
                transform = query.value
                queryVersion = query.version
                return true
            }
        }
        let followable = followed != nil
        // Moved out, not copied: the journal's storage stays singly held.
        let changes = followed.take() ?? []
        var fired: [UInt32] = []
        if !trackers.fired.isEmpty { swap(&fired, &trackers.fired) }
        let limit = Swift.max(32, count / 4)
        let fullPass = queryChanged || !followable
            || (!fired.isEmpty && (!tracksElements || fired.count > limit))
            || changes.count + fired.count > limit

        // The previous output: a plain value (a count, a sum) is copied out; any other is
        // moved out, so that it is uniquely held while it changes, and the cache stays
        // uninitialized until the new output goes in. Nothing reads it meanwhile: the
        // node is running, so a read of it is a cycle, and a trace describes it as
        // nothing (`Computed.describeValue`).
        var previous: Output?
        if case .success = node.cached {
            let taken = _isPOD(Output.self) ? node.cached : withUnsafeMutablePointer(to: &node.cached) { $0.move() }
            if case .success(let value) = taken { previous = value }
        }
        let cacheIsOpen = previous != nil
        let rebuilds = fullPass || previous == nil
        if list == nil, rebuilds || Logic.finishReadsList {
            // Read again, untracked: the value just followed, unless the query's closure
            // wrote it since (a misuse); a full pass then starts from the new value.
            let copy = sourceSignalOwner.unsafelyUnwrapped.storage
            if rebuilds { copy.advance(&mark) }
            list = consume copy
        }
        beginEvaluations(fullPass: fullPass, runtime)
        let output: Output
        let changed: Bool
        if rebuilds {
            let list = list.unsafelyUnwrapped
            // Only the query changed: the elements are the ones the output came from.
            let onlyQueryChanged = previous != nil && followable && changes.isEmpty && fired.isEmpty
            (output, changed) = rebuild(list, previous: previous, onlyQueryChanged: onlyQueryChanged)
            evaluations &+= list.count
        } else {
            var current = previous.take()!
            changed = follow(changes, fired: fired, list: list, output: &current)
            output = current
        }
        endEvaluations(runtime)
        if cacheIsOpen {
            // Moved out, or a plain value: nothing in it needs destroying.
            withUnsafeMutablePointer(to: &node.cached) { $0.initialize(to: .success(output)) }
        } else {
            node.cached = .success(consume output)
        }
        if changed { node.version &+= 1 }
        self.runtime = nil
        Graph.endComputing(node, outer, runtime)
        return changed
    }

    /// The changes that take the list the mark is at to `list`, nil when they cannot
    /// be followed; the mark moves to `list`. Reads `list` in place, copying nothing.
    @inlinable
    func takeChanges(
        _ list: UnsafePointer<IncrementalArray<Element>>
    ) -> (changes: ArraySlice<ListChange<Element>>?, count: Int) {
        // Field by field, and the journal unretained: a call on `list.pointee` would
        // copy the whole list first.
        let position = list.pointee.position
        let count = list.pointee.tree.elementCount
        let changes = Unmanaged.passUnretained(list.pointee.journal)._withUnsafeGuaranteedRef {
            $0.takeChanges(since: &mark, toValueAt: position, count: count)
        }
        return (changes, count)
    }

    /// After the first read through the source function: if it read one signal and
    /// returned that signal's value as it is (a `@Tracked` property), later updates
    /// read the list in the signal, in place. Anything else keeps calling the function.
    @usableFromInline
    @inline(never)
    func adoptSourceSignal(reading list: IncrementalArray<Element>, _ runtime: RuntimeRef) {
        sourceChecked = true
        guard let link = runtime.pointee.run.cursor, link == node.deps,
              let signal = link.pointee.dep.takeUnretainedValue() as? Signal<IncrementalArray<Element>>,
              signal.storage.isIdentical(to: list)
        else { return }
        sourceSignal = .passUnretained(signal)
        sourceSignalOwner = signal
    }
}

/// Runs `body` in `environment`: a standalone operator's closures see the environment
/// of its creation.
@usableFromInline
func runningInEnvironment(_ environment: EnvironmentValues, _ body: () -> Bool) -> Bool {
    AmbientEnvironment.$current.withValue(environment, operation: body)
}

extension Graph {
    /// Whether a run is in progress, where making a standalone operator is a misuse.
    @usableFromInline
    static var isRunning: Bool {
        let run = Runtime.current.pointee.run
        return run.activeSub != nil || run.runningEffect != nil
    }
}
