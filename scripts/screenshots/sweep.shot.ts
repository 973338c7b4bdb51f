import { expect, type Page, test } from "@playwright/test";

// The Sweep… dialog as an operator meets it, at the three widths docs/screenshots/ keeps: a lag
// sweep with the skip gate off and on (two lines a chart, a point hovered), a heat map of two keys,
// a threshold search with its mark, and a bad range refused with the command line's words.

const GATE = "ConsistentListFromCacheSkipTimeoutFallback";
const BASE = "lag=2500&jitter=50&herd=300@20&predict=skip&speed=0.1";
const WAIT = { timeout: 240_000 };

// A fresh page each time: a new fragment alone would open in the page already there.
const open = async (page: Page, settings: string) => {
  await page.goto("about:blank");
  await page.goto(`/#${BASE}&sweep=${encodeURIComponent(settings)}`);
  const dialog = page.getByRole("dialog", { name: "Sweep a key of this scenario" });
  await expect(dialog.locator(".sweep-progress")).toHaveAttribute("data-status", "done", WAIT);
  return dialog;
};

for (const width of [390, 1280, 1920]) {
  test(`sweep at ${width} px`, async ({ page }) => {
    test.setTimeout(900_000);
    await page.setViewportSize({ width, height: width === 390 ? 2000 : 1400 });
    const lines = await open(
      page,
      `sweep=lag=2000..4000&sweep=gates=${GATE}&points=11&figures=fallbacks,answers_504,etcd_busy_slot_s&duration=60`,
    );
    await lines.locator("circle.sweep-point").nth(14).hover();
    await page.screenshot({ path: `docs/screenshots/sweep-gate-${width}.png` });
    // The pointer leaves the chart first: scrolling to the button would move points under it.
    await page.mouse.move(0, 0);
    await lines.getByRole("button", { name: "Show the numbers" }).click({ timeout: 60_000 });
    await lines.locator(".sweep-table").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `docs/screenshots/sweep-table-${width}.png` });

    await open(
      page,
      "sweep=lag=1000..4000&sweep=jitter=10..200&points=8,6&figures=fallbacks&duration=60",
    );
    await page.screenshot({ path: `docs/screenshots/sweep-heat-${width}.png` });

    await open(page, "sweep=lag=0..5000&find=fallbacks>0&precision=50&duration=60");
    await page.screenshot({ path: `docs/screenshots/sweep-find-${width}.png` });

    await page.goto("about:blank");
    await page.goto(`/#${BASE}`);
    await page.getByRole("button", { name: "Sweep…" }).click();
    const dialog = page.getByRole("dialog", { name: "Sweep a key of this scenario" });
    await dialog.getByLabel("Range A..B").fill("4000..2000");
    await dialog.getByRole("button", { name: "Run sweep" }).click();
    await expect(dialog.getByRole("alert")).toBeVisible();
    await page.screenshot({ path: `docs/screenshots/sweep-refusal-${width}.png` });
  });
}
