// `node --max-old-space-size=8000 scripts/bench-windows.mjs <query> <seconds> [windowS]`: one run
// in process, timed window by window, so a reader sees whether a simulated second costs the same
// at the end of a long run as after its start (issue 12: time linear in the simulated duration,
// memory bounded once the ring and etcd's compaction window are full). Each window prints its
// wall and CPU time and its speed; every second window also the heap after a full collection and
// the typed arrays' backing stores, with the load average. Not a test: figures for
// docs/benchmarks.md.
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import v8 from "node:v8";
import vm from "node:vm";
import { loadModel } from "./load-model.mjs";

const [query = "", secondsText = "300", windowText = "30"] = process.argv.slice(2);
const seconds = Number(secondsText);
const windowS = Number(windowText);
if (!(seconds > 0 && windowS > 0)) {
  throw new Error(
    `usage: bench-windows.mjs <query> <seconds > 0> [windowS > 0], got ${seconds} ${windowS}`,
  );
}
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc");
const model = await loadModel({
  createSimulation: "./src/sim/simulation.ts",
  parseScenario: "./src/sim/scenario/index.ts",
});
const { scenario, issues } = model.parseScenario(query);
if (issues.length > 0) throw new Error(`scenario "${query}": ${JSON.stringify(issues)}`);
const sim = model.createSimulation(scenario);
const mb = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;

console.log(`'${query}' for ${seconds} s in ${windowS} s windows`);
let wallStart = performance.now();
let cpuStart = process.cpuUsage();
for (let t = 1; t <= seconds; t++) {
  sim.advanceTo(t * 1e9);
  if (t % windowS !== 0) continue;
  const wallS = (performance.now() - wallStart) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  let heap = "";
  if (t % (2 * windowS) === 0) {
    gc();
    const m = process.memoryUsage();
    heap = `, heap ${mb(m.heapUsed)}, typed arrays ${mb(m.arrayBuffers)}, rss ${mb(m.rss)}`;
  }
  const cpuS = (cpu.user + cpu.system) / 1e6;
  const line = `${t} s: wall ${wallS.toFixed(2)} s, CPU ${cpuS.toFixed(2)} s, ${(windowS / wallS).toFixed(1)}×`;
  console.log(`${line}${heap}, load ${loadavg()[0].toFixed(1)}`);
  wallStart = performance.now();
  cpuStart = process.cpuUsage();
}
