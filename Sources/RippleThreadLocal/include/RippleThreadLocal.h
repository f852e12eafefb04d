#ifndef RIPPLE_THREAD_LOCAL_H
#define RIPPLE_THREAD_LOCAL_H

/// The current thread's Ripple runtime, or NULL before the thread's first graph operation.
///
/// Initial-exec: a direct %fs-relative load, where the default model for position-
/// independent code calls __tls_get_addr on every access.
extern _Thread_local void *_Nullable ripple_thread_runtime __attribute__((tls_model("initial-exec")));

static inline void *_Nullable ripple_thread_runtime_get(void) {
    return ripple_thread_runtime;
}

static inline void ripple_thread_runtime_set(void *_Nullable runtime) {
    ripple_thread_runtime = runtime;
}

/// Arranges for `destroy(runtime)` to run when the calling thread exits.
void ripple_thread_runtime_on_exit(void *_Nonnull runtime, void (*_Nonnull destroy)(void *_Nonnull));

#endif
