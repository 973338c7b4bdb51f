import { expect, type Page, test } from "@playwright/test";
import { waitForPaused, waitForShown } from "./helpers/page-state.ts";

// Issue 8, items 12 and 13: the address is a live link (paste, Back, Forward), `t` is checked and
// a long opening shows its progress and can be cancelled, Share writes the moment the clock shows,
// and the link-problem banner stays short and says what the page does instead.

const simulatedSeconds = async (page: Page) =>
  Number.parseFloat((await page.getByTestId("simulated-seconds").textContent()) ?? "0");
/** The value a run-setting slider reads out (what its output shows beside it). */
const sliderValue = (page: Page, label: string) =>
  page.getByRole("slider", { name: label, exact: true });

test("a link pasted into an open tab opens its scenario, and Back returns", async ({ page }) => {
  await page.goto("/#lag=300");
  await expect(sliderValue(page, "Watch lag")).toHaveAttribute("aria-valuetext", "300 ms");
  await expect.poll(() => simulatedSeconds(page)).toBeGreaterThan(1);
  // Same document, new fragment: what pasting a colleague's link into the address bar does.
  await page.goto("/#lag=800&seed=7&name=Colleague&t=30");
  await expect(page.locator(".scenario-name")).toHaveText("Colleague");
  await expect(sliderValue(page, "Watch lag")).toHaveAttribute("aria-valuetext", "800 ms");
  await expect(page.getByLabel("Seed", { exact: true })).toHaveValue("7");
  await expect.poll(() => simulatedSeconds(page)).toBeGreaterThanOrEqual(30);
  await page.goBack();
  await expect(page.locator(".scenario-name")).toHaveText("Untitled scenario");
  await expect(sliderValue(page, "Watch lag")).toHaveAttribute("aria-valuetext", "300 ms");
  await expect(page.getByLabel("Seed", { exact: true })).toHaveValue("1");
  await expect.poll(() => simulatedSeconds(page)).toBeLessThan(30);
  await page.goForward();
  await expect(page.locator(".scenario-name")).toHaveText("Colleague");
});

test("t=1e9 is reported and removed, and the run plays from 0 s", async ({ page }) => {
  await page.goto("/#lag=800&t=1e9");
  await expect(page.getByRole("alert")).toContainText(
    't: "1e9" is not valid: expected seconds 0 … 86400; the run opens at 0 s',
  );
  await expect.poll(() => simulatedSeconds(page)).toBeGreaterThan(0.5);
  await expect.poll(() => new URL(page.url()).hash).toBe("#v=3&lag=800");
});

test("an unknown tour chapter is reported and removed, run keys kept", async ({ page }) => {
  await page.goto("/#lag=800&tour=nope");
  await expect(page.getByRole("alert")).toContainText(
    'tour: "nope" is not valid: expected a chapter id (rv0,',
  );
  await expect(page.getByRole("button", { name: "Take the guided tour" })).toBeVisible();
  await expect.poll(() => new URL(page.url()).hash).toBe("#v=3&lag=800");
});

test("opening at t=86400 shows its progress and can be cancelled", async ({ page }) => {
  await page.goto("/#t=86400");
  const opening = page.getByRole("region", { name: /Opening the link at 86,400 s/ });
  await expect(opening).toBeVisible();
  await expect(opening.getByRole("progressbar")).toBeVisible();
  await expect
    .poll(async () =>
      Number.parseInt((await page.getByTestId("opening-done").textContent()) ?? "0", 10),
    )
    .toBeGreaterThan(0);
  await opening.getByRole("button", { name: "Cancel: go on from here" }).click();
  await expect(opening).toHaveCount(0);
  await expect(
    page.getByRole("status").filter({ hasText: "Stopped opening the link at" }),
  ).toBeVisible();
  const stoppedAt = await simulatedSeconds(page);
  expect(stoppedAt).toBeLessThan(86_400);
  await expect.poll(() => simulatedSeconds(page)).toBeGreaterThan(stoppedAt);
});

test("Share writes the moment the clock shows", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/#lag=800");
  await expect.poll(() => simulatedSeconds(page)).toBeGreaterThan(1);
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.getByRole("button", { name: "Pause" }).click();
    // The clock shows the paused moment once the panels have it; read it then, not mid-frame.
    const paused = await waitForPaused(page);
    const shown = (await page.getByTestId("simulated-seconds").textContent()) ?? "";
    await page.getByRole("button", { name: "Share" }).click();
    const shared = await page.evaluate(() => navigator.clipboard.readText());
    const t = new URL(shared).hash.match(/t=([\d.]+)/)?.[1] ?? "";
    expect(`${Number(t).toFixed(1)} s`).toBe(shown);
    await page.getByRole("button", { name: "Play", exact: true }).click();
    // Each attempt pauses at a later moment: wait until the panels show the run played on.
    await waitForShown(page, (now) => now.playing && now.simS > paused.simS, {
      what: "the run to play on after Share",
    });
  }
});

test("the banner stays short for a 100 kB name and 5,000 unknown keys, at 390 px", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const junk = Array.from({ length: 5000 }, (_, index) => `junk${index}=1`).join("&");
  await page.goto(`/#name=${"x".repeat(100_000)}&${junk}&speed=1000&panels=ring,radar`);
  const banner = page.getByRole("alert");
  await expect(banner).toContainText("(100,000 characters)");
  await expect(banner).toContainText("5,000 unknown keys ignored: junk0, junk1");
  await expect(banner).toContainText("playing at 100×");
  await expect(banner).toContainText('"radar" skipped, showing ring');
  await expect(banner.getByRole("listitem")).toHaveCount(4);
  const dismiss = banner.getByRole("button", { name: "Dismiss" });
  await expect(dismiss).toBeInViewport();
  const box = await banner.boundingBox();
  expect(box !== null && box.height < 500 && box.x + box.width <= 390).toBe(true);
  await expect.poll(() => new URL(page.url()).hash).toBe("#v=3&panels=ring");
  await dismiss.click();
  await expect(page.getByRole("alert")).toHaveCount(0);
});
