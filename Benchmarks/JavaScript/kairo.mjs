// The kairo shapes of js-reactivity-benchmark against alien-signals' own API, with
// the parameters, check values and protocol of Benchmarks/RippleBenchmarks/FamilyB/Kairo.swift.
// Every write happens inside its own batch.

import { busy, checkEqual, collectGarbage, now, withBuild } from "./protocol.mjs";

/**
 * The kairo protocol: build inside an effect scope (not timed), run `iter()` 3 times,
 * then the minimum of 10 samples of 500 `iter()` calls, in ms. A quick run takes 3
 * samples of 50 calls and scales the minimum to 500 calls.
 */
export function kairoProtocol(alien, mode, build) {
  const { built: iter, dispose } = withBuild(alien, () => build(alien));
  iter();
  iter();
  iter();
  const samples = mode.pick(10, 3);
  const callsPerSample = mode.pick(500, 50);
  let fastest = Infinity;
  for (let sample = 0; sample < samples; sample++) {
    const start = now();
    for (let call = 0; call < callsPerSample; call++) iter();
    fastest = Math.min(fastest, now() - start);
  }
  dispose();
  collectGarbage();
  return fastest * (500 / callsPerSample);
}

/** Only c1 and c2 recompute: c2 always yields 0, so the change stops there. */
function avoidablePropagation({ signal, computed, effect, startBatch, endBatch }) {
  const head = signal(0);
  const c1 = computed(() => head());
  const c2 = computed(() => {
    c1();
    return 0;
  });
  const c3 = computed(() => {
    busy();
    return c2() + 1;
  });
  const c4 = computed(() => c3() + 2);
  const c5 = computed(() => c4() + 3);
  effect(() => {
    c5();
    busy();
  });
  return () => {
    startBatch();
    head(1);
    endBatch();
    checkEqual(c5(), 6, "avoidablePropagation c5");
    for (let i = 0; i < 1000; i++) {
      startBatch();
      head(i);
      endBatch();
      checkEqual(c5(), 6, "avoidablePropagation c5");
    }
  };
}

/** One head, 50 branches of two computeds and an effect each. */
function broadPropagation({ signal, computed, effect, startBatch, endBatch }) {
  const head = signal(0);
  let count = 0;
  let last;
  for (let i = 0; i < 50; i++) {
    const current = computed(() => head() + i);
    const current2 = computed(() => current() + 1);
    effect(() => {
      current2();
      count++;
    });
    last = current2;
  }
  return () => {
    startBatch();
    head(1);
    endBatch();
    count = 0;
    for (let i = 0; i < 50; i++) {
      startBatch();
      head(i);
      endBatch();
      checkEqual(last(), i + 50, "broadPropagation last");
    }
    checkEqual(count, 2500, "broadPropagation effect runs");
  };
}

/** A chain of 50 computeds with one effect at the end. */
function deepPropagation({ signal, computed, effect, startBatch, endBatch }) {
  const length = 50;
  const head = signal(0);
  let current = computed(() => head() + 1);
  for (let k = 1; k < length; k++) {
    const previous = current;
    current = computed(() => previous() + 1);
  }
  const last = current;
  let count = 0;
  effect(() => {
    last();
    count++;
  });
  return () => {
    startBatch();
    head(1);
    endBatch();
    count = 0;
    for (let i = 0; i < 50; i++) {
      startBatch();
      head(i);
      endBatch();
      checkEqual(last(), length + i, "deepPropagation last");
    }
    checkEqual(count, 50, "deepPropagation effect runs");
  };
}

/** Five computeds of one head, summed in order by a sixth. */
function diamond({ signal, computed, effect, startBatch, endBatch }) {
  const width = 5;
  const head = signal(0);
  const current = [];
  for (let i = 0; i < width; i++) current.push(computed(() => head() + 1));
  const sum = computed(() => current.reduce((total, node) => total + node(), 0));
  let count = 0;
  effect(() => {
    sum();
    count++;
  });
  return () => {
    startBatch();
    head(1);
    endBatch();
    checkEqual(sum(), 2 * width, "diamond sum");
    count = 0;
    for (let i = 0; i < 500; i++) {
      startBatch();
      head(i);
      endBatch();
      checkEqual(sum(), (i + 1) * width, "diamond sum");
    }
    checkEqual(count, 500, "diamond effect runs");
  };
}

/** 100 heads gathered into one new object (index -> value) per run, split again into 100 computeds. */
function mux({ signal, computed, effect, startBatch, endBatch }) {
  const heads = [];
  for (let i = 0; i < 100; i++) heads.push(signal(0));
  const table = computed(() => {
    const values = {};
    for (let index = 0; index < heads.length; index++) values[index] = heads[index]();
    return values;
  });
  const split = heads
    .map((_, index) => computed(() => table()[index]))
    .map((x) => computed(() => x() + 1));
  for (const x of split) {
    effect(() => {
      x();
    });
  }
  return () => {
    for (let i = 0; i < 10; i++) {
      startBatch();
      heads[i](i);
      endBatch();
      checkEqual(split[i](), i + 1, `mux split[${i}]`);
    }
    for (let i = 0; i < 10; i++) {
      startBatch();
      heads[i](i * 2);
      endBatch();
      checkEqual(split[i](), i * 2 + 1, `mux split[${i}]`);
    }
  };
}

/** One computed reads the head 30 times. */
function repeatedObservers({ signal, computed, effect, startBatch, endBatch }) {
  const size = 30;
  const head = signal(0);
  const current = computed(() => {
    let result = 0;
    for (let i = 0; i < size; i++) result += head();
    return result;
  });
  let count = 0;
  effect(() => {
    current();
    count++;
  });
  return () => {
    startBatch();
    head(1);
    endBatch();
    checkEqual(current(), size, "repeatedObservers current");
    count = 0;
    for (let i = 0; i < 100; i++) {
      startBatch();
      head(i);
      endBatch();
      checkEqual(current(), i * size, "repeatedObservers current");
    }
    checkEqual(count, 100, "repeatedObservers effect runs");
  };
}

/** A chain of 10 and a computed that sums the head and the first nine links. */
function triangle({ signal, computed, effect, startBatch, endBatch }) {
  const width = 10;
  const head = signal(0);
  const chain = [];
  let previous = computed(() => head() + 1);
  chain.push(previous);
  for (let k = 2; k <= width; k++) {
    const link = previous;
    previous = computed(() => link() + 1);
    chain.push(previous);
  }
  // The list holds the head and the first width - 1 links; the last link is created
  // and never read, as in the original.
  const list = [head, ...chain.slice(0, width - 1)];
  const sum = computed(() => list.reduce((total, node) => total + node(), 0));
  let count = 0;
  effect(() => {
    sum();
    count++;
  });
  const constant = (width * (width + 1)) / 2;
  return () => {
    startBatch();
    head(1);
    endBatch();
    checkEqual(sum(), constant, "triangle sum");
    count = 0;
    for (let i = 0; i < 100; i++) {
      startBatch();
      head(i);
      endBatch();
      checkEqual(sum(), constant - width + i * width, "triangle sum");
    }
    checkEqual(count, 100, "triangle effect runs");
  };
}

/** A computed whose dependencies switch with the head's parity on every write. */
function unstable({ signal, computed, effect, startBatch, endBatch }) {
  const head = signal(0);
  const double = computed(() => head() * 2);
  const inverse = computed(() => -head());
  const current = computed(() => {
    let result = 0;
    for (let i = 0; i < 20; i++) {
      result += head() % 2 ? double() : inverse();
    }
    return result;
  });
  let count = 0;
  effect(() => {
    current();
    count++;
  });
  return () => {
    startBatch();
    head(1);
    endBatch();
    checkEqual(current(), 40, "unstable current");
    count = 0;
    for (let i = 0; i < 100; i++) {
      startBatch();
      head(i);
      endBatch();
    }
    checkEqual(count, 100, "unstable effect runs");
  };
}

/** Each kairo shape under the kairo protocol, by its Swift function's name. */
export const kairoShapes = {
  bench_kairo_avoidablePropagation: (alien, mode) => kairoProtocol(alien, mode, avoidablePropagation),
  bench_kairo_broadPropagation: (alien, mode) => kairoProtocol(alien, mode, broadPropagation),
  bench_kairo_deepPropagation: (alien, mode) => kairoProtocol(alien, mode, deepPropagation),
  bench_kairo_diamond: (alien, mode) => kairoProtocol(alien, mode, diamond),
  bench_kairo_mux: (alien, mode) => kairoProtocol(alien, mode, mux),
  bench_kairo_repeatedObservers: (alien, mode) => kairoProtocol(alien, mode, repeatedObservers),
  bench_kairo_triangle: (alien, mode) => kairoProtocol(alien, mode, triangle),
  bench_kairo_unstable: (alien, mode) => kairoProtocol(alien, mode, unstable),
};
