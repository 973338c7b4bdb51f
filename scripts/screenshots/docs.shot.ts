import { expect, type Page, test } from "@playwright/test";
import {
  clockSeconds,
  RUN_WAIT_MS,
  waitForPaused,
  waitForSimTime,
} from "../../e2e/helpers/page-state.ts";
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
  // Pressed without Playwright's scrolling to the header, which would undo the highlight's scroll.
  await page.getByRole("button", { name: "Pause" }).dispatchEvent("click");
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
