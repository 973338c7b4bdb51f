import { expect, type Page, test } from "@playwright/test";
import { PRESETS, presetScenarioQuery } from "../src/content/presets.ts";
import { checkMoment, panelViolations, readPage } from "./helpers/consistency.ts";
import { waitForPaused } from "./helpers/page-state.ts";

// One truth on screen: at seeded moments across the default scenario, every preset and a twin run,
// the page is paused and read from the DOM, and its parts must agree (e2./helpers/consistency.ts).
// A moment opens by link (`t` puts the run there at once; 0.1× keeps it there until the pause),
// so each named moment is a reproducible regression test. The tour's chapters are checked at each
// caption by e2e/tour.spec.ts, the breakpoints here.

const openPaused = async (page: Page, query: string, atS: number) => {
  await page.goto(`/?${query}${query === "" ? "" : "&"}t=${atS}&speed=0.1&predict=skip`);
  const pause = page.getByRole("button", { name: "Pause" });
  await expect(page.locator("section.wcl-panel[data-at-ns]").first()).toBeVisible({
    timeout: 30_000,
  });
  await pause.click();
  // The single run's grid states what it shows (e2e/helpers/page-state.ts); a twin view does not,
  // and there the check's own settling (every panel at the clock's moment) is the wait.
  if (query.includes("twin="))
    await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  else await waitForPaused(page);
};

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

for (const moment of moments) {
  test(`one truth on screen: ${moment.name}`, async ({ page }) => {
    await openPaused(page, moment.query, moment.atS);
    await checkMoment(page, moment.name);
  });
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
    const seen = new Set<string>();
    for (let read = 0; read < 40; read++) {
      const reading = await readPage(page);
      seen.add(reading.clock);
      expect(panelViolations(reading), `preset ${id} playing, read at ${reading.clock}`).toEqual(
        [],
      );
    }
    expect(seen.size, "the reads spanned several shown moments").toBeGreaterThan(1);
  });
}
