// molBench (from $mol_wire's benchmark) against alien-signals, under the kairo
// protocol as in Benchmarks/RippleBenchmarks/FamilyB/MolBench.swift.

import { checkEqual, hard } from "./protocol.mjs";
import { kairoProtocol } from "./kairo.mjs";

/**
 * A, B -> C, D -> E, F -> G with effects H, I, J. After the build the log is
 * [3201, 1604, 3196]; each iteration logs [3204, 1607] after the first batch and
 * [3204, 1607, 3201, 1604] after the second (F recomputes to an equal value: J never runs).
 */
function molBench({ signal, computed, effect, startBatch, endBatch }) {
  const log = [];
  const a = signal(0);
  const b = signal(0);
  const c = computed(() => (a() % 2) + (b() % 2));
  const d = computed(() => [0, 1, 2, 3, 4].map((i) => ({ x: i + (a() % 2) - (b() % 2) })));
  const e = computed(() => hard(c() + a() + d()[0].x));
  const f = computed(() => hard(d()[2].x || b()));
  const g = computed(() => c() + (c() || e() % 2) + d()[4].x + f());
  // Block bodies: alien-signals 3.2 treats an effect's return value as its cleanup.
  effect(() => {
    log.push(hard(g())); // H
  });
  effect(() => {
    log.push(g()); // I
  });
  effect(() => {
    log.push(hard(f())); // J
  });
  checkEqual(log, [3201, 1604, 3196], "molBench log after the build");
  let i = 0;
  return () => {
    i++;
    log.length = 0;
    startBatch();
    b(1);
    a(1 + i * 2);
    endBatch();
    checkEqual(log, [3204, 1607], "molBench log after the first batch");
    startBatch();
    a(2 + i * 2);
    b(2);
    endBatch();
    checkEqual(log, [3204, 1607, 3201, 1604], "molBench log after the second batch");
  };
}

export const molBenchShapes = {
  bench_kairo_molBench: (alien, mode) => kairoProtocol(alien, mode, molBench),
};
