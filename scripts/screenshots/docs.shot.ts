import { expect, type Page, test } from "@playwright/test";
import {
  clockSeconds,
  RUN_WAIT_MS,
  waitForPaused,
  waitForSimTime,
} from "../../e2e/helpers/page-state.ts";
import { readScrapesOf, scrapeDialog } from "../../e2e/helpers/scrape-dialog.ts";
import { PRESETS, presetScenarioQuery } from "../../src/content/presets.ts";

// `npm run screenshots` (playwright.screenshots.config.ts): the pictures of docs/screenshots/,
// rewritten in place. Not a test: the browser suite never runs this file.

/** Plays to `seconds`, pauses, and waits until every panel shows the paused moment. */
const settle = async (page: Page, seconds: number) => {
  await waitForSimTime(page, seconds);
  await page.getByRole("button", { name: "Pause" }).click();
  await waitForPaused(page);
};

test("main screen", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto("/#speed=5");
  await settle(page, 20);
  await page.screenshot({ path: "docs/screenshots/main.png" });
});

for (const [id, atS] of [
  ["lagging", 20],
  ["herd", 16],
] as const) {
  test(`preset ${id}`, async ({ page }) => {
    const preset = PRESETS.find((candidate) => candidate.id === id);
    if (preset === undefined) throw new Error(`no preset ${id}`);
    // Tall enough for every panel and the whole control column (it scrolls within the window).
    await page.setViewportSize({ width: 1280, height: 1900 });
    await page.goto(`/#${presetScenarioQuery(preset)}&speed=5&predict=skip`);
    await settle(page, atS);
    await page.screenshot({ path: `docs/screenshots/preset-${id}.png` });
  });
}

test("twin runs", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1400 });
  const gate = "gates%3DConsistentListFromCacheSkipTimeoutFallback%3Dtrue";
  await page.goto(`/#name=A herd on a stalled cache&stall=5-25&herd=2000@10&speed=5&twin=${gate}`);
  // Twin mode has no single panel grid to state its moment: the header clock says it.
  await expect.poll(() => clockSeconds(page), { timeout: RUN_WAIT_MS }).toBeGreaterThanOrEqual(16);
  await page.getByRole("button", { name: "Pause" }).click();
  // The strip and table redraw four times a second and state nothing: let them catch up.
  await page.waitForTimeout(400);
  await page.screenshot({ path: "docs/screenshots/twin.png" });
});

test("embed", async ({ page }) => {
  // The size the Embed… dialog offers by default.
  await page.setViewportSize({ width: 960, height: 540 });
  await page.goto(
    "/#name=A lagging cache&lag=2500&writes=200&embed=1&panels=ring,waiting&controls=0&t=5&until=40&loop=1&speed=5",
  );
  await settle(page, 20);
  await page.screenshot({ path: "docs/screenshots/embed.png" });
});

test("dark theme", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto("/#lag=2500&writes=200&speed=5");
  await settle(page, 20);
  await page.screenshot({ path: "docs/screenshots/dark-theme.png" });
});

test("the wall chapter, its second caption shown", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/#tour=wall&speed=2&predict=skip");
  const caption = page.getByTestId("tour-caption");
  await expect(caption).toHaveAttribute("data-state", "shown", { timeout: RUN_WAIT_MS });
  await page.getByText(/What just happened/).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(caption).toHaveAttribute("data-state", "shown", { timeout: RUN_WAIT_MS });
  // The tour pauses the run at the moment the caption's trigger first held.
  await waitForPaused(page);
  // The highlighted panel scrolls into view smoothly; let it arrive.
  await page.waitForTimeout(1000);
  await page.screenshot({ path: "docs/screenshots/tour.png" });
});

test("a read followed through the wall to etcd", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/#name=Lagging&lag=4000");
  await expect(page.locator(".wcl-waiter").first()).toBeVisible({ timeout: RUN_WAIT_MS });
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  await page.locator(".wcl-waiter").last().click();
  const pane = page.getByRole("region", { name: "Follow a request" });
  await page.getByRole("button", { name: "Play", exact: true }).click();
  const steps = pane.getByRole("list", { name: /^Steps of request #/ });
  await expect(steps).toContainText("served by etcd", { timeout: RUN_WAIT_MS });
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  for (let i = 0; i < 2; i++) await pane.getByRole("button", { name: "◀ Previous step" }).click();
  await pane.scrollIntoViewIfNeeded();
  await pane.screenshot({ path: "docs/screenshots/code-pane.png" });
});

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;

/** Opens `query` at `atS` (0.1× keeps it there) and pauses on that moment. */
const openPaused = async (page: Page, query: string, atS: number) => {
  await page.goto(`/#${query}&t=${atS}&speed=0.1`);
  await expect(page.locator("section.wcl-panel[data-at-ns]").first()).toBeVisible({
    timeout: RUN_WAIT_MS,
  });
  await page.getByRole("button", { name: "Pause" }).click();
  await waitForPaused(page);
};
const panel = (page: Page, title: string) =>
  page.locator("section.wcl-panel", {
    has: page.getByRole("heading", { name: title, exact: true }),
  });

for (const size of WIDTHS) {
  // Issue 10: what etcd did and what clients got while the herd's fallbacks are served (they hit
  // the wall at 13 s; eight full LISTs of 1 s at a time drain the 300 by about 50 s).
  test(`etcd and Decisions at the big herd's fallback peak, ${size.width} px`, async ({ page }) => {
    const preset = PRESETS.find((candidate) => candidate.id === "big-herd");
    if (preset === undefined) throw new Error("no big-herd preset");
    await page.setViewportSize(size);
    await openPaused(page, presetScenarioQuery(preset), 25);
    for (const [title, file] of [
      ["etcd load", "etcd-panel"],
      ["Decisions", "decisions-panel"],
    ] as const) {
      const card = panel(page, title);
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: `docs/screenshots/${file}-${size.width}.png` });
    }
  });

  // Issue 8: a bad page key in the banner, and the dialogs' refused numbers.
  test(`an unknown tour chapter in the banner, ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/#lag=800&tour=nope");
    await expect(page.getByRole("alert")).toContainText('tour: "nope"');
    await page.screenshot({ path: `docs/screenshots/banner-tour-key-${size.width}.png` });
  });

  test(`the Embed and Compare dialogs refusing a number, ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/#lag=800");
    await page.getByRole("button", { name: "Embed…" }).click();
    const embed = page.getByRole("dialog", { name: "Embed this scenario" });
    await embed.getByLabel("Width").fill("1e9");
    await embed.getByLabel("Width").press("Enter");
    await expect(embed.getByRole("alert")).toBeVisible();
    await embed.getByLabel("Width").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `docs/screenshots/embed-refusal-${size.width}.png` });
    await embed.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: "Compare…" }).click();
    const compare = page.getByRole("dialog", { name: "Compare two runs" });
    await compare.getByRole("button", { name: "lag 20 | 4000" }).click();
    await compare.getByLabel("B: Watch lag").fill("-5");
    await compare.getByLabel("B: Watch lag").press("Tab");
    await expect(compare.getByRole("alert")).toBeVisible();
    await page.screenshot({ path: `docs/screenshots/compare-refusal-${size.width}.png` });
  });

  // Issue 11: the scrape import with a partial wall share fitted, and the report over 1 m.
  test(`the scrape import, a partial share fitted, ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/");
    await page.getByRole("button", { name: "From a scrape…" }).click();
    const dialog = scrapeDialog(page);
    await readScrapesOf(dialog, "writes=50&reads=40&mix=consistent:1&lag=2450&jitter=200", 30);
    const match = dialog.getByRole("table", { name: "How closely a run of the proposal matches" });
    await expect(match).toBeVisible({ timeout: 60_000 });
    await dialog.getByRole("heading", { name: "Proposed scenario" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `docs/screenshots/scrape-import-${size.width}.png` });
  });

  test(`the report over the last minute, ${size.width} px`, async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.setViewportSize(size);
    const gate = "gates%3DConsistentListFromCacheSkipTimeoutFallback%3Dtrue";
    await page.goto(`/#name=herd at the wall&lag=4000&herd=500@2&t=70&speed=0.1&twin=${gate}`);
    await expect(page.getByTestId("twin-label-b")).toBeVisible({ timeout: RUN_WAIT_MS });
    // The link opens at 70 s: pausing before it got there would report an earlier moment.
    await expect
      .poll(() => clockSeconds(page), { timeout: RUN_WAIT_MS })
      .toBeGreaterThanOrEqual(70);
    await page.getByRole("button", { name: "Pause" }).click();
    await page.getByLabel("Metrics window").first().selectOption({ label: "last 1 m" });
    await expect(page.getByTestId("windowed-p99").first()).toBeVisible();
    const menu = page.locator("details.export-menu");
    await menu.locator("summary").click();
    await menu.getByRole("button", { name: "Copy report, Markdown" }).click();
    const dialog = page.getByRole("dialog", { name: "Report for the incident" });
    await expect(dialog.getByRole("status")).toHaveText("Copied to the clipboard");
    // The part this window adds: the figures over the last minute, under the key metrics.
    await dialog.getByTestId("report-text").evaluate((text) => {
      for (const box of [text, text.parentElement])
        if (box !== null) box.scrollTop = box.scrollHeight;
    });
    await page.screenshot({ path: `docs/screenshots/report-${size.width}.png` });
  });
}
