// What the page's long tasks after load are made of: a Chromium Performance trace (CDP Tracing,
// the categories DevTools records) over the page's first seconds, and for every main-thread task
// of --over ms or more (default 50) that starts after the load event, the trace events inside it
// summed by name (self time, wall): style, layout, paint, script, font look-ups, canvas; each
// task's CPU time beside its wall time tells the page's work from a wait for a core; and the tasks
// after load that held the most CPU, whatever their wall time. Also, from the page's animation
// frames (a check each frame, outside the trace's tasks of note), when the header first showed,
// when every panel's frame did and when every panel first drew its run. Default page: the "Large
// cluster" preset at 10×. Builds into a scratch folder and serves it on BENCH_PORT.
//   node scripts/trace-startup.mjs [--query=<scenario>] [--seconds=3] [--over=50] [--runs=1]
//     [--save=<prefix>]   also write each run's trace to <prefix>.<run>.json (DevTools opens it)
//     [--dist=<folder>]   serve that build instead of building (scripts/served-build.mjs)
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import {
  argValue as arg,
  buildToScratch,
  largeClusterQuery,
  launchChromium,
  startPreview,
  stopPreview,
} from "./served-build.mjs";

const PORT = Number(process.env["BENCH_PORT"] ?? 4187);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const LARGE = await largeClusterQuery();
const QUERY = arg("query", LARGE);
const SECONDS = Number(arg("seconds", "3"));
const OVER_MS = Number(arg("over", "50"));
const RUNS = Number(arg("runs", "1"));
const SPEED = Number(arg("speed", "10"));
const SAVE = arg("save", null);
const TOP = 14;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line) => console.log(line);

const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "blink",
  "blink.user_timing",
  "loading",
  "fonts",
  "v8.execute",
  "toplevel",
];
const TASK = "ThreadControllerImpl::RunTask";

/** The page's renderer main thread: the one whose navigation opened the app's address. */
function pageThread(events, url) {
  const start = events.find(
    (e) => e.name === "navigationStart" && e.args?.data?.documentLoaderURL === url,
  );
  if (!start) throw new Error(`no navigationStart for ${url} in the trace`);
  const own = events.filter((e) => e.pid === start.pid && e.tid === start.tid);
  const loadEnd = own.find((e) => e.name === "loadEventEnd" && e.ts > start.ts);
  return { own, startUs: start.ts, loadEndUs: loadEnd?.ts ?? start.ts };
}

/** Self time (µs) of each complete event inside `task`, by name. */
function selfTimes(own, task) {
  const end = task.ts + task.dur;
  const inside = own
    .filter((e) => e.ph === "X" && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const stack = [];
  const entries = inside.map((e) => {
    while (stack.length > 0 && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const entry = { name: e.name, ts: e.ts, dur: e.dur ?? 0, children: 0 };
    if (stack.length > 0) stack.at(-1).children += entry.dur;
    stack.push(entry);
    return entry;
  });
  const self = new Map();
  for (const entry of entries)
    self.set(entry.name, (self.get(entry.name) ?? 0) + entry.dur - entry.children);
  return self;
}

async function traceOnce(browser, run) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    // The first frame showing each stage, in ms from navigation start.
    const shown = {};
    window.__shown = shown;
    const check = (now) => {
      const panels = document.querySelectorAll(".wcl-panel").length;
      if (shown.header === undefined && document.querySelector(".app-header")) shown.header = now;
      if (shown.panelFrames === undefined && panels >= 6) shown.panelFrames = now;
      if (panels >= 6 && document.querySelector(".wcl-panel__waiting") === null) {
        shown.panelsDrawn = now;
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  // A blank page first, so that the trace starts before the app's navigation. Not a page of the
  // app's origin: that would run the app (the preview serves it for any path) and leave its
  // renderer's font cache warm.
  await page.goto("about:blank");
  await browser.startTracing(page, { categories: CATEGORIES });
  const url = `${ORIGIN}/#${QUERY}&speed=${SPEED}`;
  await page.goto(url);
  await sleep(SECONDS * 1000);
  const shown = await page.evaluate(() => ({
    ...window.__shown,
    // The app's own mark: the first frame that drew a snapshot of the run (a canvas).
    firstFrame: performance.getEntriesByName("first-frame")[0]?.startTime,
  }));
  const buffer = await browser.stopTracing();
  await context.close();
  if (SAVE) writeFileSync(`${SAVE}.${run}.json`, buffer);
  const { traceEvents } = JSON.parse(buffer.toString("utf8"));
  const { own, startUs, loadEndUs } = pageThread(traceEvents, url);
  const ms = (us) => (us / 1000).toFixed(1);
  // Outermost tasks only: a task may run a nested one.
  const tasks = own
    .filter((e) => e.ph === "X" && e.name === TASK && e.ts >= loadEndUs)
    .sort((a, b) => a.ts - b.ts)
    .filter((e, i, all) => i === 0 || e.ts >= all[i - 1].ts + all[i - 1].dur);
  const long = tasks.filter((task) => task.dur >= OVER_MS * 1000);
  log(
    `\n#### run ${run + 1}: load ends at ${ms(loadEndUs - startUs)} ms; ${tasks.length} tasks ` +
      `after it, ${long.length} of ${OVER_MS} ms or more` +
      (long.length > 0
        ? `: ${long.map((t) => `${ms(t.dur)} (CPU ${ms(t.tdur ?? 0)}) at ${ms(t.ts - startUs)}`).join(", ")} ms`
        : ""),
  );
  const busiest = [...tasks].sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0)).slice(0, 3);
  log(
    `most CPU in one task: ${busiest.map((t) => `${ms(t.tdur ?? 0)} (wall ${ms(t.dur)}) at ${ms(t.ts - startUs)}`).join(", ")} ms; ` +
      `shown: header ${shown.header?.toFixed(0) ?? "never"}, every panel's frame ` +
      `${shown.panelFrames?.toFixed(0) ?? "never"}, first snapshot drawn ${shown.firstFrame?.toFixed(0) ?? "never"}, ` +
      `every panel drawn ${shown.panelsDrawn?.toFixed(0) ?? "never"} ms`,
  );
  for (const task of long) {
    log(
      `\n== ${ms(task.dur)} ms (the thread's CPU ${ms(task.tdur ?? 0)} ms: the rest it waited, ` +
        `for a core or another process) at ${ms(task.ts - startUs)} ms after navigation start`,
    );
    const self = selfTimes(own, task);
    for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP))
      log(`  ${ms(us).padStart(7)} ms  ${name}`);
  }
}

async function main() {
  log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const outDir = buildToScratch("wcl-trace-dist-");
  const server = await startPreview(outDir, PORT);
  const browser = await launchChromium();
  try {
    for (let run = 0; run < RUNS; run++) await traceOnce(browser, run);
  } finally {
    await browser.close();
    stopPreview(server);
  }
}

await main();
