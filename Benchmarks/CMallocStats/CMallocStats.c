#include "CMallocStats.h"

#include <stdlib.h>  // defines __GLIBC__ and __GLIBC_MINOR__ where glibc is the C library

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#include <malloc.h>

// Under AddressSanitizer or ThreadSanitizer (`--sanitize=address|thread`) the
// sanitizer's allocator serves every malloc and glibc's statistics no longer see
// them; the sanitizer's own count is then the one to read. Weak, so that a normal
// build links without a sanitizer runtime (ELF resolves a missing weak symbol to NULL).
extern size_t __sanitizer_get_current_allocated_bytes(void) __attribute__((weak));

size_t cmalloc_bytes_in_use(void) {
    if (__sanitizer_get_current_allocated_bytes != NULL) {
        return __sanitizer_get_current_allocated_bytes();
    }
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

size_t cmalloc_usable_size(void *pointer) {
    return malloc_usable_size(pointer);
}
#elif defined(__APPLE__)
#include <malloc/malloc.h>

// The default zone's statistics: every zone's bytes in use, as glibc's arenas are.
size_t cmalloc_bytes_in_use(void) {
    malloc_statistics_t statistics;
    malloc_zone_statistics(NULL, &statistics);
    return statistics.size_in_use;
}

size_t cmalloc_usable_size(void *pointer) {
    return malloc_size(pointer);
}
#else
size_t cmalloc_bytes_in_use(void) {
    return 0;
}

size_t cmalloc_usable_size(void *pointer) {
    (void)pointer;
    return 0;
}
#endif
