// Where the page's time goes while a scenario plays in Chromium (default: the "Large cluster"
// preset at 10×): a CPU profile of the worker and of the page's main thread over a few seconds of
// play, each summed by function (self time), the page's longest stretches of busy samples with
// what ran in them, and the size of the snapshots the worker posts. Builds unminified (so names
// survive) into a scratch folder, serves it on BENCH_PORT and prints; docs are untouched.
//   node scripts/profile-browser.mjs [--query=<scenario>] [--seconds=8] [--top=25] [--startup]
// With --startup, the page's profile starts before the app loads (the worker's after its start).
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import {
  argValue as arg,
  largeClusterQuery,
  launchChromium,
  recordLongTasks,
  startPreview,
  stopPreview,
  workerSession,
} from "./served-build.mjs";

const PORT = Number(process.env["BENCH_PORT"] ?? 4187);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const LARGE = await largeClusterQuery();
const QUERY = arg("query", LARGE);
const SECONDS = Number(arg("seconds", "8"));
const TOP = Number(arg("top", "25"));
const SPEED = Number(arg("speed", "10"));
const STARTUP = process.argv.includes("--startup");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line) => console.log(line);

function build() {
  const outDir = mkdtempSync(join(tmpdir(), "wcl-profile-dist-"));
  const result = spawnSync(
    "npx",
    ["vite", "build", "--outDir", outDir, "--emptyOutDir", "--minify", "false"],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  if (result.status !== 0) throw new Error("vite build failed");
  return outDir;
}

const frameName = (node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.split("/").at(-1) ?? "";
  return `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`;
};

/** Self and total time per function, in ms, and each node's parent. */
function summarise(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map();
  const total = new Map();
  const samples = profile.samples;
  const deltas = profile.timeDeltas;
  for (let i = 0; i < samples.length; i++) {
    const ms = (deltas[i + 1] ?? deltas[i]) / 1000;
    const node = byId.get(samples[i]);
    const name = frameName(node);
    self.set(name, (self.get(name) ?? 0) + ms);
    const seen = new Set();
    for (let id = samples[i]; id !== undefined; id = parent.get(id)) {
      const n = frameName(byId.get(id));
      if (seen.has(n)) continue;
      seen.add(n);
      total.set(n, (total.get(n) ?? 0) + ms);
    }
  }
  const wallMs = (profile.endTime - profile.startTime) / 1000;
  return { self, total, wallMs, byId, parent };
}

const idle = (name) => name.startsWith("(idle)") || name.startsWith("(program)");

function printTop(title, { self, total, wallMs }) {
  const busy = [...self]
    .filter(([name]) => !name.startsWith("(idle)"))
    .reduce((s, [, v]) => s + v, 0);
  log(
    `\n== ${title}: ${wallMs.toFixed(0)} ms profiled, ${busy.toFixed(0)} ms busy (${((100 * busy) / wallMs).toFixed(0)} %)`,
  );
  log("-- self time");
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    log(
      `${ms.toFixed(1).padStart(8)} ms ${((100 * ms) / wallMs).toFixed(1).padStart(5)} %  ${name}`,
    );
  log("-- total time");
  for (const [name, ms] of [...total].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    log(
      `${ms.toFixed(1).padStart(8)} ms ${((100 * ms) / wallMs).toFixed(1).padStart(5)} %  ${name}`,
    );
}

/** The longest stretches of consecutive non-idle samples, with their heaviest functions. */
function longStretches(profile, { byId, parent }, count) {
  const stretches = [];
  let current = null;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (node.callFrame.functionName === "(idle)") {
      if (current) stretches.push(current);
      current = null;
      continue;
    }
    current ??= { ms: 0, names: new Map() };
    current.ms += ms;
    const seen = new Set();
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const n = frameName(byId.get(id));
      if (seen.has(n) || idle(n) || n.startsWith("(root)")) continue;
      seen.add(n);
      current.names.set(n, (current.names.get(n) ?? 0) + ms);
    }
  }
  if (current) stretches.push(current);
  stretches.sort((a, b) => b.ms - a.ms);
  log(`\n== page: longest busy stretches (${stretches.length} in all)`);
  for (const stretch of stretches.slice(0, count)) {
    log(`${stretch.ms.toFixed(1)} ms:`);
    for (const [name, ms] of [...stretch.names].sort((a, b) => b[1] - a[1]).slice(0, 12))
      log(`    ${ms.toFixed(1).padStart(6)} ms  ${name}`);
  }
}

/** What ran inside each long task the page reported while profiled (times matched to ±1 ms). */
function inLongTasks(profile, { byId, parent }, tasks, offsetMs) {
  log(`\n== page: long tasks while profiled: ${tasks.length}`);
  for (const task of tasks) {
    const names = new Map();
    let t = profile.startTime / 1000;
    for (let i = 0; i < profile.samples.length; i++) {
      t += profile.timeDeltas[i] / 1000;
      const at = t - offsetMs;
      if (at < task.start || at > task.start + task.duration) continue;
      const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      const seen = new Set();
      for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
        const n = frameName(byId.get(id));
        if (seen.has(n) || n.startsWith("(root)")) continue;
        seen.add(n);
        names.set(n, (names.get(n) ?? 0) + ms);
      }
    }
    log(`${task.duration.toFixed(1)} ms at ${task.start.toFixed(0)} ms:`);
    for (const [name, ms] of [...names].sort((a, b) => b[1] - a[1]).slice(0, TOP))
      log(`    ${ms.toFixed(1).padStart(6)} ms  ${name}`);
  }
}

async function main() {
  log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const outDir = build();
  const server = await startPreview(outDir, PORT);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await recordLongTasks(page);
    // Sizes of what the worker posts, measured on a sample of its messages.
    await page.addInitScript(() => {
      const sizeOf = (value, seen) => {
        if (value === null || typeof value !== "object")
          return typeof value === "string" ? value.length * 2 : 8;
        if (ArrayBuffer.isView(value)) return value.byteLength;
        if (seen.has(value)) return 0;
        seen.add(value);
        let bytes = 0;
        for (const key of Object.keys(value)) bytes += key.length + sizeOf(value[key], seen);
        return bytes;
      };
      window.__sizes = [];
      const Base = window.Worker;
      window.Worker = class extends Base {
        constructor(...args) {
          super(...args);
          let n = 0;
          this.addEventListener("message", (event) => {
            if (event.data?.type !== "snapshot" || n++ % 30 !== 0) return;
            const snapshot = event.data.snapshot;
            const parts = {};
            for (const key of Object.keys(snapshot)) parts[key] = sizeOf(snapshot[key], new Set());
            window.__sizes.push(parts);
          });
        }
      };
    });
    log(`query: ${QUERY}`);
    // A page of the same origin first, so that the profiler's session outlives the navigation.
    await page.goto(`${ORIGIN}/robots.txt`);
    const cdp = await context.newCDPSession(page);
    if (STARTUP) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 250 });
      await cdp.send("Profiler.start");
    }
    await page.goto(`${ORIGIN}/#${QUERY}&speed=${SPEED}`);
    await page.waitForFunction(() => performance.getEntriesByName("first-frame").length > 0);
    if (!STARTUP) await sleep(3000);
    const { call: worker } = await workerSession(browser);
    await worker("Profiler.enable");
    await worker("Profiler.setSamplingInterval", { interval: 250 });
    if (!STARTUP) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 250 });
    }
    const simAt = async () =>
      Number.parseFloat((await page.getByTestId("simulated-seconds").textContent()) ?? "0");
    const sim0 = await simAt();
    const t0 = Date.now();
    await worker("Profiler.start");
    if (!STARTUP) await cdp.send("Profiler.start");
    const pageStartMs = STARTUP ? 0 : await page.evaluate(() => performance.now());
    await sleep(SECONDS * 1000);
    const pageEndMs = await page.evaluate(() => performance.now());
    const { profile: pageProfile } = await cdp.send("Profiler.stop");
    const { profile: workerProfile } = await worker("Profiler.stop");
    const sim1 = await simAt();
    log(
      `reached ${((sim1 - sim0) / ((Date.now() - t0) / 1000)).toFixed(2)}× while profiled (sim ${sim0} → ${sim1} s)`,
    );
    const sizes = await page.evaluate(() => window.__sizes);
    const last = sizes.at(-1) ?? {};
    const totalBytes = Object.values(last).reduce((s, v) => s + v, 0);
    log(`\n== snapshot size (last sampled, approx.): ${(totalBytes / 1024).toFixed(1)} KB`);
    for (const [key, bytes] of Object.entries(last)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12))
      log(`${(bytes / 1024).toFixed(1).padStart(8)} KB  ${key}`);
    const workerSummary = summarise(workerProfile);
    printTop("worker", workerSummary);
    const pageSummary = summarise(pageProfile);
    printTop("page main thread", pageSummary);
    longStretches(pageProfile, pageSummary, 6);
    const longTasks = await page.evaluate(
      (from) => window.__longTasks.filter((t) => t.start >= from),
      pageStartMs,
    );
    inLongTasks(pageProfile, pageSummary, longTasks, pageProfile.endTime / 1000 - pageEndMs);
    await context.close();
  } finally {
    await browser.close();
    stopPreview(server);
  }
}

await main();
