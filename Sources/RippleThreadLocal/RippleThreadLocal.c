#include "RippleThreadLocal.h"
#include <pthread.h>
#include <stddef.h>

_Thread_local void *ripple_thread_runtime __attribute__((tls_model("initial-exec"))) = NULL;

int ripple_environment_used = 0;

static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;
static void (*exit_destroy)(void *);

static void run_exit_destroy(void *runtime) {
    // Clear the fast slot first: a node released by the destructor must not reach
    // a runtime that is being torn down.
    ripple_thread_runtime = NULL;
    void (*destroy)(void *) = __atomic_load_n(&exit_destroy, __ATOMIC_ACQUIRE);
    if (destroy != NULL) {
        destroy(runtime);
    }
}

static void make_exit_key(void) {
    pthread_key_create(&exit_key, run_exit_destroy);
}

void ripple_thread_runtime_on_exit(void *runtime, void (*destroy)(void *)) {
    pthread_once(&exit_key_once, make_exit_key);
    __atomic_store_n(&exit_destroy, destroy, __ATOMIC_RELEASE);
    pthread_setspecific(exit_key, runtime);
}
