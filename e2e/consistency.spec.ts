import { type Browser, expect, type Page, test } from "@playwright/test";
import { PRESETS, presetScenarioQuery } from "../src/content/presets.ts";
import { checkMoment, type PageReading, panelViolations, readPage } from "./helpers/consistency.ts";
import { decisionsCounterViolations, parsePromText } from "./helpers/decisions-counters.ts";
import { exportText } from "./helpers/export-menu.ts";
import { shown, waitForPaused, waitForShown } from "./helpers/page-state.ts";

// One truth on screen: at seeded moments across the default scenario, every preset and a twin run,
// the page is paused and read from the DOM, and its parts must agree (e2e/helpers/consistency.ts),
// and the Decisions panel must be the counters it names in the Prometheus text the page exports at
// that moment (e2e/helpers/decisions-counters.ts). Each moment is a named test, opened by link:
// the first on a fresh page (`t` puts the run there at once; 0.1× keeps it there until the
// pause), every later one as a link pasted into that paused page, which opens paused exactly at
// `t`. One page load for all the moments; a failed moment's worker starts a fresh page. The tour's
// chapters are checked at each caption by e2e/tour.spec.ts, the breakpoints here.

interface Moment {
  name: string;
  query: string;
  atS: number;
}

const moments: Moment[] = [
  { name: "default scenario at 5 s", query: "", atS: 5 },
  { name: "default scenario at 30 s", query: "", atS: 30 },
  { name: "default scenario at 150 s", query: "", atS: 150 },
];
for (const preset of PRESETS) {
  // Early, while the preset is getting to its point, and where its observable must hold.
  const windowS = Math.min(preset.observable.windowS, 130);
  for (const atS of [Math.max(2, Math.round(windowS / 3)), windowS]) {
    moments.push({
      name: `preset ${preset.id} at ${atS} s`,
      query: presetScenarioQuery(preset),
      atS,
    });
  }
}
const SKIP = "ConsistentListFromCacheSkipTimeoutFallback";
for (const atS of [4, 12]) {
  moments.push({
    name: `twin run (skip-fallback gate off vs on) at ${atS} s`,
    query: `lag=4000&herd=500@2&twin=gates%3D${SKIP}%3Dtrue`,
    atS,
  });
}

const linkTo = (query: string, atS: number) =>
  `/#${query}${query === "" ? "" : "&"}t=${atS}&speed=0.1&predict=skip`;

/** Opens `query` at `atS` on a fresh page and pauses there (a little after `atS`). */
async function openPaused(page: Page, query: string, atS: number) {
  await page.goto(linkTo(query, atS));
  await expect(page.locator("section.wcl-panel[data-at-ns]").first()).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  // The single run's grid states what it shows (e2e/helpers/page-state.ts); a twin view does not,
  // and there the check's own settling (every panel at the clock's moment) is the wait.
  if (!query.includes("twin=")) await waitForPaused(page);
}

/** Pastes the moment's link into the paused page: the run opens, paused, exactly at `atS`. */
async function pasteLink(page: Page, query: string, atS: number) {
  // Until the new run's first frame the page still shows the previous run, which may be paused at
  // the same moment: wait for a new load, not only for the moment.
  const before = (await shown(page))?.loadCount ?? -1;
  await page.goto(linkTo(query, atS));
  const at = page.getByTestId("simulated-seconds");
  await expect(at).toHaveText(`${atS.toFixed(1)} s`, { timeout: 30_000 });
  if (!query.includes("twin="))
    await waitForShown(
      page,
      (now) => now.loadCount > before && !now.playing && Math.abs(now.simS - atS) < 1e-9,
      { what: `the new run's panels at ${atS} s` },
    );
}

/** The metrics the page exports now, as the Export menu downloads them. */
async function exportedMetrics(page: Page): Promise<string> {
  const text = await exportText(page, "Metrics, Prometheus text");
  await page.locator("details.export-menu summary").click();
  return text;
}

/** Every Decisions panel on the page against the exported counters of its run. */
async function checkDecisions(page: Page, reading: PageReading, name: string) {
  const prom = parsePromText(await exportedMetrics(page));
  const found = reading.panels
    .filter((panel) => panel.id.endsWith("panel-decisions"))
    .flatMap((panel) =>
      decisionsCounterViolations(panel, prom, panel.side === "" ? undefined : panel.side).map(
        (message) => (panel.side === "" ? message : `${panel.side}: ${message}`),
      ),
    );
  expect(found, `${name} at ${reading.clock}: the Decisions panel against its counters`).toEqual(
    [],
  );
}

test.describe("one truth on screen, moment by moment", () => {
  let shared: Page | null = null;
  let opened = false;
  test.beforeAll(async ({ browser }, info) => {
    shared = await openSharedPage(browser, info.project.use.baseURL ?? "");
  });
  test.afterAll(async () => {
    await shared?.close();
  });

  for (const moment of moments) {
    test(`one truth on screen: ${moment.name}`, async () => {
      const page = shared;
      if (page === null) throw new Error("no page");
      if (opened) await pasteLink(page, moment.query, moment.atS);
      else await openPaused(page, moment.query, moment.atS);
      opened = true;
      const reading = await checkMoment(page, moment.name);
      await checkDecisions(page, reading, moment.name);
    });
  }
});

async function openSharedPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

test("one truth on screen: a ring-shrink breakpoint pauses on the shrink it reports", async ({
  page,
}) => {
  // The ring preset's churn drops at 25 s; its ring halves once the newest quarter is stale.
  const preset = PRESETS.find((candidate) => candidate.id === "ring-grow-shrink");
  if (preset === undefined) throw new Error("no ring preset");
  await openPaused(page, presetScenarioQuery(preset), 60);
  await page.getByRole("checkbox", { name: "ring shrink" }).check();
  await page.getByRole("slider", { name: "Speed" }).press("End"); // 100×
  await page.getByRole("button", { name: "Play", exact: true }).click();
  const note = page.getByTestId("break-note");
  await expect(note).toContainText("the history ring shrank", { timeout: 30_000 });
  await checkMoment(page, "the ring-shrink breakpoint");
});

test("one truth on screen: a first-429 breakpoint pauses on the 429", async ({ page }) => {
  const preset = PRESETS.find((candidate) => candidate.id === "herd-skip-fallback");
  if (preset === undefined) throw new Error("no herd preset");
  await openPaused(page, presetScenarioQuery(preset), 6); // the stall starts at 5 s
  await page.getByRole("checkbox", { name: "first 429" }).check();
  await page.getByRole("slider", { name: "Speed" }).press("End"); // 100×
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(page.getByTestId("break-note")).toContainText("429", { timeout: 30_000 });
  const reading = await checkMoment(page, "the first-429 breakpoint");
  const decisions = reading.panels.find((panel) => panel.id.endsWith("panel-decisions"));
  expect(decisions?.decisions?.head).toContain("429");
  await checkDecisions(page, reading, "the first-429 breakpoint");
});

for (const id of ["herd", "ring-grow-shrink"]) {
  test(`while playing, every panel agrees with itself at every read: preset ${id}`, async ({
    page,
  }) => {
    // A headline and its list, a donut and its table, read the same snapshot: that holds at any
    // instant, not only once paused (the waiting room said "0 waiting" beside a bar).
    const preset = PRESETS.find((candidate) => candidate.id === id);
    if (preset === undefined) throw new Error(`no preset ${id}`);
    await page.goto(`/?${presetScenarioQuery(preset)}&t=9&speed=10&predict=skip`);
    await expect(page.locator("section.wcl-panel[data-at-ns]").first()).toBeVisible();
    // The link's t=9 is reached by a seek, whose progress frames come first: read once it plays.
    await waitForShown(page, (now) => now.playing && now.simS >= 9, {
      what: "the run playing past 9 s",
    });
    const seen = new Set<string>();
    // 40 reads, and more for up to 10 s until they span several shown moments: a frame the
    // worker is late with (a checkpoint being built, a collection) once kept all 40 on one.
    const deadline = Date.now() + 10_000;
    for (let read = 0; read < 40 || (seen.size < 2 && Date.now() < deadline); read++) {
      const reading = await readPage(page);
      seen.add(reading.clock);
      expect(panelViolations(reading), `preset ${id} playing, read at ${reading.clock}`).toEqual(
        [],
      );
    }
    expect(seen.size, "the reads spanned several shown moments").toBeGreaterThan(1);
  });
}
