extension Graph {
    /// Takes a current computed with no subscribers out of its dependencies' subscriber
    /// lists, recording in each link the version it saw. Dependencies left without
    /// subscribers detach in turn, iteratively. The links keep their dependencies alive.
    static func detach(_ root: DependentNode, _ runtime: RuntimeRef) {
        root.flags.formUnion(.detached)
        let base = runtime.pointee.stack.count
        var cursor = root.deps
        while true {
            while let link = cursor {
                cursor = link.pointee.nextDep
                let dep = link.pointee.dep
                let depFlags = dep._withUnsafeGuaranteedRef { $0.flags }
                guard !depFlags.contains(.tombstone) else { continue }
                let (version, unwatched) = dep._withUnsafeGuaranteedRef { dep in
                    removeSubscriber(link, from: dep, runtime)
                    return (dep.version, dep.subs == nil && depFlags.contains(.computed))
                }
                link.pointee.nextSub = nil
                link.pointee.prevSubBits = UInt(version) << 32
                guard unwatched else { continue }
                let computed = Unmanaged<DependentNode>.fromOpaque(dep.toOpaque())
                computed._withUnsafeGuaranteedRef { computed in
                    let flags = computed.flags
                    guard flags.isDisjoint(with: [.running, .checking, .detached]) else { return }
                    if flags.isDisjoint(with: [.dirty, .pending, .holdsWeakLink]) {
                        computed.flags.formUnion(.detached)
                        if let deps = computed.deps {
                            if let rest = cursor { runtime.pointee.stack.push(rest) }
                            cursor = deps
                        }
                    } else if let dropped = becameUnwatched(computed, runtime) {
                        unlinkChain(dropped, runtime)
                    }
                }
            }
            if runtime.pointee.stack.count == base { return }
            cursor = runtime.pointee.stack.pop()
        }
    }

    /// Brings a detached computed, and every detached computed it depends on, back into
    /// the graph, dependencies first. No user code runs here: each node compares the
    /// versions its links saw with the current ones. A dependency whose version moved
    /// makes it dirty; a stale dependency makes it pending, to be settled by the
    /// ordinary revalidation that follows; otherwise its cached value stands.
    ///
    /// - Complexity: O(links in the detached region).
    static func reattach(_ root: DependentNode, _ runtime: RuntimeRef) {
        var order: [Unmanaged<DependentNode>] = []
        var pending: [(node: Unmanaged<DependentNode>, expanded: Bool)] = [(.passUnretained(root), false)]
        while let (node, expanded) = pending.popLast() {
            if expanded {
                order.append(node)
                continue
            }
            // Marked when expanded, not when pushed: a node reached again on another
            // path must still end up after everything it depends on.
            let isNew = node._withUnsafeGuaranteedRef { node -> Bool in
                guard !node.flags.contains(.visited) else { return false }
                node.flags.formUnion(.visited)
                return true
            }
            guard isNew else { continue }
            pending.append((node, true))
            var cursor = node._withUnsafeGuaranteedRef { $0.deps }
            while let link = cursor {
                cursor = link.pointee.nextDep
                let dep = link.pointee.dep
                let flags = dep._withUnsafeGuaranteedRef { $0.flags }
                if flags.contains(.detached), !flags.contains(.visited) {
                    pending.append((Unmanaged<DependentNode>.fromOpaque(dep.toOpaque()), false))
                }
            }
        }
        for node in order {
            node._withUnsafeGuaranteedRef { reattachLinks(of: $0, runtime) }
        }
    }

    private static func reattachLinks(of node: DependentNode, _ runtime: RuntimeRef) {
        node.flags.subtract(.visited)
        guard node.flags.contains(.detached) else { return }
        node.flags.subtract(.detached)
        let parity: UInt = node.flags.contains(.parity) ? 1 : 0
        var mark = NodeFlags()
        var cursor = node.deps
        while let link = cursor {
            cursor = link.pointee.nextDep
            let seen = UInt32(truncatingIfNeeded: link.pointee.prevSubBits >> 32)
            link.pointee.dep._withUnsafeGuaranteedRef { dep in
                guard !dep.flags.contains(.tombstone) else { return }
                if dep.version != seen {
                    mark = .dirty
                } else if mark.isEmpty, dep.flags.contains(.computed), !dep.flags.isDisjoint(with: .stale) {
                    mark = .pending
                }
                link.pointee.prevSubBits = parity
                appendSubscriber(link, to: dep, runtime)
            }
        }
        node.flags.formUnion(mark)
    }
}
