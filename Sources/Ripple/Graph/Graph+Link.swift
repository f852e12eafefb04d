extension Graph {
    /// Records that the running `sub` (the runtime's `activeSub`) read `dep`.
    ///
    /// The common case, a re-run reading what the last run read in the same order,
    /// moves a cursor and allocates nothing; it is inlined into every read. It reaches
    /// into the unmanaged nodes only in small closures, which inline.
    @inline(__always)
    static func link(_ dep: Unmanaged<ReactiveNode>, _ sub: Unmanaged<DependentNode>, _ runtime: RuntimeRef) {
        if let step = stepToExistingLink(toID: dep.toOpaque(), sub, runtime) {
            step.apply()
            return
        }
        linkSlowly(dep, sub, runtime)
    }

    /// A read that needs a new or moved link: the caller has ruled out a link this run
    /// already made or confirmed. One call, with the new link made inline.
    @inline(never)
    static func linkSlowly(_ dep: Unmanaged<ReactiveNode>, _ sub: Unmanaged<DependentNode>, _ runtime: RuntimeRef) {
        relinkOrLinkNew(dep, sub, runtime)
    }

    /// The body of ``linkSlowly(_:_:_:)``, for an engine entry point that makes it its
    /// own last step instead of a call.
    @inline(__always)
    static func relinkOrLinkNew(
        _ dep: Unmanaged<ReactiveNode>, _ sub: Unmanaged<DependentNode>, _ runtime: RuntimeRef
    ) {
        dep._withUnsafeGuaranteedRef { dep in
            sub._withUnsafeGuaranteedRef { sub in
                let cursor = runtime.pointee.run.cursor
                let next = cursor.map { $0.pointee.nextDep } ?? sub.deps
                let parity = sub.flags.contains(.parity)
                if let next, relinkLater(dep, sub, after: cursor, before: next, parity: parity, runtime) { return }
                linkNew(dep, sub, after: cursor, before: next, parity: parity, runtime)
            }
        }
    }

    /// How far past the cursor a re-run looks for its previous link to a dependency.
    static let relinkSearchLimit = 64

    /// Finds the previous run's link to `dep` further down the list and moves it to the
    /// cursor, so that `sub` keeps its place among `dep`'s subscribers (a dependency
    /// read again on a re-run keeps its place, whatever was read before it).
    @inline(never)
    static func relinkLater(
        _ dep: ReactiveNode, _ sub: DependentNode,
        after cursor: LinkPointer?, before next: LinkPointer, parity: Bool, _ runtime: RuntimeRef
    ) -> Bool {
        let depID = Unmanaged.passUnretained(dep).toOpaque()
        var previous = next
        var steps = 0
        while let candidate = previous.pointee.nextDep, steps < relinkSearchLimit {
            if candidate.pointee.dep.toOpaque() == depID {
                previous.pointee.nextDep = candidate.pointee.nextDep
                candidate.pointee.nextDep = next
                if let cursor {
                    cursor.pointee.nextDep = candidate
                } else {
                    sub.deps = candidate
                }
                candidate.pointee.parity = parity
                runtime.pointee.run.cursor = candidate
                return true
            }
            previous = candidate
            steps += 1
        }
        return false
    }

    /// A new link, placed after the cursor, which moves onto it.
    @inline(__always)
    static func linkNew(
        _ dep: ReactiveNode, _ sub: DependentNode,
        after cursor: LinkPointer?, before next: LinkPointer?, parity: Bool, _ runtime: RuntimeRef
    ) {
        let link = makeLink(dep, sub, before: next, parity: parity, runtime)
        if let cursor {
            cursor.pointee.nextDep = link
        } else {
            sub.deps = link
        }
        runtime.pointee.run.cursor = link
    }

    /// Gives `sub`, which has no dependencies and is not running, its one link, to
    /// `dep`, without a run: a watcher that subscribes to the one node it watches
    /// (Interop's Observation watcher). No run's cursor moves.
    static func linkOutsideRun(_ dep: ReactiveNode, _ sub: DependentNode, _ runtime: RuntimeRef) {
        assert(sub.deps == nil && !sub.flags.contains(.running), "linked outside a run, and only once")
        sub.deps = makeLink(dep, sub, before: nil, parity: sub.flags.contains(.parity), runtime)
    }

    /// A link from `sub` to `dep`, in `dep`'s subscribers and holding `dep` (unless
    /// `sub`'s links own nothing); the caller puts it in `sub`'s dependencies.
    @inline(__always)
    private static func makeLink(
        _ dep: ReactiveNode, _ sub: DependentNode, before next: LinkPointer?, parity: Bool, _ runtime: RuntimeRef
    ) -> LinkPointer {
        let link = runtime.pointee.allocateLink()
        link.initialize(to: Link(
            dep: .passUnretained(dep), sub: .passUnretained(sub),
            nextDep: next, nextSub: nil, prevSubBits: parity ? 1 : 0
        ))
        appendSubscriber(link, to: dep, runtime)
        if sub.flags.contains(.ownsNoLinks) {
            unsafeDowncast(sub, to: ScopeNode.self).liveDependencies += 1
        } else {
            _ = Unmanaged.passUnretained(dep).retain()
        }
        return link
    }

    /// Adds `link` at the end of `dep`'s subscribers. A first subscriber of a node with
    /// liveness hooks is noted; other nodes pay one flag test, on that transition only.
    @inline(__always)
    static func appendSubscriber(_ link: LinkPointer, to dep: ReactiveNode, _ runtime: RuntimeRef) {
        if let head = dep.subs {
            let tail = head.pointee.prevSub
            tail.pointee.nextSub = link
            link.pointee.prevSub = tail
            head.pointee.prevSub = link
        } else {
            dep.subs = link
            link.pointee.prevSub = link
            if dep.flags.contains(.hasLivenessHooks) { noteLivenessChange(of: dep, runtime) }
        }
    }

    /// Takes `link` out of `dep`'s subscribers. Losing the last one is noted for a node
    /// with liveness hooks, as gaining the first one is.
    @inline(__always)
    static func removeSubscriber(_ link: LinkPointer, from dep: ReactiveNode, _ runtime: RuntimeRef) {
        let head = dep.subs.unsafelyUnwrapped
        let next = link.pointee.nextSub
        if link == head {
            if let next {
                next.pointee.prevSub = link.pointee.prevSub
            } else if dep.flags.contains(.hasLivenessHooks) {
                noteLivenessChange(of: dep, runtime)
            }
            dep.subs = next
        } else {
            let prev = link.pointee.prevSub
            prev.pointee.nextSub = next
            if let next {
                next.pointee.prevSub = prev
            } else {
                head.pointee.prevSub = prev
            }
        }
    }

    /// Whether `link` was confirmed by the current run of `sub`. Only the innermost run
    /// has its cursor at hand; for an outer one the answer is a conservative yes (it
    /// then revisits its dependencies once more after its run).
    static func isConfirmed(_ link: LinkPointer, in sub: DependentNode, _ runtime: RuntimeRef) -> Bool {
        guard runtime.pointee.run.activeSub?.toOpaque() == Unmanaged.passUnretained(sub).toOpaque() else {
            return true
        }
        guard let tail = runtime.pointee.run.cursor else { return false }
        var cursor = sub.deps
        while let current = cursor {
            if current == link { return true }
            if current == tail { return false }
            cursor = current.pointee.nextDep
        }
        return false
    }

    // MARK: Unlinking

    /// Unlinks a chain of links already cut from their subscriber's list, releasing
    /// the dependencies. A computed left without subscribers stops costing: see
    /// ``becameUnwatched(_:_:)``. Iterative, whatever the depth.
    static func unlinkChain(_ first: LinkPointer, _ runtime: RuntimeRef) {
        let base = runtime.pointee.stack.count
        var cursor: LinkPointer? = first
        while true {
            while let link = cursor {
                cursor = link.pointee.nextDep
                let dep = link.pointee.dep
                let subFlags = link.pointee.sub._withUnsafeGuaranteedRef { $0.flags }
                let depFlags = dep._withUnsafeGuaranteedRef { $0.flags }
                if !depFlags.contains(.tombstone) {
                    // A detached subscriber already left its dependencies' lists.
                    if !subFlags.contains(.detached) {
                        let unwatched = dep._withUnsafeGuaranteedRef { dep -> Bool in
                            removeSubscriber(link, from: dep, runtime)
                            return dep.subs == nil && depFlags.contains(.computed)
                        }
                        if unwatched {
                            let computed = Unmanaged<DependentNode>.fromOpaque(dep.toOpaque())
                            if let dropped = computed._withUnsafeGuaranteedRef({ becameUnwatched($0, runtime) }) {
                                if let rest = cursor { runtime.pointee.stack.push(rest) }
                                cursor = dropped
                            }
                        }
                    }
                    if subFlags.contains(.ownsNoLinks) {
                        link.pointee.sub._withUnsafeGuaranteedRef {
                            unsafeDowncast($0, to: ScopeNode.self).liveDependencies -= 1
                        }
                    } else if !subFlags.contains(.holdsWeakLink) || !link.pointee.isWeak {
                        dropDependency(dep, runtime)
                    }
                }
                runtime.pointee.freeLink(link)
            }
            if runtime.pointee.stack.count == base { break }
            cursor = runtime.pointee.stack.pop()
        }
    }

    /// Drops a reference held on a dependency (an unlinked link's, or a walk's pin).
    /// While anything else holds the node, releasing it cannot run its deinit, so it
    /// goes now; the last reference is retired, so that the node dies at the next
    /// drain, outside any walk.
    /// (Nodes are not `Sendable`: no other thread can release the node between the
    /// check and the release.)
    @inline(__always)
    static func dropDependency(_ dep: Unmanaged<ReactiveNode>, _ runtime: RuntimeRef) {
        var node = dep.takeRetainedValue()
        if isKnownUniquelyReferenced(&node) {
            runtime.pointee.retire(.passRetained(node))
        }
    }

    /// A computed lost its last subscriber. If its value is current it detaches: it
    /// leaves its dependencies' subscriber lists, so writes no longer reach it, and
    /// its links remember the versions it saw, so a later read recomputes only if one
    /// of them changed. If it is stale it drops its links instead (returned for
    /// unlinking) and will recompute when read.
    ///
    /// Inside a batch with writes not propagated yet it drops its links too: a write
    /// may have moved a version this node never saw, which links recording it as seen
    /// would hide. Propagating the writes here instead would commit the batch's
    /// intermediate values, so that a write undone later in the batch still ran
    /// effects.
    ///
    /// A node that has had a weak link (``NodeFlags/holdsWeakLink``, which stays) drops
    /// its links too: a weak dependency could die unseen while it is detached.
    static func becameUnwatched(_ node: DependentNode, _ runtime: RuntimeRef) -> LinkPointer? {
        if !node.flags.isDisjoint(with: [.running, .checking, .detached]) { return nil }
        if node.flags.isDisjoint(with: [.dirty, .pending, .holdsWeakLink]), runtime.pointee.log.isEmpty {
            detach(node, runtime)
            return nil
        }
        node.flags.formUnion(.dirty)
        node.flags.subtract(.pending)
        let deps = node.deps
        node.deps = nil
        return deps
    }

    /// Removes every dependency of `sub`.
    static func unlinkAll(_ sub: DependentNode, _ runtime: RuntimeRef) {
        guard let deps = sub.deps else { return }
        sub.deps = nil
        unlinkChain(deps, runtime)
    }

    // MARK: Deallocation

    /// A node with subscribers is dying: only tracking scopes and weak links (a read
    /// that closed a cycle) can still link it, since every other subscriber keeps its
    /// dependencies alive. Their links now point at the tombstone, which never changes;
    /// a computed or an effect that read the node is stale from now on.
    static func nodeWillDeallocate(_ node: ReactiveNode) {
        let runtime = Runtime.current
        if node.flags.contains(.hasLivenessHooks) {
            livenessNodeWillDeallocate(node, runtime)
        }
        var cursor = node.subs
        node.subs = nil
        while let link = cursor {
            cursor = link.pointee.nextSub
            link.pointee.dep = .passUnretained(tombstone)
            link.pointee.nextSub = nil
            link.pointee.sub._withUnsafeGuaranteedRef { sub in
                if sub.flags.contains(.ownsNoLinks) {
                    unsafeDowncast(sub, to: ScopeNode.self).dependencyDied(runtime)
                } else {
                    invalidate(sub, runtime)
                }
            }
        }
        // A scope whose last dependency died is spent: let it and its onChange go now.
        runtime.drainRetired()
    }

    /// A dependent node is dying: its links go, and its queue entry with them.
    static func dependentWillDeallocate(_ node: DependentNode) {
        let runtime = Runtime.current
        if node.flags.contains(.queued) {
            node.flags.subtract(.queued)
            runtime.pointee.queue.remove(node)
        }
        unlinkAll(node, runtime)
    }

    /// Makes the link the recording run just confirmed (at its cursor), to `dep`, one
    /// that does not own `dep`: the read closed a cycle, and an owning link would make
    /// a reference cycle. The reference it held is released at the next drain.
    static func weakenLinkAtCursor(to dep: ReactiveNode, _ runtime: RuntimeRef) {
        guard let sub = runtime.pointee.run.activeSub, let link = runtime.pointee.run.cursor,
              link.pointee.dep.toOpaque() == Unmanaged.passUnretained(dep).toOpaque()
        else { return }
        sub._withUnsafeGuaranteedRef { sub in
            guard !sub.flags.contains(.ownsNoLinks), !link.pointee.isWeak else { return }
            sub.flags.formUnion(.holdsWeakLink)
            link.pointee.isWeak = true
            runtime.pointee.retire(link.pointee.dep)
        }
    }
}
