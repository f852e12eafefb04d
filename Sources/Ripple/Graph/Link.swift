internal import RippleThreadLocal

/// One dependency edge: `sub` read `dep` during its last run.
///
/// A link sits in two intrusive lists at once: the subscriber's dependency list
/// (singly linked through `nextDep`, in read order) and the dependency's subscriber
/// list (doubly linked through `nextSub` / `prevSub`, circular backwards so that the
/// head's `prevSub` is the tail). Forty bytes, allocated outside the Swift heap and
/// recycled through the runtime's free list, so relinking costs no ARC traffic.
///
/// Ownership: the link holds one strong reference to `dep` (a subscriber keeps its
/// dependencies alive) and none to `sub`. A tracking scope's links are the exception:
/// they own nothing, and the dependency tombstones them when it dies.
@usableFromInline
struct Link {
    @usableFromInline var dep: Unmanaged<ReactiveNode>
    @usableFromInline var sub: Unmanaged<DependentNode>
    @usableFromInline var nextDep: LinkPointer?
    @usableFromInline var nextSub: LinkPointer?
    /// The previous link in `dep`'s subscriber list, with the run parity in bit 0.
    @usableFromInline var prevSubBits: UInt

    @inlinable
    var prevSub: LinkPointer {
        get { LinkPointer(bitPattern: prevSubBits & ~1)! }
        set { prevSubBits = UInt(bitPattern: newValue) | (prevSubBits & 1) }
    }

    @inlinable
    var parity: Bool {
        get { prevSubBits & 1 != 0 }
        set { prevSubBits = (prevSubBits & ~1) | (newValue ? 1 : 0) }
    }
}

@usableFromInline
typealias LinkPointer = UnsafeMutablePointer<Link>

extension Runtime {
    /// Free links kept for reuse; beyond this many they go back to the allocator,
    /// so a graph that shrinks returns its memory.
    static let freeLinkLimit = 4096

    mutating func allocateLink() -> LinkPointer {
        if let link = freeLinks {
            freeLinks = link.pointee.nextDep
            freeLinkCount &-= 1
            return link
        }
        return ripple_link_allocate(UInt(MemoryLayout<Link>.size)).assumingMemoryBound(to: Link.self)
    }

    mutating func freeLink(_ link: LinkPointer) {
        if freeLinkCount < Runtime.freeLinkLimit {
            link.pointee.nextDep = freeLinks
            freeLinks = link
            freeLinkCount &+= 1
        } else {
            ripple_link_free(link)
        }
    }

    mutating func releaseFreeLinks() {
        while let link = freeLinks {
            freeLinks = link.pointee.nextDep
            ripple_link_free(link)
        }
        freeLinkCount = 0
    }
}
