// `npm run bench`: how fast the simulation runs (simulated seconds per wall second, events per
// second) on the scenarios of docs/benchmarks.md, the command line timed end to end as a user
// runs it, and the heap over a 30-minute simulated run. Not a test: it prints figures.
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import v8 from "node:v8";
import vm from "node:vm";
import { loadModel } from "./load-model.mjs";

const CASES = [
  { name: "(a) default", query: "", seconds: 300 },
  {
    name: "(b) reads=10000&writes=1000&watchers=100",
    query: "reads=10000&writes=1000&watchers=100",
    seconds: 300,
  },
  { name: "(c) herd, fallback", query: "herd=1000@10,1000@40&lag=4000", seconds: 60 },
  {
    name: "(c) herd, skip gate",
    query: "herd=1000@10,1000@40&lag=4000&gates=ConsistentListFromCacheSkipTimeoutFallback=true",
    seconds: 60,
  },
];
const CLI_CASE = { query: "reads=10000&writes=1000&watchers=100", seconds: 300, budgetS: 3 };
const HEAP_CASES = [
  { query: "", checkpointsMin: [5, 10, 30] },
  { query: "reads=10000&writes=1000&watchers=100", checkpointsMin: [5, 10, 30] },
];

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc");

function scenarioOf(model, query) {
  const { scenario, issues } = model.parseScenario(query);
  if (issues.length > 0) throw new Error(`bench scenario "${query}": ${JSON.stringify(issues)}`);
  return scenario;
}

/** Scheduler events plus open-loop arrivals (which the driver runs outside the heap). */
function eventsOf(sim) {
  const arrivals = sim.world.openLoop.sources.reduce((n, s) => n + s.process.count, 0);
  return sim.world.scheduler.executed + arrivals;
}

function runInProcess(model, { name, query, seconds }) {
  const sim = model.createSimulation(scenarioOf(model, query));
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  for (let t = 1; t <= seconds; t++) sim.advanceTo(t * 1e9);
  const wallS = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuS = (cpu.user + cpu.system) / 1e6;
  const events = eventsOf(sim);
  return { name, seconds, wallS, cpuS, speed: seconds / wallS, eventsPerS: events / wallS, events };
}

function timeCli({ query, seconds, budgetS }) {
  const start = performance.now();
  const out = spawnSync(
    "npm",
    ["run", "-s", "sim", "--", "--scenario", query, "--duration", `${seconds}`],
    {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const wallS = (performance.now() - start) / 1000;
  if (out.status !== 0) throw new Error(`npm run sim failed: ${out.stderr}`);
  return { wallS, speed: seconds / wallS, withinBudget: wallS <= budgetS };
}

function heapOverTime(model, { query, checkpointsMin }) {
  const sim = model.createSimulation(scenarioOf(model, query));
  const rows = [];
  for (const minutes of checkpointsMin) {
    sim.advanceTo(minutes * 60e9);
    gc();
    rows.push({ minutes, heapMB: process.memoryUsage().heapUsed / 1e6 });
  }
  return rows;
}

const fmt = (n, digits = 1) => n.toFixed(digits);
const model = await loadModel({
  createSimulation: "./src/sim/simulation.ts",
  parseScenario: "./src/sim/scenario/index.ts",
});
console.log(`node ${process.version}, ${new Date().toISOString()}`);
// CPU time includes the garbage collector's helper threads; on a shared machine wall time is
// the noisier figure.
console.log(
  "\ncase | simulated s | wall s | CPU s | simulated s per wall s | events | events per wall s",
);
for (const c of CASES) {
  const r = runInProcess(model, c);
  console.log(
    `${r.name} | ${r.seconds} | ${fmt(r.wallS, 2)} | ${fmt(r.cpuS, 2)} | ${fmt(r.speed)} | ${r.events} | ${fmt(r.eventsPerS / 1e6, 2)} M`,
  );
}
const cli = timeCli(CLI_CASE);
console.log(
  `\nnpm run -s sim -- --scenario '${CLI_CASE.query}' --duration ${CLI_CASE.seconds}: ` +
    `${fmt(cli.wallS, 2)} s wall (process start and bundling included), ${fmt(cli.speed)}× real time, ` +
    `target ≤ ${CLI_CASE.budgetS} s: ${cli.withinBudget ? "met" : "NOT met"}`,
);
const heapCases = process.argv.includes("--quick") ? HEAP_CASES.slice(0, 1) : HEAP_CASES;
for (const heapCase of heapCases) {
  console.log(`\nheap after a full gc, scenario "${heapCase.query}":`);
  for (const row of heapOverTime(model, heapCase)) {
    console.log(`  ${row.minutes} min: ${fmt(row.heapMB)} MB`);
  }
}
