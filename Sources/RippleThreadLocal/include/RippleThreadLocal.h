#ifndef RIPPLE_THREAD_LOCAL_H
#define RIPPLE_THREAD_LOCAL_H

#include <stdlib.h>
#include "RippleLinkHeap.h"
#include "RippleLock.h"

/// Tells Swift that a function only reads memory. Swift cannot see into C functions, so
/// by default it assumes one may release any object; then a caller that reads a node
/// it holds at +0 (an array element) must retain the node around the call, even though
/// the function is inlined into a single load later. Reading a thread-local releases
/// nothing, so the reads' fast paths stay free of reference counting.
#define RIPPLE_READ_ONLY __attribute__((swift_attr("@_effects(readonly)")))

/// The current thread's Ripple runtime, or NULL before the thread's first graph operation.
///
/// Initial-exec: a direct %fs-relative load, where the default model for position-
/// independent code calls __tls_get_addr on every access.
extern _Thread_local void *_Nullable ripple_thread_runtime __attribute__((tls_model("initial-exec")));

static inline RIPPLE_READ_ONLY void *_Nullable ripple_thread_runtime_get(void) {
    return ripple_thread_runtime;
}

/// Whether a run on this thread is recording dependencies: the runtime's first field
/// (`Runtime.run.activeSub`, a pointer, NULL when nothing records) is set. Inlined into
/// every read of an unobserved `@Tracked` property.
static inline RIPPLE_READ_ONLY int ripple_thread_is_tracking(void) {
    void *const *runtime = (void *const *)ripple_thread_runtime;
    return runtime != NULL && runtime[0] != NULL;
}

static inline void ripple_thread_runtime_set(void *_Nullable runtime) {
    ripple_thread_runtime = runtime;
}

/// The calling thread's record of graph misuse (`MisuseState`), made on the first
/// misuse: beside the runtime rather than in it, so that the runtime keeps its size.
extern _Thread_local void *_Nullable ripple_thread_misuse __attribute__((tls_model("initial-exec")));

static inline RIPPLE_READ_ONLY void *_Nullable ripple_thread_misuse_get(void) {
    return ripple_thread_misuse;
}

static inline void ripple_thread_misuse_set(void *_Nullable misuse) {
    ripple_thread_misuse = misuse;
}

/// Whether model classes conform to `ObservableModel`, as this thread last found out,
/// in 8 slots picked by the class's address: each property's first access asks, the
/// models of a program are of a few classes, and the runtime's lookup is a hashed
/// search.
extern _Thread_local const void *_Nullable ripple_thread_model_types[8] __attribute__((tls_model("initial-exec")));
extern _Thread_local unsigned char ripple_thread_model_conforms[8] __attribute__((tls_model("initial-exec")));

/// 1 or 0 if `type`'s answer is known on this thread, -1 otherwise.
static inline int ripple_thread_model_lookup(const void *_Nonnull type) {
    unsigned slot = ((unsigned long)type >> 4) & 7;
    return ripple_thread_model_types[slot] == type ? ripple_thread_model_conforms[slot] : -1;
}

static inline void ripple_thread_model_store(const void *_Nonnull type, int conforms) {
    unsigned slot = ((unsigned long)type >> 4) & 7;
    ripple_thread_model_types[slot] = type;
    ripple_thread_model_conforms[slot] = (unsigned char)conforms;
}

/// Whether any environment scope was ever opened in this process: the environment
/// layer's switch. A plain global (no lazy initialization): until the first scope
/// opens, its checks cost one relaxed load.
extern int ripple_environment_used;

static inline int ripple_environment_used_get(void) {
    return __atomic_load_n(&ripple_environment_used, __ATOMIC_RELAXED);
}

static inline void ripple_environment_used_set(void) {
    __atomic_store_n(&ripple_environment_used, 1, __ATOMIC_RELAXED);
}

/// A wrapper the layer above the engine may install around each flush's queue, the
/// engine work that runs user code: it calls `body(context)` once, inside whatever
/// context that work needs (the environment installs one that shuts out the ambient
/// environment). NULL, the flush pays one relaxed load.
typedef void (*ripple_flush_body)(void *_Nullable context);
typedef void (*ripple_flush_wrapper)(ripple_flush_body _Nonnull body, void *_Nullable context);
extern ripple_flush_wrapper _Nullable ripple_flush_wrapper_slot;

static inline ripple_flush_wrapper _Nullable ripple_flush_wrapper_get(void) {
    return __atomic_load_n(&ripple_flush_wrapper_slot, __ATOMIC_RELAXED);
}

static inline void ripple_flush_wrapper_set(ripple_flush_wrapper _Nonnull wrapper) {
    __atomic_store_n(&ripple_flush_wrapper_slot, wrapper, __ATOMIC_RELAXED);
}

/// Debugging switches, process-wide, off until Ripple's tracing or graph introspection
/// is first used: `ripple_trace_all`, every new observer reports why it runs
/// (`RIPPLE_TRACE=1`); `ripple_trace_names`, nodes made for model properties and list
/// operators are registered for names and introspection. Read where a node is made,
/// never on a read or a write. `RIPPLE_TRACE` is read when the library loads.
extern int ripple_trace_all;
extern int ripple_trace_names;

static inline RIPPLE_READ_ONLY int ripple_trace_all_get(void) {
    return __atomic_load_n(&ripple_trace_all, __ATOMIC_RELAXED);
}

static inline void ripple_trace_all_set(int on) {
    __atomic_store_n(&ripple_trace_all, on, __ATOMIC_RELAXED);
}

static inline RIPPLE_READ_ONLY int ripple_trace_names_get(void) {
    return __atomic_load_n(&ripple_trace_names, __ATOMIC_RELAXED);
}

static inline void ripple_trace_names_set(void) {
    __atomic_store_n(&ripple_trace_names, 1, __ATOMIC_RELAXED);
}

/// Writes a line to standard error, unbuffered: where traces print. (Ripple's
/// sources use no Foundation.)
void ripple_write_standard_error(const char *_Nonnull line);

/// Whether the calling thread is the process's main thread: where a graph that
/// SwiftUI's main actor drives lives.
int ripple_is_main_thread(void);

/// Arranges for `destroy(runtime)` to run when the calling thread exits.
void ripple_thread_runtime_on_exit(void *_Nonnull runtime, void (*_Nonnull destroy)(void *_Nonnull));

#endif
