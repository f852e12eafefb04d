// The "dynamic" graphs of js-reactivity-benchmark (from Reactively's benchmark)
// against alien-signals, as Benchmarks/RippleBenchmarks/FamilyB/DynamicGraphs.swift.

import { checkEqual, collectGarbage, now, withBuild } from "./protocol.mjs";
import { checkPseudoRandom, pseudoRandom } from "./random.mjs";

/**
 * Builds the graph in an effect scope: `width` sources holding their index,
 * `totalLayers - 1` computed layers, one effect reading every read leaf in order.
 */
function makeGraph(alien, config) {
  const counter = { count: 0 };
  const { built, dispose } = withBuild(alien, () => {
    const sources = [];
    for (let i = 0; i < config.width; i++) sources.push(alien.signal(i));
    const random = pseudoRandom();
    let row = sources;
    for (let layer = 0; layer < config.totalLayers - 1; layer++) {
      row = makeRow(alien, row, config, counter, random);
    }
    const pick = pseudoRandom();
    const readLeaves = row.slice();
    const skipCount = Math.round(row.length * (1 - config.readFraction));
    for (let i = 0; i < skipCount; i++) {
      readLeaves.splice(Math.floor(pick() * readLeaves.length), 1);
    }
    alien.effect(() => {
      for (const leaf of readLeaves) leaf();
    });
    return { sources, readLeaves };
  });
  return { ...built, counter, dispose };
}

/** Node j reads `previous[(j + k) % width]` for k < nSources; one draw per node decides static or dynamic. */
function makeRow({ computed }, previous, config, counter, random) {
  return previous.map((_, index) => {
    const inputs = [];
    for (let k = 0; k < config.nSources; k++) inputs.push(previous[(index + k) % previous.length]);
    if (random() < config.staticFraction) {
      return computed(() => {
        counter.count++;
        let sum = 0;
        for (const input of inputs) sum += input();
        return sum;
      });
    }
    // Dynamic: when the first source's value is odd, skip one of the others.
    const first = inputs[0];
    const tail = inputs.slice(1);
    return computed(() => {
      counter.count++;
      let sum = first();
      const shouldDrop = sum & 0x1;
      const dropIndex = sum % tail.length;
      for (let i = 0; i < tail.length; i++) {
        if (shouldDrop && i === dropIndex) continue;
        sum += tail[i]();
      }
      return sum;
    });
  });
}

/** One write per iteration, each in its own batch, then a read of every read leaf; returns the leaves' sum. */
function runGraph({ startBatch, endBatch }, graph, iterations) {
  const { sources, readLeaves } = graph;
  for (let i = 0; i < iterations; i++) {
    const index = i % sources.length;
    startBatch();
    sources[index](i + index);
    endBatch();
    for (const leaf of readLeaves) leaf();
  }
  return readLeaves.reduce((total, leaf) => leaf() + total, 0);
}

/** Build, 3 warm-up runs, then the minimum of 5 timed runs (quick: 1 and 1), in ms; sum and count checked. */
function dynamicProtocol(alien, mode, config) {
  const graph = makeGraph(alien, config);
  for (let run = 0; run < mode.pick(3, 1); run++) runGraph(alien, graph, config.iterations);
  let fastest = Infinity;
  for (let run = 0; run < mode.pick(5, 1); run++) {
    const start = now();
    graph.counter.count = 0;
    const sum = runGraph(alien, graph, config.iterations);
    const elapsed = now() - start;
    checkEqual(sum, config.sum, `${config.title} sum`);
    checkEqual(graph.counter.count, config.count, `${config.title} count`);
    fastest = Math.min(fastest, elapsed);
  }
  graph.dispose();
  collectGarbage();
  return fastest;
}

const configs = {
  "2-10x5": { title: "2-10x5 - lazy80%", width: 10, totalLayers: 5, staticFraction: 1, nSources: 2,
    readFraction: 0.2, iterations: 600000, sum: 19199968, count: 3480000 },
  "6-10x10": { title: "6-10x10 - dyn25% - lazy80%", width: 10, totalLayers: 10, staticFraction: 0.75, nSources: 6,
    readFraction: 0.2, iterations: 15000, sum: 302310782860, count: 1155000 },
  "4-1000x12": { title: "4-1000x12 - dyn5%", width: 1000, totalLayers: 12, staticFraction: 0.95, nSources: 4,
    readFraction: 1, iterations: 7000, sum: 29355933696000, count: 1463000 },
  "25-1000x5": { title: "25-1000x5", width: 1000, totalLayers: 5, staticFraction: 1, nSources: 25,
    readFraction: 1, iterations: 3000, sum: 1171484375000, count: 732000 },
  "3-5x500": { title: "3-5x500", width: 5, totalLayers: 500, staticFraction: 1, nSources: 3,
    readFraction: 1, iterations: 500, sum: 3.0239642676898464e241, count: 1246500 },
  "6-100x15": { title: "6-100x15 - dyn50%", width: 100, totalLayers: 15, staticFraction: 0.5, nSources: 6,
    readFraction: 1, iterations: 2000, sum: 15664996402790400, count: 1078000 },
};

/** The harness's three small graphs, counted from the build on; returns the ms they took. */
function smallChecks(alien) {
  const checks = [
    { title: "3x3 static", width: 3, totalLayers: 3, staticFraction: 1, nSources: 2,
      readFraction: 1, iterations: 2, sum: 16, count: 11 },
    { title: "3x3 static, read 2/3", width: 3, totalLayers: 3, staticFraction: 1, nSources: 2,
      readFraction: 2 / 3, iterations: 10, sum: 72, count: 41 },
    { title: "4x2 dynamic", width: 4, totalLayers: 2, staticFraction: 0.5, nSources: 2,
      readFraction: 1, iterations: 10, sum: 72, count: 22 },
  ];
  const start = now();
  for (const config of checks) {
    const graph = makeGraph(alien, config);
    const sum = runGraph(alien, graph, config.iterations);
    checkEqual(sum, config.sum, `${config.title} sum`);
    checkEqual(graph.counter.count, config.count, `${config.title} count`);
    graph.dispose();
  }
  return now() - start;
}

let randomChecked = false;

/** Checks the generator once, before the first dynamic shape builds anything. */
function checked(run) {
  return (alien, mode) => {
    if (!randomChecked) {
      checkPseudoRandom(checkEqual);
      randomChecked = true;
    }
    return run(alien, mode);
  };
}

export const dynamicShapes = {
  bench_dynamic_smallChecks: checked((alien) => smallChecks(alien)),
  bench_dynamic_2_10x5_lazy80: checked((alien, mode) => dynamicProtocol(alien, mode, configs["2-10x5"])),
  bench_dynamic_6_10x10_dyn25_lazy80: checked((alien, mode) => dynamicProtocol(alien, mode, configs["6-10x10"])),
  bench_dynamic_4_1000x12_dyn5: checked((alien, mode) => dynamicProtocol(alien, mode, configs["4-1000x12"])),
  bench_dynamic_25_1000x5: checked((alien, mode) => dynamicProtocol(alien, mode, configs["25-1000x5"])),
  bench_dynamic_3_5x500: checked((alien, mode) => dynamicProtocol(alien, mode, configs["3-5x500"])),
  bench_dynamic_6_100x15_dyn50: checked((alien, mode) => dynamicProtocol(alien, mode, configs["6-100x15"])),
};
