/// The engine: free-standing operations over nodes and links, split by phase.
///
/// Every operation takes the runtime pointer from its caller, which fetched it once.
@usableFromInline
enum Graph {}

// Safety: the tombstone is never mutated after initialization. It has no subscribers
// (nothing links to it; unlinking skips it) and propagation never reaches it, so
// threads only ever read its flags.
nonisolated(unsafe) let tombstone = ReactiveNode(flags: [.source, .tombstone])

extension Graph {
    // MARK: Tracking a run

    /// Starts a run of `sub`: reads are matched against the previous run's links,
    /// in order, from the front.
    @inlinable
    static func beginTracking(_ sub: DependentNode) {
        sub.depsTail = nil
        var flags = sub.flags
        flags.formSymmetricDifference(.parity)
        flags.subtract(.stale)
        flags.insert(.running)
        sub.flags = flags
    }

    /// Ends a run of `sub`: links the run did not confirm are removed.
    @inlinable
    static func endTracking(_ sub: DependentNode, _ runtime: RuntimeRef) {
        sub.flags.remove(.running)
        let unconfirmed = sub.depsTail.map { $0.pointee.nextDep } ?? sub.deps
        if unconfirmed != nil {
            removeUnconfirmed(sub, runtime)
        }
    }

    @usableFromInline
    static func removeUnconfirmed(_ sub: DependentNode, _ runtime: RuntimeRef) {
        let stale: LinkPointer?
        if let tail = sub.depsTail {
            stale = tail.pointee.nextDep
            tail.pointee.nextDep = nil
        } else {
            stale = sub.deps
            sub.deps = nil
        }
        if let stale {
            unlinkChain(stale, runtime)
        }
    }

    /// Records that the running `sub` read `dep`.
    ///
    /// The common case, a re-run reading what the last run read in the same order,
    /// moves a cursor and allocates nothing.
    static func link(_ dep: ReactiveNode, _ sub: DependentNode, _ runtime: RuntimeRef) {
        let depID = Unmanaged.passUnretained(dep).toOpaque()
        let cursor = sub.depsTail
        let next: LinkPointer?
        if let cursor {
            if cursor.pointee.dep.toOpaque() == depID { return }
            next = cursor.pointee.nextDep
        } else {
            next = sub.deps
        }
        let parity = sub.flags.contains(.parity)
        if let next, next.pointee.dep.toOpaque() == depID {
            next.pointee.parity = parity
            sub.depsTail = next
            return
        }
        let subID = Unmanaged.passUnretained(sub).toOpaque()
        if let head = dep.subs {
            // Read before in this run, with other reads in between.
            let tail = head.pointee.prevSub
            if tail.pointee.sub.toOpaque() == subID && tail.pointee.parity == parity { return }
        }
        linkNew(dep, sub, after: cursor, before: next, parity: parity, runtime)
    }

    @inline(never)
    static func linkNew(
        _ dep: ReactiveNode, _ sub: DependentNode,
        after cursor: LinkPointer?, before next: LinkPointer?, parity: Bool, _ runtime: RuntimeRef
    ) {
        let link = runtime.pointee.allocateLink()
        link.initialize(to: Link(
            dep: .passUnretained(dep), sub: .passUnretained(sub),
            nextDep: next, nextSub: nil, prevSubBits: parity ? 1 : 0
        ))
        if let cursor {
            cursor.pointee.nextDep = link
        } else {
            sub.deps = link
        }
        sub.depsTail = link
        appendSubscriber(link, to: dep)
        if sub.flags.contains(.tracker) {
            unsafeDowncast(sub, to: TrackingScope.self).liveDependencies += 1
        } else {
            _ = Unmanaged.passUnretained(dep).retain()
        }
    }

    @inline(__always)
    static func appendSubscriber(_ link: LinkPointer, to dep: ReactiveNode) {
        if let head = dep.subs {
            let tail = head.pointee.prevSub
            tail.pointee.nextSub = link
            link.pointee.prevSub = tail
            head.pointee.prevSub = link
        } else {
            dep.subs = link
            link.pointee.prevSub = link
        }
    }

    @inline(__always)
    static func removeSubscriber(_ link: LinkPointer, from dep: ReactiveNode) {
        let head = dep.subs.unsafelyUnwrapped
        let next = link.pointee.nextSub
        if link == head {
            if let next {
                next.pointee.prevSub = link.pointee.prevSub
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

    /// Whether `link` was confirmed by the current run of `sub`.
    static func isConfirmed(_ link: LinkPointer, in sub: DependentNode) -> Bool {
        guard let tail = sub.depsTail else { return false }
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
    /// the dependencies. A computed left without subscribers detaches from its own
    /// dependencies in turn, iteratively, so that nothing unobserved keeps costing.
    static func unlinkChain(_ first: LinkPointer, _ runtime: RuntimeRef) {
        let base = runtime.pointee.stack.count
        var cursor: LinkPointer? = first
        while true {
            while let link = cursor {
                cursor = link.pointee.nextDep
                let dep = link.pointee.dep
                let owned = !link.pointee.sub._withUnsafeGuaranteedRef { $0.flags.contains(.tracker) }
                dep._withUnsafeGuaranteedRef { dep in
                    guard !dep.flags.contains(.tombstone) else { return }
                    removeSubscriber(link, from: dep)
                    if dep.subs == nil, dep.flags.contains(.computed) {
                        let computed = unsafeDowncast(dep, to: DependentNode.self)
                        computed.flags.insert(.dirty)
                        computed.flags.remove(.pending)
                        if let deps = computed.deps {
                            computed.deps = nil
                            computed.depsTail = nil
                            if let rest = cursor { runtime.pointee.stack.push(rest) }
                            cursor = deps
                        }
                    }
                }
                runtime.pointee.freeLink(link)
                if owned && !dep._withUnsafeGuaranteedRef({ $0.flags.contains(.tombstone) }) {
                    runtime.pointee.retire(dep)
                }
            }
            if runtime.pointee.stack.count == base { break }
            cursor = runtime.pointee.stack.pop()
        }
    }

    /// Removes every dependency of `sub`.
    static func unlinkAll(_ sub: DependentNode, _ runtime: RuntimeRef) {
        guard let deps = sub.deps else { return }
        sub.deps = nil
        sub.depsTail = nil
        unlinkChain(deps, runtime)
    }

    // MARK: Deallocation

    /// A node with subscribers is dying: only tracking scopes can still link it, since
    /// every other subscriber keeps its dependencies alive. Their links now point at
    /// the tombstone, which never changes.
    static func nodeWillDeallocate(_ node: ReactiveNode) {
        let runtime = Runtime.current
        var cursor = node.subs
        node.subs = nil
        while let link = cursor {
            cursor = link.pointee.nextSub
            link.pointee.dep = .passUnretained(tombstone)
            link.pointee.nextSub = nil
            link.pointee.sub._withUnsafeGuaranteedRef { sub in
                if sub.flags.contains(.tracker) {
                    unsafeDowncast(sub, to: TrackingScope.self).dependencyDied(runtime)
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
            node.flags.remove(.queued)
            runtime.pointee.queue.remove(node)
        }
        unlinkAll(node, runtime)
    }
}

// MARK: Misuse

extension Graph {
    static func cycleDetected() -> Never {
        fatalError("""
            Ripple: cycle detected: a Computed depends on itself, directly or through other \
            computeds. Break the cycle: read one side with peek() or inside untracked { }, or \
            move the value into a Signal.
            """)
    }
}
