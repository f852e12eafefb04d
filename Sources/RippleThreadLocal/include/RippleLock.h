#ifndef RIPPLE_LOCK_H
#define RIPPLE_LOCK_H

/// A mutex for the state several threads share (`LockedState` on the Swift side): the
/// C library's, which ThreadSanitizer intercepts. Synchronization's `Mutex` waits and
/// wakes inside the Swift runtime when contended, where the sanitizer does not see the
/// ordering, and reports what it protects as racing.
typedef struct ripple_lock ripple_lock;

ripple_lock *_Nonnull ripple_lock_create(void);
void ripple_lock_destroy(ripple_lock *_Nonnull lock);
void ripple_lock_lock(ripple_lock *_Nonnull lock);
void ripple_lock_unlock(ripple_lock *_Nonnull lock);

#endif
