import { expect, type Page, test } from "@playwright/test";
import { RUN_WAIT_MS } from "../../e2e/helpers/page-state.ts";

// `npm run screenshots`: issue 35's run paused at exactly 120 s, the Metrics panel over the last
// 5 m as Prometheus 3 computes it (the "PromQL as" choice beside the window picker, the range
// note, and the line on a series first seen inside the window), at three widths.

const RUN = "writes=200@0,6000@30,200@60&ryw=0@0,300@30,0@90";

async function openPaused(page: Page) {
  await page.goto("/#t=1&speed=0.1&predict=skip");
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  await page.goto(`/#${RUN}&t=120&speed=0.1&predict=skip&prom=3`);
  await expect(page.getByTestId("simulated-seconds")).toHaveText("120.0 s", {
    timeout: RUN_WAIT_MS * 4,
  });
}

for (const width of [390, 1280, 1920]) {
  test(`the metrics window as Prometheus 3 at ${width} px`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
    await openPaused(page);
    const metrics = page.locator(".wcl-panel", { has: page.locator("h2", { hasText: "Metrics" }) });
    await metrics.getByLabel("Metrics window", { exact: true }).selectOption("300");
    const section = metrics.locator(".wcl-windowed");
    await expect(section).toHaveAttribute("data-prom", "3");
    await expect(section.getByTestId("first-seen").first()).toBeVisible({ timeout: RUN_WAIT_MS });
    await metrics.screenshot({ path: `docs/screenshots/metrics-prom-${width}.png` });
  });
}
