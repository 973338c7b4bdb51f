import { expect, test } from "@playwright/test";
import { PRESETS, presetScenarioQuery } from "../src/content/presets.ts";

// Every preset, played at 100×, must show its observable within its window of simulated time:
// the page checks the same predicate the node tests check, and says "Seen at …". The presets'
// questions are e2e/predict.spec.ts's: skipped here.

for (const preset of PRESETS) {
  test(`preset "${preset.title}" shows: ${preset.observable.description}`, async ({ page }) => {
    await page.goto(`/#${presetScenarioQuery(preset)}&speed=100&predict=skip`);
    const observable = page.getByTestId("observable");
    await expect(observable).toContainText(preset.observable.description);
    await expect(observable).toHaveAttribute("data-state", "seen", { timeout: 45_000 });
  });
}
