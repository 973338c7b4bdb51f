// `node scripts/bench-run-size-browser.mjs <query> <seconds,…> [--parked]`: what one run of the
// model holds in Debian's Chromium (pointer compression, as the worker), beside
// worker/run-size.ts's estimate and the items it counts, to calibrate that estimate. The model
// runs in a blank page (no UI); the heap is read after a forced GC, typed arrays' backing stores
// included. With --parked, a run from 0 s to each moment, kept side by side with their full
// chunks shared as time travel parks them: what each adds, beside its weight
// (worker/run-weight.ts) and the budget's estimate of them all. Not a test: it prints figures for
// docs/benchmarks.md.
import { mkdtempSync, readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { launchChromium } from "./served-build.mjs";

const query = process.argv[2] ?? "";
const secondsList = (process.argv[3] ?? "300").split(",").map(Number);
const parked = process.argv.includes("--parked");

const outfile = join(mkdtempSync(join(tmpdir(), "wcl-run-size-")), "model.js");
await build({
  stdin: {
    contents: `
      import { createSimulation } from "./src/sim/simulation.ts";
      import { parseScenario } from "./src/sim/scenario/index.ts";
      import { shareSealedChunks } from "./src/sim/lib/sealed-chunks.ts";
      import { estimateRunBytes, runItems, weighRun } from "./src/worker/run-size.ts";
      import { alone, totalBytes } from "./src/worker/run-weight.ts";
      globalThis.model = {
        createSimulation, parseScenario, estimateRunBytes, runItems, weighRun, alone, totalBytes,
        shareSealedChunks,
      };`,
    resolveDir: process.cwd(),
    loader: "ts",
  },
  outfile,
  bundle: true,
  platform: "browser",
  format: "iife",
  logLevel: "warning",
});

const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  const heapMB = async () => {
    await cdp.send("HeapProfiler.collectGarbage");
    const usage = await cdp.send("Runtime.getHeapUsage");
    return (usage.usedSize + (usage.backingStorageSize ?? 0)) / 1e6;
  };
  const baseMB = await heapMB();
  await page.addScriptTag({ content: readFileSync(outfile, "utf8") });
  await page.evaluate((q) => {
    const { scenario, issues } = globalThis.model.parseScenario(q);
    if (issues.length > 0) throw new Error(JSON.stringify(issues));
    globalThis.run = globalThis.model.createSimulation(scenario);
  }, query);
  const modelMB = (await heapMB()) - baseMB;
  console.log(
    `${browser.version()}, ${new Date().toISOString()}, load average ${loadavg()[0].toFixed(2)}, scenario "${query}" (the model's code and a fresh run: ${modelMB.toFixed(1)} MB)`,
  );
  if (parked) {
    await page.evaluate(() => {
      globalThis.model.shareSealedChunks(true);
      globalThis.runs = [];
    });
    let previousMB = await heapMB();
    for (const seconds of secondsList) {
      await page.evaluate((q) => {
        const { scenario } = globalThis.model.parseScenario(q);
        globalThis.runs.push(globalThis.model.createSimulation(scenario));
      }, query);
      const started = Date.now();
      // Slices of 20 simulated seconds, each its own job, as the builder's turns are.
      for (let t = 20; t < seconds + 20; t += 20) {
        await page.evaluate((s) => globalThis.runs.at(-1).advanceTo(s * 1e9), Math.min(t, seconds));
      }
      const nowMB = await heapMB();
      const figures = await page.evaluate(() => {
        const m = globalThis.model;
        const weights = globalThis.runs.map((run) => m.weighRun({ main: run, twin: null }));
        const last = weights.at(-1);
        return { own: last.own, alone: m.alone(last), total: m.totalBytes(weights) };
      });
      console.log(
        `run to ${seconds} s (${((Date.now() - started) / 1000).toFixed(1)} s): adds ${(nowMB - previousMB).toFixed(1)} MB (${(figures.own / 1e6).toFixed(1)} MB its own by the estimate, ${(figures.alone / 1e6).toFixed(1)} MB alone); all held ${(nowMB - baseMB - modelMB).toFixed(1)} MB, estimate of all ${(figures.total / 1e6).toFixed(1)} MB`,
      );
      previousMB = nowMB;
    }
  }
  for (const seconds of parked ? [] : secondsList) {
    const wallMs = await page.evaluate((s) => {
      const started = performance.now();
      for (let t = Math.floor(globalThis.run.nowNs / 1e9) + 1; t <= s; t++)
        globalThis.run.advanceTo(t * 1e9);
      return performance.now() - started;
    }, seconds);
    const heldMB = (await heapMB()) - baseMB;
    const { estimate, items } = await page.evaluate(() => ({
      estimate: globalThis.model.estimateRunBytes({ main: globalThis.run, twin: null }),
      items: globalThis.model.runItems(globalThis.run),
    }));
    console.log(
      `${seconds} s (${(wallMs / 1000).toFixed(1)} s of play): held ${heldMB.toFixed(1)} MB, estimate ${(estimate / 1e6).toFixed(1)} MB; ${Object.entries(
        items,
      )
        .map(([name, n]) => `${name} ${n}`)
        .join(", ")}`,
    );
  }
} finally {
  await browser.close();
}
