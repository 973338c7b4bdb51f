// What the browser benchmarks share: a build in a scratch folder, `vite preview` of it on a port
// of the benchmark's own (so no other run's dist/ or server is touched), and Debian's Chromium
// started with the flags this closed network needs.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium as playwrightChromium } from "@playwright/test";
import { niceChromium } from "./bench-priority.mjs";
import chromium from "./chromium.json" with { type: "json" };
import { loadModel } from "./load-model.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The value of `--name=value` on the command line, or `fallback`. */
export const argValue = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

/**
 * The "Large cluster" preset's address as the gallery opens it (src/content/presets.ts), without
 * the prediction question a preset's link asks first (the run would wait for it at 0 s).
 */
export async function largeClusterQuery() {
  const { PRESETS, presetScenarioQuery } = await loadModel({
    PRESETS: "./src/content/presets.ts",
    presetScenarioQuery: "./src/content/presets.ts",
  });
  return `${presetScenarioQuery(PRESETS.find((p) => p.id === "large-cluster"))}&predict=skip`;
}

/** Debian's Chromium, given the benchmark's nice if it has one (bench-priority.mjs says why). */
export async function launchChromium() {
  const browser = await playwrightChromium.launch(chromium);
  niceChromium();
  return browser;
}

/**
 * Builds the app into a new scratch folder and returns its path; with `--dist=<folder>`, that
 * build instead (made before, e.g. of another commit, to compare two builds run by run).
 */
export function buildToScratch(prefix) {
  const prebuilt = argValue("dist", null);
  if (prebuilt !== null) return prebuilt;
  const outDir = mkdtempSync(join(tmpdir(), prefix));
  const result = spawnSync("npx", ["vite", "build", "--outDir", outDir, "--emptyOutDir"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error("vite build failed");
  return outDir;
}

/** Serves `outDir` on `port` and waits until it answers (20 s at most). */
export async function startPreview(outDir, port) {
  const args = ["vite", "preview", "--outDir", outDir, "--port", String(port), "--strictPort"];
  const server = spawn("npx", [...args, "--host", "127.0.0.1"], {
    stdio: "ignore",
    detached: true,
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    const up = await fetch(origin).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return server;
    await sleep(200);
  }
  stopPreview(server);
  throw new Error(`vite preview did not answer on ${origin}`);
}

export function stopPreview(server) {
  // npx starts vite as a child: end the whole group we started, and nothing else.
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

/**
 * A CDP caller on the page's worker (Playwright offers sessions on pages only): attached through
 * the browser, one message id per call. `call(method, params)` resolves with the method's result.
 */
export async function workerSession(browser) {
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send("Target.getTargets");
  const worker = targetInfos.find((target) => target.type === "worker");
  if (!worker) throw new Error("no worker target");
  const { sessionId } = await session.send("Target.attachToTarget", {
    targetId: worker.targetId,
    flatten: false,
  });
  let nextId = 1;
  const pending = new Map();
  session.on("Target.receivedMessageFromTarget", (event) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message);
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  const call = (method, params = {}) =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      session.send("Target.sendMessageToTarget", {
        sessionId,
        message: JSON.stringify({ id, method, params }),
      });
    });
  return { call, detach: () => session.detach() };
}

/** Bytes the worker holds after a forced GC: its JS heap and the typed arrays' backing stores. */
export async function workerHeldBytes(call) {
  await call("HeapProfiler.collectGarbage");
  // usedSize leaves out the typed arrays' backing stores (the ring's and etcd's log's columns).
  const { usedSize, backingStorageSize = 0 } = await call("Runtime.getHeapUsage");
  return usedSize + backingStorageSize;
}

/**
 * Collects every long task of `page` from its start into `window.__longTasks` ({ start, duration }
 * in ms; a buffered observer added later would miss them). Call before the page is opened.
 */
export const recordLongTasks = (page) =>
  page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask" });
  });
