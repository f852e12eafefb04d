#include "RippleLinkHeap.h"
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RIPPLE_LINK_PER_MALLOC 1
#endif
#endif

/// Half the cache: a refill fills it halfway, a spill empties it halfway, so that a
/// thread that frees and allocates around the limit does not take the lock each time.
#define BATCH (RIPPLE_LINK_CACHE_LIMIT / 2)

/// Takes the link freed last off the front of `cache`.
static void *pop(ripple_link_cache *cache) {
    void *link = cache->head;
    cache->head = *(void **)link;
    cache->count -= 1;
    return link;
}

#ifndef RIPPLE_LINK_PER_MALLOC

#define SLAB_SIZE 16384

/// A slab's header, at its start; its links follow. A link finds its slab by masking
/// its address, since slabs are aligned to their size.
typedef struct slab {
    /// In the list of slabs with links to give.
    struct slab *prev, *next;
    /// Links freed back into this slab.
    void *free;
    /// The first link never handed out.
    char *bump;
    /// Links handed out: in use, or in a thread's cache.
    unsigned live;
    unsigned listed;
} slab;

#define FIRST_LINK_OFFSET ((sizeof(slab) + 15) & ~(size_t)15)
#define LINKS_PER_SLAB ((SLAB_SIZE - FIRST_LINK_OFFSET) / RIPPLE_LINK_SIZE)

static pthread_mutex_t heap_lock = PTHREAD_MUTEX_INITIALIZER;
/// Slabs with links to give, the one links come from first at the head.
static slab *available_head, *available_tail;
/// One empty slab kept back, so that a graph growing and shrinking across a slab
/// boundary does not call malloc and free each time.
static slab *spare;
static long slab_count, links_out;

static void list_remove(slab *s) {
    if (s->prev != NULL) { s->prev->next = s->next; } else { available_head = s->next; }
    if (s->next != NULL) { s->next->prev = s->prev; } else { available_tail = s->prev; }
    s->prev = s->next = NULL;
    s->listed = 0;
}

static void list_push_front(slab *s) {
    s->prev = NULL;
    s->next = available_head;
    if (available_head != NULL) { available_head->prev = s; } else { available_tail = s; }
    available_head = s;
    s->listed = 1;
}

/// A slab that was full gets a free link: it goes last, so that links keep coming from
/// the slab at the head while it has any.
static void list_push_back(slab *s) {
    s->next = NULL;
    s->prev = available_tail;
    if (available_tail != NULL) { available_tail->next = s; } else { available_head = s; }
    available_tail = s;
    s->listed = 1;
}

static slab *new_slab(void) {
    slab *s = spare;
    if (s != NULL) {
        spare = NULL;
    } else {
        s = aligned_alloc(SLAB_SIZE, SLAB_SIZE);
        if (s == NULL) { abort(); }
        slab_count += 1;
    }
    s->free = NULL;
    s->bump = (char *)s + FIRST_LINK_OFFSET;
    s->live = 0;
    s->listed = 0;
    s->prev = s->next = NULL;
    return s;
}

static int has_links(const slab *s) {
    return s->free != NULL || s->bump < (const char *)s + FIRST_LINK_OFFSET + LINKS_PER_SLAB * RIPPLE_LINK_SIZE;
}

static void *take_link(void) {
    slab *s = available_head;
    if (s == NULL) {
        s = new_slab();
        list_push_front(s);
    }
    void *link;
    if (s->free != NULL) {
        link = s->free;
        s->free = *(void **)link;
    } else {
        link = s->bump;
        s->bump += RIPPLE_LINK_SIZE;
    }
    s->live += 1;
    if (!has_links(s)) { list_remove(s); }
    return link;
}

static void give_back(void *link) {
    slab *s = (slab *)((uintptr_t)link & ~(uintptr_t)(SLAB_SIZE - 1));
    *(void **)link = s->free;
    s->free = link;
    s->live -= 1;
    if (s->live == 0) {
        if (s->listed) { list_remove(s); }
        if (spare == NULL) {
            spare = s;
        } else {
            free(s);
            slab_count -= 1;
        }
    } else if (!s->listed) {
        list_push_back(s);
    }
}

void *ripple_link_refill(ripple_link_cache *cache) {
    // Chained in the order taken, so a run of allocations walks up through a slab.
    pthread_mutex_lock(&heap_lock);
    void *first = take_link();
    void **tail = &cache->head;
    for (int taken = 1; taken < BATCH; taken++) {
        void *link = take_link();
        *tail = link;
        tail = (void **)link;
    }
    links_out += BATCH;
    pthread_mutex_unlock(&heap_lock);
    *tail = NULL;
    cache->count = BATCH - 1;
    return first;
}

static void spill(ripple_link_cache *cache, long count) {
    pthread_mutex_lock(&heap_lock);
    for (long index = 0; index < count; index++) {
        give_back(pop(cache));
    }
    links_out -= count;
    pthread_mutex_unlock(&heap_lock);
}

void ripple_link_heap_statistics(long *slabs, long *linksOut) {
    pthread_mutex_lock(&heap_lock);
    *slabs = slab_count;
    *linksOut = links_out;
    pthread_mutex_unlock(&heap_lock);
}

#else

void *ripple_link_refill(ripple_link_cache *cache) {
    (void)cache;
    void *link = malloc(RIPPLE_LINK_SIZE);
    if (link == NULL) { abort(); }
    return link;
}

static void spill(ripple_link_cache *cache, long count) {
    for (long index = 0; index < count; index++) {
        free(pop(cache));
    }
}

void ripple_link_heap_statistics(long *slabs, long *linksOut) {
    *slabs = 0;
    *linksOut = 0;
}

#endif

void ripple_link_spill(ripple_link_cache *cache) {
    spill(cache, BATCH);
}

void ripple_link_cache_release(ripple_link_cache *cache) {
    spill(cache, cache->count);
}
