// What every shape shares: the clock, the run mode, the checks, the work units
// (busy, fib) and the build scope, mirroring Benchmarks/RippleBenchmarks/Harness.swift.

/** How much work a run does; the same numbers as Swift's `RunMode.pick`. */
export class RunMode {
  constructor(quick) {
    this.quick = quick;
  }

  pick(full, quick) {
    return this.quick ? quick : full;
  }
}

/** Milliseconds on the monotonic clock, with nanosecond resolution. */
export function now() {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** A wrong check value means the benchmark measured something else: fail the run. */
export class CheckFailure extends Error {}

/** Asserts a check value; arrays compare element by element. */
export function checkEqual(actual, expected, what) {
  const same = Array.isArray(expected)
    ? Array.isArray(actual) &&
      actual.length === expected.length &&
      actual.every((value, index) => value === expected[index])
    : actual === expected;
  if (!same) {
    throw new CheckFailure(
      `${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`,
    );
  }
}

// Set at startup by `setWorkUnits`, as Swift's main.swift sets them through `opaque`,
// so that the JIT cannot fold them to constants.
let busySteps = 0;
let fibArgument = 0;
let sink = 0;

/** Sets the bounds of `busy()` and `hard()`; the entry point calls it once. */
export function setWorkUnits(steps, argument) {
  busySteps = steps;
  fibArgument = argument;
}

/** Consumes a result so that the JIT cannot delete the work that produced it. */
export function blackHole(value) {
  sink ^= value | 0;
}

/** The shapes' `busy()`: 100 counting steps whose result is consumed. */
export function busy() {
  let a = 0;
  for (let step = 0; step < busySteps; step++) {
    a = (a * 3 + 1) | 0;
  }
  blackHole(a);
}

/** molBench's unit of heavy work: the naive Fibonacci. */
export function fib(n) {
  return n < 2 ? 1 : fib(n - 1) + fib(n - 2);
}

/** `n + fib(16)`. */
export function hard(n) {
  return n + fib(fibArgument);
}

/**
 * Runs `build` inside an effect scope, as the reference harness's `withBuild` does;
 * returns what `build` returned and the scope's dispose function.
 */
export function withBuild(alien, build) {
  let built;
  const dispose = alien.effectScope(() => {
    built = build();
  });
  return { built, dispose };
}

/** Collects garbage outside the timed regions when node runs with --expose-gc, as the
 * reference harness does; Swift's side frees its graphs outside the timed regions too. */
export function collectGarbage() {
  if (globalThis.gc) {
    globalThis.gc();
  }
}

/** The median of a list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
