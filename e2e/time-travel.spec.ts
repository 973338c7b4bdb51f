import { expect, type Page, test } from "@playwright/test";
import { canvasMoments, watchCanvasMoments } from "./helpers/canvas-moments.ts";
import {
  waitForPaused,
  waitForPausedAt,
  waitForShown,
  waitForSimTime,
} from "./helpers/page-state.ts";

// Seeking backwards then forwards shows the same panels as before: the worker replays the run
// from its checkpoints, deterministically, so the past and the return to the present are exact.

/** Every panel's text (numbers, labels, tables): what a reader compares between two moments. */
const panelsText = (page: Page) => page.locator(".panel-grid").first().textContent();

test("a seek backwards then forwards shows the same panels as before", async ({ page }) => {
  await page.goto("/#lag=2500&speed=20");
  await waitForSimTime(page, 12);
  await page.getByRole("button", { name: "Pause" }).click();
  const scrubber = page.getByRole("slider", { name: "Simulated time of the run so far" });
  await expect(scrubber).toHaveAttribute("aria-valuenow", /\d/);
  const paused = await waitForPaused(page);
  const before = await panelsText(page);

  await scrubber.focus();
  await page.keyboard.press("Home");
  await waitForPausedAt(page, 0);
  await page.keyboard.press("Shift+ArrowRight"); // 10 s
  await waitForPausedAt(page, 10);
  const earlier = await panelsText(page);
  expect(earlier).not.toBe(before);

  await page.keyboard.press("End");
  await waitForPausedAt(page, paused.simS);
  expect(await panelsText(page)).toBe(before);
});

test("no canvas shows another moment than its panel's text, between any two tasks of seeks", async ({
  page,
}) => {
  await watchCanvasMoments(page);
  await page.goto("/#lag=2500&speed=20");
  await waitForSimTime(page, 12);
  await page.getByRole("button", { name: "Pause" }).click();
  const paused = await waitForPaused(page);
  const scrubber = page.getByRole("slider", { name: "Simulated time of the run so far" });
  await scrubber.focus();
  for (let round = 0; round < 3; round++) {
    await page.keyboard.press("Home");
    await waitForPausedAt(page, 0);
    await page.keyboard.press("Shift+ArrowRight"); // 10 s
    await waitForPausedAt(page, 10);
    await page.keyboard.press("End");
    await waitForPausedAt(page, paused.simS);
  }
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await waitForSimTime(page, paused.simS + 4);
  const seen = await canvasMoments(page);
  expect(seen.checks).toBeGreaterThan(100);
  expect(seen.mismatches).toEqual([]);
});

test("markers jump between the run's notable moments", async ({ page }) => {
  await page.goto("/#lag=5000&speed=10");
  await waitForSimTime(page, 6);
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.locator('.scrubber-mark[data-kind="firstFallback"]')).toHaveCount(1);
  await page.getByRole("slider", { name: "Simulated time of the run so far" }).focus();
  await page.keyboard.press("Home");
  await waitForPausedAt(page, 0);
  const next = page.getByRole("button", { name: /Next marker/ });
  await next.click(); // the first wait
  await expect(next).toHaveAttribute("title", /fell more than 1 s behind/);
  await next.click(); // lag above 1 s
  await waitForShown(page, (now) => Math.abs(now.simS - 1) < 0.5, { what: "the panels near 1 s" });
});

test("a change made in the past forks the run there and says so", async ({ page }) => {
  await page.goto("/#speed=20");
  await waitForSimTime(page, 8);
  await page.getByRole("button", { name: "Pause" }).click();
  const scrubber = page.getByRole("slider", { name: "Simulated time of the run so far" });
  await scrubber.focus();
  await page.keyboard.press("Home");
  for (const second of [1, 2, 3]) {
    await waitForPausedAt(page, second - 1);
    await page.keyboard.press("ArrowRight");
  }
  await waitForPausedAt(page, 3);
  const writes = page.getByLabel("Pod writes");
  await writes.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText(/Forked at 3\.0 s: later changes discarded/)).toBeVisible();
  await expect(scrubber).toHaveAttribute("aria-valuemax", "3");
});
