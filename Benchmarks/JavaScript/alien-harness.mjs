// The JavaScript side of RippleBenchmarks' family B: every shape written against
// alien-signals' own API, with the parameters, check values and protocols of the Swift
// side. RippleBenchmarks runs it as a child process, one shape per process, alternating
// with its own runs; it also runs alone:
//
//   node --expose-gc --stack-size=4096 alien-harness.mjs --alien PATH [--quick] SHAPE...
//   node alien-harness.mjs --list
//
// Each shape warms up untimed until two consecutive runs of its protocol agree within
// 5% (at most --warm-up-runs runs or --warm-up-seconds), then runs the protocol once and
// prints one JSON line: {"shape", "unit" ("ms" or "ns"), "value", "warm_up_runs",
// "warm_up_settled"}. A wrong check value exits with status 1. Plain ES modules, no
// dependencies.

import { pathToFileURL } from "node:url";
import { cellxShapes } from "./cellx.mjs";
import { dynamicShapes } from "./dynamic.mjs";
import { kairoShapes } from "./kairo.mjs";
import { molBenchShapes } from "./molbench.mjs";
import { propagateShapes } from "./propagate.mjs";
import { CheckFailure, RunMode, now, setWorkUnits } from "./protocol.mjs";
import { sbenchShapes } from "./sbench.mjs";

/** Every shape by its Swift function's name, with the unit its protocol reports. */
const shapes = new Map();
for (const [group, unit] of [
  [kairoShapes, "ms"],
  [molBenchShapes, "ms"],
  [cellxShapes, "ms"],
  [dynamicShapes, "ms"],
  [sbenchShapes, "ms"],
  [propagateShapes, "ns"],
]) {
  for (const [name, run] of Object.entries(group)) shapes.set(name, { run, unit });
}

const requiredExports = ["signal", "computed", "effect", "effectScope", "startBatch", "endBatch"];

function usage(message) {
  if (message) console.error(`alien-harness: ${message}`);
  console.error(
    "usage: node --expose-gc --stack-size=4096 alien-harness.mjs --alien PATH [--quick] " +
      "[--warm-up-runs N] [--warm-up-seconds S] SHAPE...\n" +
      "       node alien-harness.mjs --list",
  );
  process.exit(2);
}

function parseArguments(argv) {
  const options = { alien: null, quick: false, warmUpRuns: 10, warmUpSeconds: 20, list: false, shapes: [] };
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i];
    const value = () => argv[++i] ?? usage(`${argument} needs a value`);
    switch (argument) {
      case "--alien": options.alien = value(); break;
      case "--quick": options.quick = true; break;
      case "--warm-up-runs": options.warmUpRuns = Number(value()); break;
      case "--warm-up-seconds": options.warmUpSeconds = Number(value()); break;
      case "--list": options.list = true; break;
      default:
        if (argument.startsWith("-")) usage(`unknown option ${argument}`);
        options.shapes.push(argument);
    }
  }
  return options;
}

/** Whether two runs agree within 5% of the smaller. */
function agree(a, b) {
  return Math.abs(a - b) <= 0.05 * Math.min(a, b);
}

/** Runs `run` until two consecutive results agree within 5%, at most `maxRuns` times or `maxSeconds`. */
function warmUp(run, maxRuns, maxSeconds) {
  const start = now();
  let previous = run();
  let runs = 1;
  while (runs < maxRuns && now() - start < maxSeconds * 1000) {
    const current = run();
    runs++;
    if (agree(previous, current)) return { runs, settled: true };
    previous = current;
  }
  return { runs, settled: false };
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  if (options.list) {
    for (const [name, { unit }] of shapes) console.log(`${name} ${unit}`);
    return;
  }
  if (!options.alien) usage("--alien PATH is required");
  if (options.shapes.length === 0) usage("no shape given");
  for (const name of options.shapes) {
    if (!shapes.has(name)) usage(`unknown shape ${name}`);
  }
  const alien = await import(pathToFileURL(options.alien).href);
  const missing = requiredExports.filter((name) => typeof alien[name] !== "function");
  if (missing.length > 0) {
    throw new Error(`${options.alien} does not export ${missing.join(", ")}: not an alien-signals build`);
  }
  setWorkUnits(100, 16);
  const mode = new RunMode(options.quick);
  for (const name of options.shapes) {
    const { run, unit } = shapes.get(name);
    const warm = warmUp(() => run(alien, mode), options.warmUpRuns, options.warmUpSeconds);
    const value = run(alien, mode);
    console.log(
      JSON.stringify({ shape: name, unit, value, warm_up_runs: warm.runs, warm_up_settled: warm.settled }),
    );
  }
}

main().catch((error) => {
  if (error instanceof CheckFailure) {
    console.error(`alien-harness: check failed: ${error.message}`);
  } else {
    console.error(`alien-harness: ${error?.stack ?? error}`);
  }
  process.exit(1);
});
