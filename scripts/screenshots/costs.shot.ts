import { expect, test } from "@playwright/test";
import { LAYOUT_VIEWPORTS } from "../../e2e/helpers/layout-scenes.ts";

// The LIST cost sliders fitted to KEP-2340 (docs/fidelity.md, "What a LIST costs") and the
// "Production-like waits" preset's card, at a phone's, a laptop's and a desktop's width.

for (const viewport of LAYOUT_VIEWPORTS) {
  const { width } = viewport;

  test(`costs at ${width} px: the cost sliders`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/?objects=300000&objectBytes=1024&t=1&speed=0.1");
    await page.getByRole("button", { name: "Pause" }).click();
    const slider = page.getByRole("slider", { name: /etcd cost per object/ });
    await slider.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await expect(slider).toBeVisible();
    // 300 000 pods take the worker a few seconds to build: the panels show the run, not a wait.
    await expect(page.getByText("Waiting for the simulation…").first()).toBeHidden({
      timeout: 60_000,
    });
    await page.screenshot({ path: `docs/screenshots/costs-sliders-${width}.png` });
  });

  test(`costs at ${width} px: the production-like preset`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/?t=1&speed=0.1");
    await page.getByRole("button", { name: "Pause" }).click();
    await page.getByText("Presets", { exact: true }).click();
    const card = page.getByRole("listitem").filter({ hasText: "Production-like waits" });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `docs/screenshots/costs-preset-${width}.png` });
  });
}
