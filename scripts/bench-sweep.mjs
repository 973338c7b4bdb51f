// `npm run bench:sweep`: issue 38's command-line speed targets, each the command line timed as its
// own process (node on the bundled entry, as `npm run sim` runs it): the deploy-wave scenario swept
// over lag=2000..4000 with 41 points (≤ 20 s on 2 cores), alternated with the same sweep with one
// job on one core for the parallel efficiency (single-job time ÷ (jobs × parallel time), ≥ 85 %)
// in `--rounds=N` pairs (5), and the threshold search for fallbacks>0 over lag=0..10000 to 10 ms
// (≤ 8 s). Not a test: it prints figures, with the machine's load, for docs/benchmarks.md.
// `--quick` runs one parallel sweep and skips the single-job ones. Run it at
// `nice -n -15`: each timed command then runs in a session of its own at that nice
// (bench-priority.mjs).
import { spawnSync } from "node:child_process";
import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { inOwnSession } from "./bench-priority.mjs";

const DEPLOY_WAVE = "writes=200@0,6000@30,200@60&ryw=0@0,300@30,0@90";
const DURATION_S = "150";
const SWEEP = ["--sweep", "lag=2000..4000", "--points", "41", "--output", "csv"];
// The 41 points as two interleaved halves: lag=2000, 2100, … 4000 and lag=2050, 2150, … 3950.
const HALVES = [
  ["--sweep", "lag=2000..4000", "--points", "21"],
  ["--sweep", "lag=2050..3950", "--points", "20"],
];
const SEARCH = ["--sweep", "lag=0..10000", "--find", "fallbacks>0", "--precision", "10"];
const jobs = availableParallelism();
const quick = process.argv.includes("--quick");
/** Alternated pairs of the parallel and the serial sweep (`--rounds=N`). */
const ROUNDS = Number(
  (process.argv.find((arg) => arg.startsWith("--rounds=")) ?? "--rounds=5").slice(9),
);
if (!(ROUNDS >= 1)) throw new Error("usage: bench-sweep.mjs [--quick] [--rounds=N ≥ 1]");

const bundled = spawnSync(process.execPath, ["scripts/bundle-cli.mjs", "sim"], {
  stdio: "inherit",
});
if (bundled.status !== 0) process.exit(1);

/**
 * The command line's wall time, its CPU time (user + system, all threads, from /usr/bin/time),
 * its stdout, and its closing line on stderr. On a shared machine the wall time moves with the
 * load; the CPU time much less, so both are printed.
 */
const timed = (args) => timedCommand([process.execPath, "dist-cli/sim.mjs", ...args]);

/** Any command timed as `timed` times the command line (with its children's CPU time). */
function timedCommand(commandLine) {
  const load = loadavg()[0];
  const start = performance.now();
  const { command, args } = inOwnSession("/usr/bin/time", ["-f", "cpu %U %S", ...commandLine]);
  const out = spawnSync(command, args, { encoding: "utf8", maxBuffer: 1 << 26 });
  const wallS = (performance.now() - start) / 1000;
  if (out.status !== 0) throw new Error(`${commandLine.join(" ")}: ${out.stderr}`);
  const lines = out.stderr.trimEnd().split("\n");
  const [, user, system] = (lines.at(-1) ?? "").split(" ").map(Number);
  return { wallS, cpuS: user + system, stdout: out.stdout, summary: lines.at(-2), load };
}

/** A Node script that runs the command line once per argument list, all at once, and waits. */
const AT_ONCE = `const lists = JSON.parse(process.argv[1]); let left = lists.length;
for (const args of lists) require("node:child_process")
  .spawn(process.execPath, ["dist-cli/sim.mjs", ...args], { stdio: "ignore" })
  .on("close", (status) => { if (status !== 0) process.exit(1); if (--left === 0) process.exit(0); });`;

const s = (seconds) => `${seconds.toFixed(1)} s`;
const verdict = (met) => (met ? "met" : "NOT met");
const base = ["--scenario", DEPLOY_WAVE, "--duration", DURATION_S];

const rows = [];
const cpu = (run) => `${s(run.cpuS)} CPU`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = (runs) => runs.map((run) => run.load.toFixed(1)).join(", ");
// The host's speed drifts by a third within minutes, so the parallel sweep and the serial one are
// timed in alternated pairs, each pair's efficiency its own, and the median pair is the figure.
// The serial time is one job pinned to core 0: left free, a one-job run is not serial (V8's
// compiler and GC threads take part of the second core, which the two-job run's second isolate
// needs for its own points); that run's figures follow as well.
const parallels = [];
const serials = [];
for (let round = 1; round <= (quick ? 1 : ROUNDS); round++) {
  parallels.push(timed([...base, ...SWEEP, "--jobs", String(jobs)]));
  if (!quick) {
    serials.push(
      timedCommand([
        "taskset",
        "-c",
        "0",
        process.execPath,
        "dist-cli/sim.mjs",
        ...base,
        ...SWEEP,
        "--jobs",
        "1",
      ]),
    );
  }
  const pair = quick ? "" : `, serial ${s(serials[round - 1].wallS)}`;
  console.error(
    `bench:sweep: round ${round}: ${jobs} jobs ${s(parallels[round - 1].wallS)}${pair}`,
  );
}
const parallelS = median(parallels.map((run) => run.wallS));
rows.push(
  `| deploy wave, lag=2000..4000, 41 points, ${jobs} jobs (median of ${parallels.length}: ${parallels.map((run) => s(run.wallS)).join(", ")}) | ${s(parallelS)} (${parallels.map(cpu).join(", ")}) | ≤ 20 s: ${verdict(parallelS <= 20)} | ${load(parallels)} |`,
);
if (!quick) {
  const efficiencies = serials.map((serial, i) => serial.wallS / (jobs * parallels[i].wallS));
  const efficiency = median(efficiencies);
  const percents = (xs) => xs.map((x) => `${(x * 100).toFixed(0)} %`).join(", ");
  const parallel = parallels[efficiencies.indexOf(efficiency)];
  const single = timed([...base, ...SWEEP, "--jobs", "1"]);
  const freeEfficiency = single.wallS / (jobs * parallel.wallS);
  // What the threads cost beyond the work: the single job's CPU time over the parallel run's.
  // On a machine with the cores to itself this bounds the wall efficiency from above.
  const cpuEfficiency = single.cpuS / parallel.cpuS;
  rows.push(
    `| the same, 1 job on one core (\`taskset -c 0\`): the serial time, each round | ${serials.map((run) => s(run.wallS)).join(", ")} | | ${load(serials)} |`,
    `| parallel efficiency, serial time ÷ (${jobs} × ${jobs}-job time), each round's pair: ${percents(efficiencies)} | ${(efficiency * 100).toFixed(0)} % (median) | ≥ 85 %: ${verdict(efficiency >= 0.85)} | |`,
    `| outputs on one core and on ${jobs} jobs byte for byte | ${serials.every((run) => run.stdout === parallel.stdout) ? "identical" : "DIFFER"} | | |`,
    `| the same, 1 job, not pinned (V8's threads on the other core) | ${s(single.wallS)} (${cpu(single)}) | | ${single.load.toFixed(1)} |`,
    `| its time ÷ (${jobs} × the median pair's ${jobs}-job time) | ${(freeEfficiency * 100).toFixed(0)} % | | |`,
    `| CPU time of 1 job ÷ CPU time of ${jobs} jobs (the threads' overhead) | ${(cpuEfficiency * 100).toFixed(0)} % | | |`,
    `| outputs of 1 and ${jobs} jobs byte for byte | ${single.stdout === parallel.stdout ? "identical" : "DIFFER"} | | |`,
  );
  // The machine's own scaling, with no pool at all: two independent one-job processes at once,
  // each on every other point (so the two halves cost about the same). The efficiency they reach
  // against the one-job run bounds what any pool can reach on this machine.
  const pair = timedCommand([
    process.execPath,
    "-e",
    AT_ONCE,
    JSON.stringify(HALVES.map((half) => [...base, ...half, "--output", "csv", "--jobs", "1"])),
  ]);
  rows.push(
    `| two independent 1-job processes at once, every other point each (no pool) | ${s(pair.wallS)} (${cpu(pair)}) | | ${pair.load.toFixed(1)} |`,
    `| their efficiency, 1-job time ÷ (2 × their time): the machine's own bound | ${((single.wallS / (2 * pair.wallS)) * 100).toFixed(0)} % | | |`,
  );
}
const search = timed([...base, ...SEARCH]);
const answer = search.stdout.split("\n")[0];
rows.push(
  `| deploy wave, --find 'fallbacks>0' over lag=0..10000 to 10 ms, ${jobs} jobs (${search.summary.replace(/^sweep: /, "")}) | ${s(search.wallS)} (${cpu(search)}) | ≤ 8 s: ${verdict(search.wallS <= 8)} | ${search.load.toFixed(1)} |`,
);
const defaultSearch = timed(["--duration", "60", ...SEARCH]);
rows.push(
  `| default scenario, 60 s, the same search (${defaultSearch.summary.replace(/^sweep: /, "")}) | ${s(defaultSearch.wallS)} (${cpu(defaultSearch)}) | (no target) | ${defaultSearch.load.toFixed(1)} |`,
);

console.log(
  `node ${process.version}, ${jobs} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} at the end\n`,
);
console.log("| case | wall time | target | load average (1 min) at its start |");
console.log("|---|---|---|---|");
for (const row of rows) console.log(row);
console.log(`\ndeploy wave search: ${answer}`);
console.log(`default search: ${defaultSearch.stdout.split("\n")[0]}`);
