// `node scripts/bench-time-travel.mjs [query] [minutes] [--each] [--plan]`: how long a seek takes
// over a run of `minutes` simulated minutes once the worker's checkpoints are built, and the heap
// the live run and its parked checkpoints hold. With --plan, only the grid the budget allows
// (worker/checkpoints.ts, each point weighed as the live run was there) and how far each of the
// seeded seeks would replay from it: what a seek costs, whatever the machine's load. Not a test:
// it prints figures for docs/benchmarks.md.
import { performance } from "node:perf_hooks";
import v8 from "node:v8";
import vm from "node:vm";
import { loadModel } from "./load-model.mjs";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc");
const query = process.argv[2] ?? "";
const minutes = Number(process.argv[3] ?? "10");
const SEEKS = 30;

const model = await loadModel({
  createSimulation: "./src/sim/simulation.ts",
  parseScenario: "./src/sim/scenario/index.ts",
  createTimeTravel: "./src/worker/time-travel.ts",
  hostSingle: "./src/worker/hosted-run.ts",
  estimateRunBytes: "./src/worker/run-size.ts",
  weighRun: "./src/worker/run-size.ts",
  Checkpoints: "./src/worker/checkpoints.ts",
  SizeHistory: "./src/worker/size-history.ts",
  totalBytes: "./src/worker/run-weight.ts",
});
/** The heap and the typed arrays' backing stores (which heapUsed leaves out), after a full GC. */
const heapMB = () => {
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return (heapUsed + arrayBuffers) / 1e6;
};
/**
 * The end of a job, as between the worker's messages and timers: weak references (the runs' shared
 * chunks, sim/lib/sealed-chunks.ts) keep their targets until then, so a bench run as one job would
 * hold every chunk it ever made.
 */
const endOfJob = () => new Promise((resolve) => setImmediate(resolve));
const baseMB = heapMB();
const endNs = minutes * 60e9;
const queue = [];
const travel = model.createTimeTravel({
  create: (scenario) => model.hostSingle(model.createSimulation, scenario),
  wallNowMs: () => performance.now(),
  later: (callback) => queue.push(callback),
});
/** Runs the builder's idle turns, each a job, until it has nothing left to build; returns the ms spent. */
const drain = async () => {
  const start = performance.now();
  while (queue.length > 0) {
    queue.shift()();
    await endOfJob();
  }
  return performance.now() - start;
};

// Seeded targets (a fixed LCG), so two runs of the bench seek to the same moments.
let seed = 12345;
const nextTarget = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return Math.round((seed / 2 ** 31) * endNs);
};

if (process.argv.includes("--plan")) {
  const run = model.hostSingle(model.createSimulation, model.parseScenario(query).scenario);
  const sizes = new model.SizeHistory();
  for (let t = 1e9; t <= endNs; t += 1e9) {
    run.advanceTo(t);
    sizes.record(t, model.weighRun(run));
    await endOfJob();
  }
  const live = model.weighRun(run);
  const sizeAt = (tNs) => sizes.at(tNs, live);
  const checkpoints = new model.Checkpoints();
  for (let t = checkpoints.missing(endNs, live, sizeAt); t !== null; ) {
    checkpoints.park({ nowNs: t }, true, sizeAt(t), live);
    t = checkpoints.missing(endNs, live, sizeAt);
  }
  const times = checkpoints.times();
  const replays = Array.from({ length: SEEKS }, (_, i) => {
    const target = i === SEEKS - 1 ? endNs : nextTarget();
    return (target - Math.max(0, ...times.filter((t) => t <= target))) / 1e9;
  }).sort((a, b) => a - b);
  const q = (p) => replays[Math.min(replays.length - 1, Math.floor(p * replays.length))];
  const weights = [live, ...times.map(sizeAt)];
  console.log(`grid: ${times.length} points, ${times.map((t) => t / 1e9).join(", ")} s`);
  console.log(
    `estimate of the live run and the grid: ${(model.totalBytes(weights) / 1e6).toFixed(1)} MB`,
  );
  console.log(
    `replay over ${SEEKS} seeks: median ${q(0.5).toFixed(1)} s, p90 ${q(0.9).toFixed(1)} s, max ${replays.at(-1).toFixed(1)} s`,
  );
  process.exit(0);
}

let live = model.hostSingle(model.createSimulation, model.parseScenario(query).scenario);
travel.start(live);
const playStart = performance.now();
let buildMs = 0;
for (let t = 1e9; t <= endNs; t += 1e9) {
  live.advanceTo(t);
  travel.reached(live);
  await endOfJob();
  if (t % 60e9 === 0) buildMs += await drain();
}
const playMs = performance.now() - playStart - buildMs;
buildMs += await drain();
const heldMB = heapMB() - baseMB;

const latencies = [];
for (let i = 0; i < SEEKS; i++) {
  const target = i === SEEKS - 1 ? endNs : nextTarget();
  const fromNs = Math.max(...travel.checkpointTimes().filter((t) => t <= target), 0);
  const start = performance.now();
  live = travel.seek(live, target);
  latencies.push(performance.now() - start);
  await endOfJob();
  if (process.argv.includes("--each")) {
    console.log(
      `seek to ${(target / 1e9).toFixed(1)} s (parked at or before: ${fromNs / 1e9} s): ${latencies.at(-1).toFixed(0)} ms`,
    );
  }
  await drain();
}
const afterMB = heapMB() - baseMB;
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
console.log(
  `node ${process.version}, ${new Date().toISOString()}, scenario "${query}", ${minutes} min`,
);
console.log(
  `live run: ${(playMs / 1000).toFixed(2)} s wall; builder: ${(buildMs / 1000).toFixed(2)} s wall`,
);
console.log(
  `checkpoints: ${travel
    .checkpointTimes()
    .map((t) => t / 1e9)
    .join(", ")} s`,
);
console.log(
  `heap and typed arrays held by the live run and checkpoints after a full gc: ${heldMB.toFixed(1)} MB`,
);
console.log(`the same after the seeks: ${afterMB.toFixed(1)} MB`);
console.log(
  `the live run by run-size.ts's estimate (calibrated in Chromium, where a run holds about 0.7 of Node's heap): ${(model.estimateRunBytes(live) / 1e6).toFixed(1)} MB`,
);
console.log(
  `seek latency over ${SEEKS} seeks: median ${at(0.5).toFixed(0)} ms, p90 ${at(0.9).toFixed(0)} ms, max ${latencies.at(-1).toFixed(0)} ms`,
);
