/// What tracing records on one thread during one transaction (a write or a batch, and
/// the flush that follows): which node marked which traced node, and the values
/// derived nodes had before. A traced observer's run turns that into an
/// ``RippleTrace/Event``, walking back from the observer along the marks to the
/// written sources. A source's old value is the one described when a trace last
/// showed it (or when it was first traced), if exactly one change happened since: the
/// write path itself records nothing, so that it costs nothing.
///
/// It lives in the thread's runtime and is made when a traced node first needs it;
/// a transaction's records are dropped when the next one starts (told by the flush's
/// epoch).
final class TraceRecorder {
    struct Write {
        var old: String?
        var new: String?
        /// For a list, its element changes, when the journal could tell them.
        var elements: [ListTrace.ElementChange]?
    }

    private var epoch: UInt32 = 0
    private var writes: [ObjectIdentifier: Write] = [:]
    /// For each traced node marked in this transaction, the nodes that marked it, held
    /// until the transaction ends.
    private var marks: [ObjectIdentifier: [ReactiveNode]] = [:]
    /// Derived values before the transaction changed them: description and version.
    private var before: [ObjectIdentifier: (value: String?, version: UInt32)] = [:]
    /// The last value described of each traced source, and its version then: the old
    /// value of its next change.
    private var lastSeen: [ObjectIdentifier: (version: UInt32, value: String?)] = [:]
    /// For each traced list source, the list as last shown (see ``TracedList``).
    private var listSnapshots: [ObjectIdentifier: Any] = [:]
    /// The nodes of the steps of the event being built, by name: an `observe`
    /// sequence describes them again when it delivers.
    private(set) var stepNodes: [String: ReactiveNode] = [:]

    /// Starts a new transaction if the last records belong to an earlier one.
    func begin(_ runtime: RuntimeRef) {
        let current = runtime.pointee.flushing ? runtime.pointee.flushEpoch : runtime.pointee.flushEpoch &+ 1
        guard current != epoch else { return }
        epoch = current
        writes.removeAll(keepingCapacity: true)
        before.removeAll(keepingCapacity: true)
        if !marks.isEmpty {
            // Released at the next drain: a node's deinit must not run inside a walk.
            runtime.pointee.retire(value: marks)
            marks = [:]
        }
    }

    // MARK: Recording

    /// `dep` marked the traced node `sub` stale.
    func mark(_ dep: ReactiveNode, _ sub: DependentNode, _ runtime: RuntimeRef) {
        begin(runtime)
        record(dep, marking: sub)
        if let tracker = sub as? ElementTracker, let owner = tracker.owner.takeUnretainedValue().node {
            record(tracker, marking: owner.takeUnretainedValue())
        }
    }

    private func record(_ dep: ReactiveNode, marking sub: DependentNode) {
        let id = ObjectIdentifier(sub)
        if !(marks[id]?.contains { $0 === dep } ?? false) {
            marks[id, default: []].append(dep)
        }
        if sub.flags.contains(.computed), before[id] == nil {
            before[id] = (sub.describeValue(), sub.version)
        }
    }

    /// Traces, from now on, every observer downstream of `node`, and what they read.
    func traceDownstream(from node: ReactiveNode, printing: Bool) {
        var stack: [ReactiveNode] = [node]
        var seen: Set<ObjectIdentifier> = []
        while let current = stack.popLast() {
            guard seen.insert(ObjectIdentifier(current)).inserted else { continue }
            for sub in RippleGraph.directDependents(of: current) {
                if let watcher = sub as? WatcherNode, !watcher.flags.contains(.traced) {
                    TraceCenter.setPrinting(printing, for: watcher)
                    watcher.flags.formUnion(.traced)
                    instrumentCone(of: watcher)
                }
                stack.append(sub)
            }
        }
    }

    // MARK: Reporting

    /// Why `observer` ran (or, `didRun` false, was notified and did not): the marks
    /// that lead to it, walked back to the writes. Its own marks are consumed, so that
    /// a second run in the same flush reports only what happened since.
    func event(
        for observer: DependentNode, kind: RippleTrace.Event.Kind, didRun: Bool, isFirstRun: Bool,
        showsAbsorbed: Bool, _ runtime: RuntimeRef
    ) -> RippleTrace.Event {
        begin(runtime)
        stepNodes = [:]
        var visited: [ObjectIdentifier: RippleTrace.Step?] = [:]
        let causes = isFirstRun ? [] : self.causes(of: observer, showsAbsorbed: showsAbsorbed, visited: &visited)
        marks.removeValue(forKey: ObjectIdentifier(observer))
        return RippleTrace.Event(
            kind: kind, observer: NodeNames.name(of: observer), didRun: didRun, isFirstRun: isFirstRun, causes: causes
        )
    }

    /// The steps that marked `node`. A node reached along two paths shows on both
    /// (`visited` keeps each one's step, worked out once); the graph has no cycles.
    private func causes(
        of node: ReactiveNode, showsAbsorbed: Bool, visited: inout [ObjectIdentifier: RippleTrace.Step?]
    ) -> [RippleTrace.Step] {
        var steps: [RippleTrace.Step] = []
        for dep in marks[ObjectIdentifier(node)] ?? [] {
            if NodeNames.isOperatorPart(dep) {
                // An operator's view of one element, or its query: what they read is the
                // operator's cause.
                let depCauses = causes(of: dep, showsAbsorbed: showsAbsorbed, visited: &visited)
                for step in depCauses where !steps.contains(step) {
                    steps.append(step)
                }
                continue
            }
            if !dep.flags.contains(.computed), let elementSteps = self.elementSteps(for: dep) {
                for step in elementSteps where !steps.contains(step) { steps.append(step) }
                continue
            }
            let id = ObjectIdentifier(dep)
            let step: RippleTrace.Step?
            if let known = visited[id] {
                step = known
            } else {
                step = self.step(for: dep, showsAbsorbed: showsAbsorbed, visited: &visited)
                visited[id] = .some(step)
            }
            if let step, !steps.contains(step) { steps.append(step) }
        }
        return steps
    }

    /// The steps of a write to a traced list, one per changed element; nil for a node
    /// that is not a list, or when its journal cannot tell the changes.
    private func elementSteps(for node: ReactiveNode) -> [RippleTrace.Step]? {
        let id = ObjectIdentifier(node)
        if writes[id] == nil {
            guard let snapshot = listSnapshots[id], let changes = node.tracedListChanges(since: snapshot),
                  !changes.isEmpty
            else { return nil }
            writes[id] = Write(old: nil, new: node.describeValue(), elements: changes)
            if node.flags.contains(.traced) {
                lastSeen[id] = (node.version, writes[id]?.new)
                listSnapshots[id] = node.traceListSnapshot()
            }
        }
        guard let elements = writes[id]?.elements else { return nil }
        let name = NodeNames.name(of: node)
        stepNodes[name] = node
        return elements.map { change in
            RippleTrace.Step(node: name + change.path, oldValue: change.old, newValue: change.new, change: .written)
        }
    }

    private func step(
        for node: ReactiveNode, showsAbsorbed: Bool, visited: inout [ObjectIdentifier: RippleTrace.Step?]
    ) -> RippleTrace.Step? {
        let id = ObjectIdentifier(node)
        let name = NodeNames.name(of: node)
        stepNodes[name] = node
        guard node.flags.contains(.computed) else {
            if writes[id] == nil {
                // The value last described is the old one if exactly one change happened
                // since. Kept for this transaction's other reports.
                let now = node.describeValue()
                let old = lastSeen[id].flatMap { $0.version &+ 1 == node.version ? $0.value : nil }
                writes[id] = Write(old: old, new: now)
            }
            if node.flags.contains(.traced) {
                lastSeen[id] = (node.version, writes[id]?.new)
                if listSnapshots[id] != nil { listSnapshots[id] = node.traceListSnapshot() }
            }
            return RippleTrace.Step(node: name, oldValue: writes[id]?.old, newValue: writes[id]?.new, change: .written)
        }
        let causes = self.causes(of: node, showsAbsorbed: showsAbsorbed, visited: &visited)
        let snapshot = before[id]
        if !node.flags.isDisjoint(with: .stale) {
            return RippleTrace.Step(
                node: name, oldValue: snapshot?.value, newValue: nil, change: .notReevaluated, causes: causes
            )
        }
        if let snapshot, snapshot.version == node.version {
            guard showsAbsorbed else { return nil }
            return RippleTrace.Step(
                node: name, oldValue: snapshot.value, newValue: snapshot.value, change: .absorbed, causes: causes
            )
        }
        return RippleTrace.Step(
            node: name, oldValue: snapshot?.value, newValue: node.describeValue(), change: .changed, causes: causes
        )
    }

    // MARK: Following what an observer reads

    /// Traces everything `root` depends on, transitively: derived nodes and element
    /// trackers report their marks, sources their writes. Called after each traced run,
    /// since a run may read new nodes.
    func instrumentCone(of root: DependentNode) {
        var stack = RippleGraph.directDependencies(of: root, expandingTrackers: false)
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        while let node = stack.popLast() {
            guard seen.insert(ObjectIdentifier(node)).inserted else { continue }
            if let dependent = node as? DependentNode {
                dependent.flags.formUnion(.traced)
                stack += RippleGraph.directDependencies(of: dependent, expandingTrackers: false)
            } else {
                followWrites(to: node)
            }
        }
    }

    /// Records the writes to the source `node` from now on: its value now is the old
    /// value of its next change.
    func followWrites(to node: ReactiveNode) {
        guard !node.flags.contains(.traced), node.flags.contains(.source) else { return }
        node.flags.formUnion(.traced)
        // Overwritten: an entry may be left by a dead node at the same address.
        lastSeen[ObjectIdentifier(node)] = (node.version, node.describeValue())
        listSnapshots[ObjectIdentifier(node)] = node.traceListSnapshot()
    }
}

extension Runtime {
    /// The thread's trace recorder, made on first need.
    var recorder: TraceRecorder {
        mutating get {
            if let tracer { return tracer }
            let made = TraceRecorder()
            tracer = made
            return made
        }
    }
}
