#ifndef CJAVASCRIPT_MATH_H
#define CJAVASCRIPT_MATH_H

/// JavaScript's `x % y` on two doubles as V8's optimizing compiler emits it on x86-64:
/// the x87 `fprem` instruction, repeated until the reduction is complete. The result
/// is exact and equals C's `fmod(x, y)` (the dividend's sign; NaN for an infinite
/// dividend or a zero divisor). Elsewhere V8 calls `fmod`, and so does this.
///
/// glibc's `fmod` before 2.38 reduces one bit per step, with a branch on each: on
/// dividends near 2^53 it runs about 50 steps, and took about as long as all the rest
/// of a dynamic-graph node's work.
static inline double js_remainder(double x, double y) {
#if defined(__x86_64__)
    long double remainder;
    __asm__("1:\n\t"
            "fprem\n\t"
            "fnstsw %%ax\n\t"
            "testb $4, %%ah\n\t"  // C2 set: the reduction is partial, go again
            "jnz 1b"
            : "=t"(remainder)
            : "0"((long double)x), "u"((long double)y)
            : "ax", "cc");
    return (double)remainder;
#else
    return __builtin_fmod(x, y);
#endif
}

#endif
