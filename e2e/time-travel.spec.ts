import { expect, type Page, test } from "@playwright/test";

// Seeking backwards then forwards shows the same panels as before: the worker replays the run
// from its checkpoints, deterministically, so the past and the return to the present are exact.

const simulatedSeconds = async (page: Page) =>
  Number.parseFloat((await page.getByTestId("simulated-seconds").textContent()) ?? "0");

/** Every panel's text (numbers, labels, tables): what a reader compares between two moments. */
const panelsText = (page: Page) => page.locator(".panel-grid").first().textContent();

test("a seek backwards then forwards shows the same panels as before", async ({ page }) => {
  await page.goto("/#lag=2500&speed=20");
  await expect.poll(() => simulatedSeconds(page), { timeout: 15_000 }).toBeGreaterThan(12);
  await page.getByRole("button", { name: "Pause" }).click();
  const scrubber = page.getByRole("slider", { name: "Simulated time of the run so far" });
  await expect(scrubber).toHaveAttribute("aria-valuenow", /\d/);
  const pausedAt = await simulatedSeconds(page);
  await page.waitForTimeout(300); // the page's 4 Hz copy catches up with the paused frame
  const before = await panelsText(page);

  await scrubber.focus();
  await page.keyboard.press("Home");
  await expect.poll(() => simulatedSeconds(page)).toBe(0);
  await page.keyboard.press("Shift+ArrowRight"); // 10 s
  await expect.poll(() => simulatedSeconds(page)).toBeCloseTo(10, 1);
  await page.waitForTimeout(300);
  const earlier = await panelsText(page);
  expect(earlier).not.toBe(before);

  await page.keyboard.press("End");
  await expect.poll(() => simulatedSeconds(page)).toBe(pausedAt);
  await page.waitForTimeout(300);
  expect(await panelsText(page)).toBe(before);
});

test("markers jump between the run's notable moments", async ({ page }) => {
  await page.goto("/#lag=5000&speed=10");
  await expect.poll(() => simulatedSeconds(page), { timeout: 15_000 }).toBeGreaterThan(6);
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.locator('.scrubber-mark[data-kind="firstFallback"]')).toHaveCount(1);
  await page.getByRole("slider", { name: "Simulated time of the run so far" }).focus();
  await page.keyboard.press("Home");
  await expect.poll(() => simulatedSeconds(page)).toBe(0);
  const next = page.getByRole("button", { name: /Next marker/ });
  await next.click(); // the first wait
  await expect(next).toHaveAttribute("title", /fell more than 1 s behind/);
  await next.click(); // lag above 1 s
  await expect.poll(() => simulatedSeconds(page)).toBeCloseTo(1, 0);
});

test("a change made in the past forks the run there and says so", async ({ page }) => {
  await page.goto("/#speed=20");
  await expect.poll(() => simulatedSeconds(page), { timeout: 15_000 }).toBeGreaterThan(8);
  await page.getByRole("button", { name: "Pause" }).click();
  const scrubber = page.getByRole("slider", { name: "Simulated time of the run so far" });
  await scrubber.focus();
  await page.keyboard.press("Home");
  for (const second of [1, 2, 3]) {
    await expect.poll(() => simulatedSeconds(page)).toBeCloseTo(second - 1, 1);
    await page.keyboard.press("ArrowRight");
  }
  await expect.poll(() => simulatedSeconds(page)).toBeCloseTo(3, 1);
  const writes = page.getByLabel("Pod writes");
  await writes.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText(/Forked at 3\.0 s: later changes discarded/)).toBeVisible();
  await expect(scrubber).toHaveAttribute("aria-valuemax", "3");
});
