// `node scripts/bench-replay.mjs [query] [fromS] [toS] [repeats]`: the CPU time a seek's replay
// takes, from a checkpoint at `fromS` to `toS` simulated seconds (default (b), 300 → 320 s), with
// chunk sharing on beside a run that went past `toS` first, as time travel replays (worker/
// time-travel.ts). CPU time, not wall time, so a loaded machine changes it less; the median of
// `repeats` replays is printed with the load average. Not a test: figures for docs/benchmarks.md.
// With --profile[=N], one more replay under V8's CPU profiler, its self time by source module and
// by function (the N heaviest, default 25; replay-profile.mjs), and the scheduler's events a
// simulated second: where a replayed second goes.
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { loadModelWithSource } from "./load-model.mjs";
import { profiled, summarise, summaryLines } from "./replay-profile.mjs";

const args = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const profileArg = process.argv.find((arg) => arg.startsWith("--profile"));
const query = args[0] ?? "reads=10000&writes=1000&watchers=100";
const fromS = Number(args[1] ?? "300");
const toS = Number(args[2] ?? "320");
const repeats = Number(args[3] ?? "5");
const { model, source, url } = await loadModelWithSource({
  createSimulation: "./src/sim/simulation.ts",
  parseScenario: "./src/sim/scenario/index.ts",
  shareSealedChunks: "./src/sim/lib/sealed-chunks.ts",
});
model.shareSealedChunks(true);
const { scenario } = model.parseScenario(query);
/** The end of a job, as between the worker's turns: weak references are kept until then. */
const endOfJob = () => new Promise((resolve) => setImmediate(resolve));
const advance = async (run, untilS) => {
  for (let t = Math.floor(run.nowNs / 1e9) + 1; t <= untilS; t++) {
    run.advanceTo(t * 1e9);
    await endOfJob();
  }
};
const ahead = model.createSimulation(scenario);
await advance(ahead, toS + 1);
const cpuMs = [];
const wallMs = [];
for (let i = 0; i < repeats; i++) {
  const run = model.createSimulation(scenario);
  await advance(run, fromS);
  const cpu = process.cpuUsage();
  const wall = performance.now();
  run.advanceTo(toS * 1e9); // one piece, as a seek replays
  const used = process.cpuUsage(cpu);
  cpuMs.push((used.user + used.system) / 1000);
  wallMs.push(performance.now() - wall);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `node ${process.version}, ${new Date().toISOString()}, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}, scenario "${query}", replay ${fromS} → ${toS} s`,
);
console.log(
  `CPU ${cpuMs.map((x) => x.toFixed(0)).join(", ")} ms (median ${median(cpuMs).toFixed(0)}: ${((toS - fromS) / (median(cpuMs) / 1000)).toFixed(0)}× real time); wall median ${median(wallMs).toFixed(0)} ms`,
);

if (profileArg !== undefined) {
  const run = model.createSimulation(scenario);
  await advance(run, fromS);
  const eventsBefore = run.world.scheduler.executed;
  const profile = await profiled(() => run.advanceTo(toS * 1e9));
  const events = run.world.scheduler.executed - eventsBefore;
  console.log(
    `scheduler events: ${(events / (toS - fromS)).toFixed(0)} a simulated second (open-loop arrivals not counted)`,
  );
  const top = Number(profileArg.split("=")[1] ?? "25");
  for (const line of summaryLines(summarise(profile, source, url), top)) console.log(line);
}
