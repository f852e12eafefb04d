extension Graph {
    /// Push phase: `source` changed. Its direct subscribers get `flag` (`.dirty` when
    /// the change is certain, `.pending` for a batched write that may yet be undone);
    /// everything further downstream gets `.pending`. Effects and tracking scopes are
    /// queued once. No user code runs, and nothing recurses.
    @usableFromInline
    static func propagate(from source: ReactiveNode, _ flag: NodeFlags, _ runtime: RuntimeRef) {
        var cursor = source.subs
        while let link = cursor {
            cursor = link.pointee.nextSub
            if let downstream = mark(link, flag, runtime) {
                markPending(downstream, runtime)
            }
        }
    }

    /// Marks the subscriber of `link`; returns its own subscribers when the mark is new
    /// and must travel further.
    @inline(__always)
    private static func mark(_ link: LinkPointer, _ flag: NodeFlags, _ runtime: RuntimeRef) -> LinkPointer? {
        link.pointee.sub._withUnsafeGuaranteedRef { sub in
            var flags = sub.flags
            // `traced` shares the test: an untraced graph runs the same instructions.
            if !flags.isDisjoint(with: [.running, .traced]) {
                if flags.contains(.traced) {
                    traceMark(link, runtime)
                    flags = sub.flags
                }
                if flags.contains(.running) {
                    // Written during its own run (an effect writing what it read): revisit
                    // it afterwards, but only if this run already read it. A `.pending`
                    // notice stays pending: the write may be undone, or cut off by a computed.
                    if !flags.contains(flag), !flags.contains(.dirty), isConfirmed(link, in: sub, runtime) {
                        sub.flags = flags.union(flag)
                    }
                    return nil
                }
            }
            if flags.isDisjoint(with: .stale) {
                sub.flags = flags.union(flag)
                if flags.contains(.computed) { return sub.subs }
                if flags.contains(.watcher) {
                    enqueue(sub, runtime)
                    return nil
                }
                return elementChanged(sub, runtime)
            }
            if flag == .dirty, !flags.contains(.dirty) {
                sub.flags = flags.union(.dirty)
            }
            return nil
        }
    }

    /// Depth-first over subscribers of subscribers, with an explicit stack.
    private static func markPending(_ first: LinkPointer, _ runtime: RuntimeRef) {
        let base = runtime.pointee.stack.count
        var link = first
        while true {
            var next = link.pointee.nextSub
            if let downstream = mark(link, .pending, runtime) {
                if let next { runtime.pointee.stack.push(next) }
                next = downstream
            }
            if let next {
                link = next
                continue
            }
            if runtime.pointee.stack.count == base { return }
            link = runtime.pointee.stack.pop()
        }
    }

    /// After a node's value changed during a pull: subscribers that were only pending
    /// now know they are dirty, so they need not revalidate.
    static func shallowPropagate(_ first: LinkPointer, _ runtime: RuntimeRef) {
        var cursor: LinkPointer? = first
        while let link = cursor {
            cursor = link.pointee.nextSub
            link.pointee.sub._withUnsafeGuaranteedRef { sub in
                let flags = sub.flags
                guard flags.intersection(.stale) == .pending else { return }
                sub.flags = flags.union(.dirty)
                if !flags.isDisjoint(with: .watcher), flags.isDisjoint(with: [.queued, .running]) {
                    enqueue(sub, runtime)
                }
            }
        }
    }

    @inline(__always)
    static func enqueue(_ node: DependentNode, _ runtime: RuntimeRef) {
        guard !node.flags.contains(.queued) else { return }
        node.flags.formUnion(.queued)
        runtime.pointee.queue.append(node)
    }
}
