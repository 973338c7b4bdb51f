// `node scripts/bench-time-travel-browser.mjs [--query=<scenario>] [--settle] [minutes…]`: seeks in
// Debian's Chromium over a run of each length (the scenario, default the defaults, played at 100×:
// as fast as the worker goes), once the worker's checkpoints are built: the time from the click on
// the scrubber to the clock showing the new moment, and the worker's heap after a forced GC. The
// seeks begin once the worker says its checkpoints' builder has nothing left to build (its
// "builder" reply, worker/protocol.ts; the page's messages are watched through the Worker it
// makes). The clicks are 1.5 s apart, or with --settle each waits until the builder has
// replaced the checkpoint the last seek used, so every seek starts from the whole grid. With
// --each, every seek's landing moment and time too (its replay's distance is from the grid).
// Builds into a scratch folder and serves it on its own port (BENCH_PORT to change it).
import { loadavg } from "node:os";
import {
  buildToScratch,
  launchChromium,
  startPreview,
  stopPreview,
  workerHeldBytes,
  workerSession,
} from "./served-build.mjs";

const PORT = Number(process.env["BENCH_PORT"] ?? 4189);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SEEKS = 20;
const query = (process.argv.find((arg) => arg.startsWith("--query=")) ?? "--query=").slice(8);
const settle = process.argv.includes("--settle");
const each = process.argv.includes("--each");
const minutesList = process.argv
  .slice(2)
  .filter((arg) => !arg.startsWith("--"))
  .map(Number)
  .filter((n) => n > 0);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line) =>
  console.log(
    `bench:time-travel: ${new Date().toISOString().slice(11, 19)} load ${loadavg()[0].toFixed(1)}: ${line}`,
  );

const outDir = buildToScratch("wcl-travel-dist-");
const server = await startPreview(outDir, PORT);

/** The worker's heap and typed arrays after a forced GC, in MB. */
async function workerHeap(browser) {
  const { call, detach } = await workerSession(browser);
  const bytes = await workerHeldBytes(call);
  await detach();
  return bytes / 1e6;
}

/** Keeps the worker's last "builder" reply in `window.__builder` (before the page makes it). */
const watchBuilder = (page) =>
  page.addInitScript(() => {
    window.__builder = null;
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(...args) {
        super(...args);
        this.addEventListener("message", (event) => {
          if (event.data?.type === "builder") window.__builder = event.data;
        });
      }
    };
  });

/**
 * Waits until the worker's builder says it has nothing left to build (at most 20 min: a loaded
 * machine starves it); returns the checkpoints it holds and the wait in seconds.
 */
async function builderIdle(page) {
  const startedMs = Date.now();
  await page.waitForFunction(() => window.__builder?.idle === true, null, {
    timeout: 20 * 60_000,
    polling: 250,
  });
  const checkpoints = await page.evaluate(() => window.__builder.checkpoints);
  return { checkpoints, waitedS: (Date.now() - startedMs) / 1000 };
}

const simulatedS = (page) =>
  page
    .getByTestId("simulated-seconds")
    .textContent()
    .then((t) => Number.parseFloat(t ?? "0"));

async function measure(browser, minutes) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await watchBuilder(page);
  await page.goto(`${ORIGIN}/#${query === "" ? "" : `${query}&`}speed=100`);
  const endS = minutes * 60;
  const playedAt = Date.now();
  while ((await simulatedS(page)) < endS) await sleep(250);
  await page.getByRole("button", { name: "Pause" }).click();
  const reachedS = await simulatedS(page);
  log(
    `${minutes} min: played to ${reachedS} s in ${((Date.now() - playedAt) / 1000).toFixed(0)} s`,
  );
  log(`${minutes} min: worker heap at the pause ${(await workerHeap(browser)).toFixed(1)} MB`);
  // The builder works in the worker's idle time: wait until it says it is done.
  const built = await builderIdle(page);
  log(
    `${minutes} min: ${built.checkpoints} checkpoints built ${built.waitedS.toFixed(0)} s after the pause; worker heap ${(await workerHeap(browser)).toFixed(1)} MB`,
  );
  await page.evaluate(() => {
    const clock = document.querySelector('[data-testid="simulated-seconds"]');
    document.addEventListener(
      "pointerdown",
      () => {
        const before = clock.textContent;
        const startedMs = performance.now();
        window.__seekMs = null;
        const check = () => {
          if (clock.textContent !== before) window.__seekMs = performance.now() - startedMs;
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      },
      { capture: true },
    );
  });
  const box = await page
    .getByRole("slider", { name: "Simulated time of the run so far" })
    .boundingBox();
  let seed = 7;
  const latencies = [];
  const rebuildS = [];
  for (let i = 0; i < SEEKS; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const fraction = 0.02 + 0.96 * (seed / 2 ** 31);
    // A seek always brings a new reply once the builder is done with it (time-travel.ts).
    await page.evaluate(() => {
      window.__builder = null;
    });
    await page.mouse.click(box.x + fraction * box.width, box.y + box.height / 2);
    await page.waitForFunction(() => window.__seekMs !== null, null, { timeout: 60_000 });
    latencies.push(await page.evaluate(() => window.__seekMs));
    if (each)
      log(`seek ${i + 1}: to ${await simulatedS(page)} s in ${latencies.at(-1).toFixed(0)} ms`);
    // Let the builder replace the checkpoint the seek used.
    if (settle) rebuildS.push((await builderIdle(page)).waitedS);
    else await sleep(1500);
  }
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  log(
    `${minutes} min: ${SEEKS} seeks, click to clock: median ${q(0.5).toFixed(0)} ms, ` +
      `p90 ${q(0.9).toFixed(0)} ms, max ${latencies.at(-1).toFixed(0)} ms`,
  );
  if (settle) {
    rebuildS.sort((a, b) => a - b);
    log(
      `${minutes} min: the builder was done ${rebuildS[Math.floor(SEEKS / 2)].toFixed(0)} s after a seek at the median, ${rebuildS.at(-1).toFixed(0)} s at most`,
    );
  }
  log(`${minutes} min: worker heap after the seeks ${(await workerHeap(browser)).toFixed(1)} MB`);
  await page.close();
}

const browser = await launchChromium();
try {
  log(`Chromium ${browser.version()}, ${new Date().toISOString()}, scenario "${query}"`);
  for (const minutes of minutesList.length > 0 ? minutesList : [10, 30])
    await measure(browser, minutes);
} finally {
  await browser.close();
  stopPreview(server);
}
