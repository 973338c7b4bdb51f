import { test } from "@playwright/test";
import {
  defaultScene,
  LAYOUT_VIEWPORTS,
  metricsAfterHerd,
  metricsOverLastMinute,
  presetsGallery,
  twinRun,
} from "../../e2e/helpers/layout-scenes.ts";

// The layout pictures of docs/screenshots/ at a phone's, a laptop's and a desktop's width: the
// scenes e2e/layout.spec.ts checks, taken here so the suite writes no pictures.

for (const viewport of LAYOUT_VIEWPORTS) {
  const { width } = viewport;

  test(`layout at ${width} px: the default scenario`, async ({ page }) => {
    await defaultScene(page, viewport);
    await page.screenshot({ path: `docs/screenshots/layout-${width}.png` });
  });

  test(`layout at ${width} px: the Metrics panel after a herd, since the start and over 1 m`, async ({
    page,
  }) => {
    const metrics = await metricsAfterHerd(page, viewport);
    await metrics.screenshot({ path: `docs/screenshots/layout-metrics-${width}.png` });
    await metricsOverLastMinute(metrics);
    await metrics.screenshot({ path: `docs/screenshots/layout-metrics-window-${width}.png` });
  });

  test(`layout at ${width} px: the presets gallery`, async ({ page }) => {
    await presetsGallery(page, viewport);
    await page.screenshot({ path: `docs/screenshots/layout-presets-${width}.png` });
  });

  test(`layout at ${width} px: a twin run`, async ({ page }) => {
    await twinRun(page, viewport);
    await page.screenshot({ path: `docs/screenshots/layout-twin-${width}.png` });
  });
}
