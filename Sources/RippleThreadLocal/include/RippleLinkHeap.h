#ifndef RIPPLE_LINK_HEAP_H
#define RIPPLE_LINK_HEAP_H

#include <stddef.h>

/// Where the engine's dependency links come from.
///
/// Each thread's runtime keeps a small cache of free links; the cache refills from, and
/// spills to, a process-wide heap of 16 KB slabs in batches. Links made together sit
/// together in a slab, whatever state the process's malloc heap is in: a write walks
/// a source's subscribers in the order they subscribed, and packed links let that walk
/// stream through memory. A slab whose links are all free goes back to malloc, so a
/// graph that shrinks returns its memory. The heap is shared and locked (once per
/// batch), so a link made on one thread may be freed on another, as happens when a
/// graph owned by an actor hops threads.
///
/// Under AddressSanitizer every link is its own malloc allocation, so the sanitizer
/// sees each one.

/// The size of a link; the Swift side checks it against `MemoryLayout<Link>.size`.
#define RIPPLE_LINK_SIZE 40
/// How many free links a thread's cache holds before it spills half to the heap:
/// enough for a large tracking scope's links to be reused in place, few enough that
/// the slabs cached links keep alive after a big graph is dropped stay a handful.
#define RIPPLE_LINK_CACHE_LIMIT 512

/// A thread's free links, singly linked through each link's first word.
typedef struct ripple_link_cache {
    void *_Nullable head;
    long count;
} ripple_link_cache;

/// Takes a batch of links from the heap into `cache` and returns one of them.
void *_Nonnull ripple_link_refill(ripple_link_cache *_Nonnull cache);

/// Returns half of `cache`'s links to the heap.
void ripple_link_spill(ripple_link_cache *_Nonnull cache);

/// Returns every link of `cache` to the heap (the thread is exiting).
void ripple_link_cache_release(ripple_link_cache *_Nonnull cache);

/// Slabs the heap holds and links handed out of them; for tests and benchmarks.
void ripple_link_heap_statistics(long *_Nonnull slabs, long *_Nonnull linksOut);

static inline void *_Nonnull ripple_link_allocate(ripple_link_cache *_Nonnull cache) {
    void *link = cache->head;
    if (link != NULL) {
        cache->head = *(void **)link;
        cache->count -= 1;
        return link;
    }
    return ripple_link_refill(cache);
}

static inline void ripple_link_free(ripple_link_cache *_Nonnull cache, void *_Nonnull link) {
    if (cache->count >= RIPPLE_LINK_CACHE_LIMIT) {
        ripple_link_spill(cache);
    }
    *(void **)link = cache->head;
    cache->head = link;
    cache->count += 1;
}

#endif
