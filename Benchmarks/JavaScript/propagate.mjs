// The propagate shape against alien-signals, as
// Benchmarks/RippleBenchmarks/FamilyB/Propagate.swift: one signal, `w` chains of `h`
// computeds, an effect at each tail; one operation is an unbatched `src = src + 1`.

import { checkEqual, collectGarbage, median, now, withBuild } from "./protocol.mjs";

/**
 * Nanoseconds per write: the median of 15 samples of 2,000,000 / (w * h) writes (quick:
 * 5 samples of 200,000 / (w * h)). After each sample every tail equals src + h and each
 * effect has run once per write.
 */
function propagate(alien, mode, w, h) {
  const { signal, computed, effect } = alien;
  let runs = 0;
  const { built, dispose } = withBuild(alien, () => {
    const src = signal(0);
    const tails = [];
    for (let chain = 0; chain < w; chain++) {
      let previous = src;
      for (let k = 0; k < h; k++) {
        const link = previous;
        previous = computed(() => link() + 1);
      }
      const tail = previous;
      tails.push(tail);
      effect(() => {
        tail();
        runs++;
      });
    }
    return { src, tails };
  });
  const { src, tails } = built;
  checkEqual(runs, w, `propagate w${w} h${h} effect runs after the build`);

  const writes = Math.max(1, Math.floor(mode.pick(2000000, 200000) / (w * h)));
  const samples = [];
  for (let sample = 0; sample < mode.pick(15, 5); sample++) {
    runs = 0;
    const start = now();
    for (let i = 0; i < writes; i++) src(src() + 1);
    samples.push(((now() - start) * 1e6) / writes);
    checkEqual(runs, w * writes, `propagate w${w} h${h} effect runs`);
    for (const tail of tails) checkEqual(tail(), src() + h, `propagate w${w} h${h} tail`);
  }
  dispose();
  collectGarbage();
  return median(samples);
}

export const propagateShapes = {};
for (const w of [1, 10, 100]) {
  for (const h of [1, 10, 100]) {
    propagateShapes[`bench_propagate_w${w}_h${h}`] = (alien, mode) => propagate(alien, mode, w, h);
  }
}
