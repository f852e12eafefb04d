#ifndef CMALLOC_STATS_H
#define CMALLOC_STATS_H

#include <stddef.h>

/// Bytes the allocator has handed out and not yet taken back: glibc's
/// `mallinfo2().uordblks` (small chunks in arenas) plus `hblkhd` (chunks served by
/// mmap), or the sanitizer allocator's count in a sanitized build; on Darwin, the
/// malloc zones' `size_in_use`. Returns 0 where none is available.
size_t cmalloc_bytes_in_use(void);

/// The usable size of the heap block at `pointer` (glibc's `malloc_usable_size`, which
/// the sanitizers intercept; Darwin's `malloc_size`), or 0 where it is not available.
size_t cmalloc_usable_size(void *pointer);

#endif
