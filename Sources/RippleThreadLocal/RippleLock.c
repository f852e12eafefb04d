#include "RippleLock.h"
#include <pthread.h>
#include <stdlib.h>

struct ripple_lock {
    pthread_mutex_t mutex;
};

ripple_lock *ripple_lock_create(void) {
    ripple_lock *lock = malloc(sizeof(ripple_lock));
    if (lock == NULL) abort();
    pthread_mutex_init(&lock->mutex, NULL);
    return lock;
}

void ripple_lock_destroy(ripple_lock *lock) {
    pthread_mutex_destroy(&lock->mutex);
    free(lock);
}

void ripple_lock_lock(ripple_lock *lock) {
    pthread_mutex_lock(&lock->mutex);
}

void ripple_lock_unlock(ripple_lock *lock) {
    pthread_mutex_unlock(&lock->mutex);
}
