import { expect, test } from "@playwright/test";
import { RUN_WAIT_MS, waitForPaused } from "../../e2e/helpers/page-state.ts";
import { PRESETS, presetScenarioQuery } from "../../src/content/presets.ts";

// `npm run screenshots`: a tour chapter's question before its run plays, and a preset's verdict at
// its deciding moment, at the three widths the layout is checked at.

const lagging = PRESETS.find((preset) => preset.id === "lagging");
if (lagging === undefined) throw new Error("no lagging preset");

for (const width of [390, 1280, 1920]) {
  test(`a chapter's question at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto("/#tour=wall&predict=fallback");
    await expect(page.getByTestId("prediction")).toHaveAttribute("data-phase", "asking");
    await expect(page.locator(".wcl-panel__waiting")).toHaveCount(0);
    await waitForPaused(page);
    await page.screenshot({ path: `docs/screenshots/predict-question-${width}.png` });
  });

  test(`a preset's verdict at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(`/#${presetScenarioQuery(lagging)}&predict=429&speed=5`);
    await page.getByRole("button", { name: "Watch it happen" }).click();
    await expect(page.getByTestId("prediction-verdict")).toBeVisible({ timeout: RUN_WAIT_MS });
    await waitForPaused(page);
    // The outlined panel scrolls into view smoothly; let it arrive.
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `docs/screenshots/predict-verdict-${width}.png` });
  });
}

test("free play after the wall chapter", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/#tour=wall&predict=skip");
  await page.getByTestId("tour").getByRole("button", { name: "Free play" }).click();
  await page.getByRole("button", { name: "From the defaults" }).click();
  await expect(page.getByTestId("free-play")).toBeVisible();
  await page.getByTestId("free-play").screenshot({ path: "docs/screenshots/free-play.png" });
});
