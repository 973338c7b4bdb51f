import { expect, test } from "@playwright/test";
import {
  clockSeconds,
  waitForPaused,
  waitForPausedAt,
  waitForShown,
  waitForSimTime,
} from "./helpers/page-state.ts";

test("the default scenario plays on opening", async ({ page }) => {
  await page.goto("/");
  await waitForShown(page, (now) => now.playing && now.simS > 0, { what: "the run to play" });
  await expect(page.getByRole("heading", { name: "History ring" })).toBeVisible();
});

test("pause stops the simulated clock and play resumes it", async ({ page }) => {
  await page.goto("/");
  await waitForShown(page, (now) => now.playing && now.simS > 0, { what: "the run to play" });
  await page.getByRole("button", { name: "Pause" }).click();
  const paused = await waitForPaused(page);
  // Had the run kept playing, a step would not land exactly 100 ms later.
  await page.getByRole("button", { name: /Step/ }).click();
  const stepped = paused.simS + 0.1;
  await waitForPausedAt(page, stepped);
  // The clock cuts to tenths of a second, as Share does (src/ui/controls/clockSeconds.ts).
  await expect.poll(() => clockSeconds(page)).toBe(Math.floor(stepped * 10 + 1e-6) / 10);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await waitForShown(page, (now) => now.playing && now.simS > stepped, { what: "play to resume" });
});

test("moving a live slider records V@t in the address", async ({ page }) => {
  await page.goto("/");
  await waitForSimTime(page, 0.5);
  const writes = page.getByLabel("Pod writes");
  await writes.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(/#v=3&writes=20@0,25@\d+(\.\d+)?$/);
  await expect(page.getByText(/restarted/)).toHaveCount(0);
});

test("a shared link reopens the same scenario at the same moment", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/#lag=800&writes=200&seed=7");
  await waitForSimTime(page, 1);
  await page.getByRole("button", { name: "Pause" }).click();
  await page.getByRole("button", { name: "Share" }).click();
  await expect(page.getByText("copied")).toBeVisible();
  const shared = await page.evaluate(() => navigator.clipboard.readText());
  expect(shared).toMatch(/#v=3&seed=7&writes=200&lag=800&prom=3&t=\d+(\.\d)?$/);
  const sharedAt = Number(new URL(shared).hash.match(/t=([\d.]+)/)?.[1]);

  const reopened = await context.newPage();
  await reopened.goto(shared);
  await waitForSimTime(reopened, sharedAt);
  await expect(reopened.getByRole("slider", { name: "Watch lag", exact: true })).toHaveAttribute(
    "aria-valuetext",
    "800 ms",
  );
  await expect(reopened.getByRole("slider", { name: "Pod writes", exact: true })).toHaveAttribute(
    "aria-valuetext",
    "200 /s",
  );
  await expect(reopened.getByLabel("Seed", { exact: true })).toHaveValue("7");
});

test("a corrupted link shows every problem and still runs", async ({ page }) => {
  await page.goto("/#writes=lots&colour=blue&lag=800&k8s=9.9");
  const banner = page.getByRole("alert");
  await expect(banner).toContainText("3 problems");
  await expect(banner).toContainText("writes=lots");
  await expect(banner).toContainText("colour=blue");
  await expect(banner).toContainText("k8s=9.9");
  await waitForShown(page, (now) => now.playing && now.simS > 0, { what: "the run to play" });
  await banner.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("on a phone the panels stack in one column", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const ring = await page.getByRole("heading", { name: "History ring" }).boundingBox();
  const room = await page.getByRole("heading", { name: "Waiting room" }).boundingBox();
  expect(ring && room && room.y > ring.y).toBe(true);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});

test("a fault button is recorded in the address at the moment it was pressed", async ({ page }) => {
  await page.goto("/");
  await waitForSimTime(page, 0.5);
  await page.getByRole("button", { name: "Send a herd of consistent LISTs" }).click();
  await expect(page).toHaveURL(/#v=3&herd=1000@\d+(\.\d+)?$/);
  await page.getByRole("button", { name: "Compact etcd now" }).click();
  await expect(page).toHaveURL(/#v=3&herd=1000@[\d.]+&compact=[\d.]+$/);
});
