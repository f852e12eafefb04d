// sbench (from Solid's bench.cjs) against alien-signals, as
// Benchmarks/RippleBenchmarks/FamilyB/SBench.swift: creating computations over many
// signals, and updating signals under many computations. COUNT = 100,000.

import { blackHole, checkEqual, collectGarbage, now } from "./protocol.mjs";

const count = 100000;

function makeSignals({ signal }, n) {
  const sources = new Array(n);
  for (let i = 0; i < n; i++) sources[i] = signal(i);
  return sources;
}

/** The update of the creation sub-tests: nothing. */
function noUpdate() {}

/**
 * Per sub-test: 3 warm-ups at n / 100, then the minimum of 10 timed runs, in ms (quick:
 * 1 and 3). A run creates the sources and reads each three times (not timed); the timed
 * region creates the computations inside an effect scope, runs the updates and disposes
 * of the scope.
 */
function sbenchProtocol(alien, mode, n, sourceCount, shape) {
  for (let warmUp = 0; warmUp < mode.pick(3, 1); warmUp++) {
    const sources = makeSignals(alien, sourceCount);
    let update;
    const dispose = alien.effectScope(() => {
      update = shape(alien, Math.floor(n / 100), sources);
    });
    update();
    dispose();
  }
  let fastest = Infinity;
  for (let run = 0; run < mode.pick(10, 3); run++) {
    const sources = makeSignals(alien, sourceCount);
    for (const source of sources) {
      source();
      source();
      source();
    }
    collectGarbage();
    const start = now();
    let update;
    const dispose = alien.effectScope(() => {
      update = shape(alien, n, sources);
    });
    update();
    dispose();
    fastest = Math.min(fastest, now() - start);
  }
  collectGarbage();
  return fastest;
}

// Creation. Effect bodies are blocks: alien-signals 3.2 treats a returned value as a cleanup.

function createSignals(alien, n) {
  const kept = makeSignals(alien, n);
  return () => blackHole(kept.length);
}

function create0to1({ effect }, n) {
  for (let i = 0; i < n; i++) {
    effect(() => {
      blackHole(i);
    });
  }
  return noUpdate;
}

function create1to1({ effect }, n, sources) {
  for (let i = 0; i < n; i++) {
    const source = sources[i];
    effect(() => {
      source();
    });
  }
  return noUpdate;
}

function create2to1({ effect }, n, sources) {
  for (let i = 0; i < n; i++) {
    const s1 = sources[i * 2], s2 = sources[i * 2 + 1];
    effect(() => {
      s1() + s2();
    });
  }
  return noUpdate;
}

function create4to1({ effect }, n, sources) {
  for (let i = 0; i < n; i++) {
    const s1 = sources[i * 4], s2 = sources[i * 4 + 1];
    const s3 = sources[i * 4 + 2], s4 = sources[i * 4 + 3];
    effect(() => {
      s1() + s2() + s3() + s4();
    });
  }
  return noUpdate;
}

function create1000to1({ effect }, n, sources) {
  for (let i = 0; i < n; i++) {
    const offset = i * 1000;
    effect(() => {
      let sum = 0;
      for (let j = 0; j < 1000; j++) sum += sources[offset + j]();
      blackHole(sum);
    });
  }
  return noUpdate;
}

/** `perSource` effects on each of `n / perSource` sources. */
function createFanOut(perSource) {
  return ({ effect }, n, sources) => {
    for (let i = 0; i < Math.floor(n / perSource); i++) {
      const source = sources[i];
      for (let j = 0; j < perSource; j++) {
        effect(() => {
          source();
        });
      }
    }
    return noUpdate;
  };
}

// Updates: `n` writes set(i) to the first source, each in its own batch.

function writes({ startBatch, endBatch }, n, source) {
  return () => {
    for (let i = 0; i < n; i++) {
      startBatch();
      source(i);
      endBatch();
    }
  };
}

function update1to1(alien, n, sources) {
  const s1 = sources[0];
  alien.effect(() => {
    s1();
  });
  return writes(alien, n, s1);
}

function update2to1(alien, n, sources) {
  const s1 = sources[0], s2 = sources[1];
  alien.effect(() => {
    s1() + s2();
  });
  return writes(alien, n, s1);
}

function update4to1(alien, n, sources) {
  const s1 = sources[0], s2 = sources[1], s3 = sources[2], s4 = sources[3];
  alien.effect(() => {
    s1() + s2() + s3() + s4();
  });
  return writes(alien, n, s1);
}

function update1000to1(alien, n, sources) {
  alien.effect(() => {
    let sum = 0;
    for (let i = 0; i < 1000; i++) sum += sources[i]();
    blackHole(sum);
  });
  return writes(alien, n, sources[0]);
}

/** `effects` effects on the first source; `n / divisor` writes. */
function updateFanOut(effects, divisor = 1) {
  return (alien, n, sources) => {
    const s1 = sources[0];
    for (let i = 0; i < effects; i++) {
      alien.effect(() => {
        s1();
      });
    }
    return writes(alien, Math.floor(n / divisor), s1);
  };
}

/**
 * sbench has no check values of its own: before its first run, a sub-test runs once at
 * n / 100 with every effect body counted (not timed), and the count must match what the
 * shape implies; a write after the scope's disposal must run nothing.
 */
function checkEffectRuns(alien, name, n, sourceCount, build, expectedRuns) {
  let runs = 0;
  const counting = {
    ...alien,
    effect: (body) =>
      alien.effect(() => {
        runs++;
        body();
      }),
  };
  const sources = makeSignals(alien, sourceCount);
  let update;
  const dispose = alien.effectScope(() => {
    update = build(counting, n, sources);
  });
  update();
  dispose();
  checkEqual(runs, expectedRuns(n), `${name} effect runs at n = ${n}`);
  if (sources.length > 0) {
    sources[0](-1);
    checkEqual(runs, expectedRuns(n), `${name} effect runs after the scope's disposal`);
  }
}

/** A sub-test: `n` computations over `sourceCount` sources; `expectedRuns(n)` effect runs in all. */
function subTest(name, n, sourceCount, build, expectedRuns) {
  let checked = false;
  return (alien, mode) => {
    if (!checked) {
      checkEffectRuns(alien, name, Math.floor(n / 100), sourceCount, build, expectedRuns);
      checked = true;
    }
    return sbenchProtocol(alien, mode, n, sourceCount, build);
  };
}

// The first write, set(0), stores the value the source already holds: it runs nothing.
const once = (n) => n;
const fanOut = (k) => (n) => Math.floor(n / k) * k;
const updates = (effects, writeCount) => (n) => effects + effects * (writeCount(n) - 1);

const subTests = [
  ["createSignals", count, count, createSignals, () => 0],
  ["create0to1", count, 0, create0to1, once],
  ["create1to1", count, count, create1to1, once],
  ["create2to1", count / 2, count, create2to1, once],
  ["create4to1", count / 4, count, create4to1, once],
  ["create1000to1", count / 1000, count, create1000to1, once],
  ["create1to2", count, count / 2, createFanOut(2), fanOut(2)],
  ["create1to4", count, count / 4, createFanOut(4), fanOut(4)],
  ["create1to8", count, count / 8, createFanOut(8), fanOut(8)],
  ["create1to1000", count, count / 1000, createFanOut(1000), fanOut(1000)],
  ["update1to1", count * 4, 1, update1to1, updates(1, once)],
  ["update2to1", count * 2, 2, update2to1, updates(1, once)],
  ["update4to1", count, 4, update4to1, updates(1, once)],
  ["update1000to1", count / 250, 1000, update1000to1, updates(1, once)],
  ["update1to2", count, 1, updateFanOut(2), updates(2, once)],
  ["update1to4", count, 1, updateFanOut(4), updates(4, once)],
  ["update1to1000", count, 1, updateFanOut(1000, 10), updates(1000, (n) => Math.floor(n / 10))],
];

export const sbenchShapes = Object.fromEntries(
  subTests.map(([name, n, sourceCount, build, expectedRuns]) => [
    `bench_sbench_${name}`,
    subTest(name, n, sourceCount, build, expectedRuns),
  ]),
);
