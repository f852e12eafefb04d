// The cellx benchmark (Riim/cellx perf.html) against alien-signals, as
// Benchmarks/RippleBenchmarks/FamilyB/Cellx.swift runs it.

import { checkEqual, collectGarbage, now, withBuild } from "./protocol.mjs";

/** A layer reading the previous one, with one effect on each new node. */
function cellxLayer({ computed, effect }, m) {
  const s = {
    prop1: computed(() => m.prop2()),
    prop2: computed(() => m.prop1() - m.prop3()),
    prop3: computed(() => m.prop2() + m.prop4()),
    prop4: computed(() => m.prop3()),
  };
  effect(() => {
    s.prop1();
  });
  effect(() => {
    s.prop2();
  });
  effect(() => {
    s.prop3();
  });
  effect(() => {
    s.prop4();
  });
  return s;
}

/**
 * One run: builds the graph in an effect scope (not timed), then times reading the
 * four end nodes, one batch writing the four sources, and reading the end nodes again.
 * Returns the elapsed ms; checks the values read against `expected`.
 */
function cellxRun(alien, layers, expected) {
  const { signal, startBatch, endBatch } = alien;
  const { built, dispose } = withBuild(alien, () => {
    const start = { prop1: signal(1), prop2: signal(2), prop3: signal(3), prop4: signal(4) };
    let layer = start;
    for (let i = 0; i < layers; i++) layer = cellxLayer(alien, layer);
    return { start, end: layer };
  });
  const { start, end } = built;

  const begin = now();
  const before = [end.prop1(), end.prop2(), end.prop3(), end.prop4()];
  startBatch();
  start.prop1(4);
  start.prop2(3);
  start.prop3(2);
  start.prop4(1);
  endBatch();
  const after = [end.prop1(), end.prop2(), end.prop3(), end.prop4()];
  const elapsed = now() - begin;

  checkEqual(before, expected.before, `cellx${layers} end layer before the write`);
  checkEqual(after, expected.after, `cellx${layers} end layer after the write`);
  dispose();
  collectGarbage();
  return elapsed;
}

const small = { before: [-3, -6, -2, 2], after: [-2, -4, 2, 3] };
const large = { before: [2, 4, -1, -6], after: [-2, 1, -4, -4] };

/** The sum of 10 runs, each on a fresh graph, in ms; a quick run sums 2 and scales to 10. */
function cellxProtocol(alien, mode, layers, expected) {
  // One 1000-layer run first, as Swift's side does.
  cellxRun(alien, 1000, small);
  const runs = mode.pick(10, 2);
  let total = 0;
  for (let run = 0; run < runs; run++) total += cellxRun(alien, layers, expected);
  return total * (10 / runs);
}

export const cellxShapes = {
  bench_cellx_1000: (alien, mode) => cellxProtocol(alien, mode, 1000, small),
  bench_cellx_2500: (alien, mode) => cellxProtocol(alien, mode, 2500, small),
  bench_cellx_5000: (alien, mode) => cellxProtocol(alien, mode, 5000, large),
};
