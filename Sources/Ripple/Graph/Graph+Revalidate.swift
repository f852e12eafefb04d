extension Graph {
    /// Pull phase: `root` is pending, so some dependency upstream may have changed.
    ///
    /// Walks the dependencies depth-first in read order. A pending computed is
    /// descended into; a dirty one is recomputed; the first dependency whose value
    /// really changed proves its subscriber dirty, which is then recomputed on the
    /// way back up. A recompute that yields an equal value stops there (equality
    /// cut-off). Computeds are thus brought up to date in dependency order, each at
    /// most once, and never see a half-applied change.
    ///
    /// - Parameter keepsRootChecking: leave `root` marked `checking` for the caller to
    ///   clear with its own flags, as a queued effect does: releasing it before it has
    ///   decided whether to run is misuse, and its deinit says so.
    /// - Returns: whether `root` must recompute or re-run.
    /// - Complexity: O(links walked); iterative, whatever the graph's depth.
    static func checkDirty(_ root: DependentNode, _ runtime: RuntimeRef, keepsRootChecking: Bool = false) -> Bool {
        guard let first = root.deps else { return false }
        let base = runtime.pointee.stack.count
        var node = Unmanaged.passUnretained(root)
        var link = first
        var dirty = false
        root.flags.formUnion(.checking)
        walk: while true {
            if node._withUnsafeGuaranteedRef({ $0.flags.contains(.dirty) }) {
                dirty = true
            } else {
                let dep = link.pointee.dep
                let depFlags = dep._withUnsafeGuaranteedRef { $0.flags }
                if depFlags.contains(.computed) {
                    if !depFlags.isDisjoint(with: [.running, .checking]) {
                        // A cycle: `node` recomputes, and its read of `dep` finds it.
                        dirty = true
                    } else if depFlags.contains(.dirty) {
                        // If it changes, `node` is handled as dirty next: a sole
                        // subscriber (this link's) needs no mark.
                        dirty = dep._withUnsafeGuaranteedRef {
                            recomputeAndNotify(
                                unsafeDowncast($0, to: DependentNode.self), runtime, onlySubscriberKnown: true
                            )
                        }
                    } else if depFlags.contains(.pending) {
                        let computed = Unmanaged<DependentNode>.fromOpaque(dep.toOpaque())
                        let deps = computed._withUnsafeGuaranteedRef { computed in
                            if computed.deps != nil {
                                computed.flags.formUnion(.checking)
                            } else {
                                computed.flags.subtract(.pending)
                            }
                            return computed.deps
                        }
                        if let deps {
                            runtime.pointee.stack.push(link)
                            node = computed
                            link = deps
                            continue walk
                        }
                    }
                }
            }
            if !dirty, let next = link.pointee.nextDep {
                link = next
                continue walk
            }
            // The verdict on `node` is in; carry it back up the path.
            while runtime.pointee.stack.count > base {
                let parentLink = runtime.pointee.stack.pop()
                node._withUnsafeGuaranteedRef { current in
                    if dirty {
                        current.flags.subtract(.checking)
                        dirty = recomputeAndNotify(current, runtime, onlySubscriberKnown: true)
                    } else {
                        current.flags.subtract([.checking, .pending])
                    }
                }
                node = parentLink.pointee.sub
                if !dirty, let next = parentLink.pointee.nextDep {
                    link = next
                    continue walk
                }
            }
            if !keepsRootChecking {
                // `remove`, a full-width store: the caller reads the flags next (see `NodeFlags`).
                root.flags.remove(.checking)
            }
            return dirty
        }
    }

    /// Recomputes a stale computed; if its value changed, its other subscribers learn
    /// that they are dirty.
    ///
    /// - Parameter onlySubscriberKnown: the caller is about to handle the subscriber
    ///   it came from, so a single subscriber needs no marking.
    @inline(__always)
    static func recomputeAndNotify(
        _ node: DependentNode, _ runtime: RuntimeRef, onlySubscriberKnown: Bool = false
    ) -> Bool {
        assert(node.flags.contains(.computed), "only computeds recompute")
        let update = unsafeDowncast(node, to: ComputedNode.self).update
        guard update(node, runtime) else { return false }
        if let subs = node.subs, !onlySubscriberKnown || subs.pointee.nextSub != nil {
            shallowPropagate(subs, runtime)
        }
        return true
    }

    /// Brings a stale computed up to date before a read.
    @inline(__always)
    static func bringUpToDate(_ node: DependentNode, _ runtime: RuntimeRef) {
        runtime.pointee.releaseHolds &+= 1
        if node.flags.contains(.dirty) || checkDirty(node, runtime) {
            _ = recomputeAndNotify(node, runtime)
        } else {
            node.flags.subtract(.pending)
        }
        runtime.pointee.releaseHolds &-= 1
        runtime.drainRetired()
    }
}
