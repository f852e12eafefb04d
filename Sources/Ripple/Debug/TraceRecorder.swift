/// What tracing records on one thread during one transaction (a write or a batch, and
/// the flush that follows): the writes of traced sources with their old and new
/// values, which node marked which traced node, and the values derived nodes had
/// before. A traced observer's run turns that into an ``RippleTrace/Event``, walking
/// back from the observer along the marks to the writes.
///
/// It lives in the thread's runtime and is made when a traced node first needs it;
/// a transaction's records are dropped when the next one starts (told by the flush's
/// epoch).
final class TraceRecorder {
    struct Write {
        var old: String?
        var new: String?
    }

    private var epoch: UInt32 = 0
    private var writes: [ObjectIdentifier: Write] = [:]
    /// For each traced node marked in this transaction, the nodes that marked it, held
    /// until the transaction ends.
    private var marks: [ObjectIdentifier: [ReactiveNode]] = [:]
    /// Derived values before the transaction changed them: description and version.
    private var before: [ObjectIdentifier: (value: String?, version: UInt32)] = [:]
    /// The last value described of each traced source, and its version then: the old
    /// value of a change made in place, which no comparison sees.
    private var lastSeen: [ObjectIdentifier: (version: UInt32, value: String?)] = [:]
    /// Observers traced for this transaction only, because a traced model's write woke
    /// them, and whether they print.
    private var transient: [ObjectIdentifier: Bool] = [:]

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

    /// A traced source changed from `old` to `new` (the first old value of the
    /// transaction is kept).
    func write(_ source: ReactiveNode, old: String, new: String, _ runtime: RuntimeRef) {
        begin(runtime)
        let id = ObjectIdentifier(source)
        writes[id] = Write(old: writes[id]?.old ?? old, new: new)
        if let printing = TraceCenter.modelSourcePrinting(id) {
            wake(from: source, printing: printing)
        }
    }

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

    /// A traced model's source was written: everything downstream is traced for this
    /// transaction, and the observers it reaches report why they run.
    private func wake(from source: ReactiveNode, printing: Bool) {
        var stack: [ReactiveNode] = [source]
        var seen: Set<ObjectIdentifier> = []
        while let node = stack.popLast() {
            guard seen.insert(ObjectIdentifier(node)).inserted else { continue }
            var cursor = node.subs
            while let link = cursor {
                cursor = link.pointee.nextSub
                let sub = link.pointee.sub.takeUnretainedValue()
                if sub.flags.contains(.watcher), !sub.flags.contains(.traced) {
                    transient[ObjectIdentifier(sub)] = printing
                }
                sub.flags.formUnion(.traced)
                stack.append(sub)
                if let tracker = sub as? ElementTracker, let owner = tracker.owner.takeUnretainedValue().node {
                    let ownerNode = owner.takeUnretainedValue()
                    ownerNode.flags.formUnion(.traced)
                    stack.append(ownerNode)
                }
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
        var visited: Set<ObjectIdentifier> = []
        let causes = isFirstRun ? [] : self.causes(of: observer, showsAbsorbed: showsAbsorbed, visited: &visited)
        marks.removeValue(forKey: ObjectIdentifier(observer))
        return RippleTrace.Event(
            kind: kind, observer: NodeNames.name(of: observer), didRun: didRun, isFirstRun: isFirstRun, causes: causes
        )
    }

    private func causes(of node: ReactiveNode, showsAbsorbed: Bool, visited: inout Set<ObjectIdentifier>) -> [RippleTrace.Step] {
        var steps: [RippleTrace.Step] = []
        for dep in marks[ObjectIdentifier(node)] ?? [] {
            guard visited.insert(ObjectIdentifier(dep)).inserted else { continue }
            if NodeNames.isOperatorPart(dep) {
                // An operator's view of one element, or its query: what they read is the
                // operator's cause.
                steps += causes(of: dep, showsAbsorbed: showsAbsorbed, visited: &visited)
            } else if let step = step(for: dep, showsAbsorbed: showsAbsorbed, visited: &visited) {
                steps.append(step)
            }
        }
        return steps
    }

    private func step(for node: ReactiveNode, showsAbsorbed: Bool, visited: inout Set<ObjectIdentifier>) -> RippleTrace.Step? {
        let id = ObjectIdentifier(node)
        let name = NodeNames.name(of: node)
        guard node.flags.contains(.computed) else {
            if writes[id] == nil {
                // Changed in place, or first seen here: the value last described is the
                // old one if exactly one change happened since. Kept for this
                // transaction's other reports.
                let now = node.describeValue()
                let old = lastSeen[id].flatMap { $0.version &+ 1 == node.version ? $0.value : nil }
                writes[id] = Write(old: old, new: now)
            }
            if node.flags.contains(.traced) { lastSeen[id] = (node.version, writes[id]?.new) }
            return RippleTrace.Step(node: name, oldValue: writes[id]?.old, newValue: writes[id]?.new, change: .written)
        }
        let causes = self.causes(of: node, showsAbsorbed: showsAbsorbed, visited: &visited)
        let snapshot = before[id]
        if !node.flags.isDisjoint(with: .stale) {
            return RippleTrace.Step(node: name, oldValue: snapshot?.value, newValue: nil, change: .notReevaluated, causes: causes)
        }
        if let snapshot, snapshot.version == node.version {
            guard showsAbsorbed else { return nil }
            return RippleTrace.Step(node: name, oldValue: snapshot.value, newValue: snapshot.value, change: .absorbed, causes: causes)
        }
        return RippleTrace.Step(node: name, oldValue: snapshot?.value, newValue: node.describeValue(), change: .changed, causes: causes)
    }

    /// Whether `observer` was traced for this transaction only; it no longer is.
    func endTransientTrace(of observer: DependentNode) -> Bool? {
        guard let printing = transient.removeValue(forKey: ObjectIdentifier(observer)) else { return nil }
        observer.flags.subtract(.traced)
        return printing
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
            } else if !node.flags.contains(.traced), node.flags.contains(.source) {
                node.recordWrites()
                if node.flags.contains(.traced) {
                    lastSeen[ObjectIdentifier(node)] = (node.version, node.describeValue())
                }
            }
        }
    }

    func forget(_ id: ObjectIdentifier) {
        lastSeen.removeValue(forKey: id)
        transient.removeValue(forKey: id)
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
