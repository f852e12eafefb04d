#include "RippleThreadLocal.h"
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

_Thread_local void *ripple_thread_runtime __attribute__((tls_model("initial-exec"))) = NULL;
_Thread_local void *ripple_thread_misuse __attribute__((tls_model("initial-exec"))) = NULL;
_Thread_local const void *ripple_thread_model_types[8] __attribute__((tls_model("initial-exec")));
_Thread_local unsigned char ripple_thread_model_conforms[8] __attribute__((tls_model("initial-exec")));

int ripple_environment_used = 0;
ripple_flush_wrapper ripple_flush_wrapper_slot = NULL;
int ripple_trace_all = 0;
int ripple_trace_names = 0;

// `RIPPLE_TRACE=1` (anything but empty or "0") traces every observer from the start.
// Read once, when the library loads: nothing on the engine's paths asks for it.
__attribute__((constructor)) static void read_trace_switch(void) {
    const char *value = getenv("RIPPLE_TRACE");
    if (value != NULL && value[0] != '\0' && !(value[0] == '0' && value[1] == '\0')) {
        ripple_trace_all = 1;
        ripple_trace_names = 1;
    }
}

#if defined(__APPLE__)
int ripple_is_main_thread(void) {
    return pthread_main_np();
}
#else
#include <unistd.h>
#include <sys/syscall.h>

// Recorded when the library loads, which happens on the main thread: comparing
// thread handles is cheaper than asking the kernel for the thread's id.
static pthread_t main_thread;
static int main_thread_known = 0;

__attribute__((constructor)) static void record_main_thread(void) {
    if ((pid_t)syscall(SYS_gettid) == getpid()) {
        main_thread = pthread_self();
        main_thread_known = 1;
    }
}

int ripple_is_main_thread(void) {
    if (main_thread_known) {
        return pthread_equal(pthread_self(), main_thread);
    }
    return (pid_t)syscall(SYS_gettid) == getpid();
}
#endif

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

void ripple_write_standard_error(const char *line) {
    fflush(stdout);
    fputs(line, stderr);
    fputc('\n', stderr);
    fflush(stderr);
}
