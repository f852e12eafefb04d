internal import RippleThreadLocal

/// One dependency edge: `sub` read `dep` during its last run.
///
/// A link sits in two intrusive lists at once: the subscriber's dependency list
/// (singly linked through `nextDep`, in read order) and the dependency's subscriber
/// list (doubly linked through `nextSub` / `prevSub`, circular backwards so that the
/// head's `prevSub` is the tail). Forty bytes, allocated outside the Swift heap, from
/// slabs that keep links made together close in memory (`RippleLinkHeap.h`), so
/// relinking costs no ARC traffic and no malloc call.
///
/// Ownership: the link holds one strong reference to `dep` (a subscriber keeps its
/// dependencies alive) and none to `sub`. A tracking scope's links are the exception:
/// they own nothing, and the dependency tombstones them when it dies. So is a link
/// made by a read that closed a cycle (``isWeak``), which would otherwise make a
/// reference cycle.
@usableFromInline
struct Link {
    @usableFromInline var dep: Unmanaged<ReactiveNode>
    @usableFromInline var sub: Unmanaged<DependentNode>
    @usableFromInline var nextDep: LinkPointer?
    @usableFromInline var nextSub: LinkPointer?
    /// The previous link in `dep`'s subscriber list, with the run parity in bit 0 and
    /// ``isWeak`` in bit 1.
    @usableFromInline var prevSubBits: UInt

    @inlinable
    var prevSub: LinkPointer {
        get { LinkPointer(bitPattern: prevSubBits & ~3)! }
        set { prevSubBits = UInt(bitPattern: newValue) | (prevSubBits & 3) }
    }

    /// The link holds no reference to `dep`: it closed a cycle. Only a subscriber with
    /// ``NodeFlags/holdsWeakLink`` has such links.
    var isWeak: Bool {
        get { prevSubBits & 2 != 0 }
        set { prevSubBits = (prevSubBits & ~2) | (newValue ? 2 : 0) }
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
    /// The most free links a thread's cache keeps.
    static var linkCacheLimit: Int { Int(RIPPLE_LINK_CACHE_LIMIT) }

    /// A link from this thread's cache (see `RippleLinkHeap.h`).
    @inline(__always)
    mutating func allocateLink() -> LinkPointer {
        ripple_link_allocate(&linkCache).assumingMemoryBound(to: Link.self)
    }

    @inline(__always)
    mutating func freeLink(_ link: LinkPointer) {
        ripple_link_free(&linkCache, link)
    }

    /// Free links in this thread's cache.
    var cachedLinkCount: Int { linkCache.count }

    /// The process's link heap: slabs held (one may be a spare) and links handed out
    /// of them, in use or cached. Both are 0 under AddressSanitizer, which gets every
    /// link from malloc.
    static var linkHeap: (slabs: Int, linksOut: Int) {
        var slabs = 0, linksOut = 0
        ripple_link_heap_statistics(&slabs, &linksOut)
        return (slabs, linksOut)
    }

    /// Returns the cached links to the shared heap; the thread is exiting.
    mutating func releaseFreeLinks() {
        ripple_link_cache_release(&linkCache)
    }
}
