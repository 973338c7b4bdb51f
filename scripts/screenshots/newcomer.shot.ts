import { expect, test } from "@playwright/test";
import {
  freePlayAfterTour,
  LAYOUT_VIEWPORTS,
  tourChapterEight,
} from "../../e2e/helpers/layout-scenes.ts";

// What a newcomer meets at a phone's, a laptop's and a desktop's width (issue 37): the tour's
// chapter 8 with its long metric names, free play after "Finish the tour", and the follow pane of
// a read parked behind a stall with the skip gate on. Written to SHOT_DIR (default
// docs/screenshots/).

const DIR = process.env["SHOT_DIR"] ?? "docs/screenshots";

for (const viewport of LAYOUT_VIEWPORTS) {
  const { width } = viewport;

  test(`newcomer at ${width} px: the tour's chapter 8`, async ({ page }) => {
    const tour = await tourChapterEight(page, viewport);
    await tour.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${DIR}/newcomer-tour-8-${width}.png` });
  });

  test(`newcomer at ${width} px: free play after the tour`, async ({ page }) => {
    const freePlay = await freePlayAfterTour(page, await tourChapterEight(page, viewport));
    await freePlay.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${DIR}/newcomer-free-play-${width}.png` });
  });

  test(`newcomer at ${width} px: the follow pane`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(
      "/#name=Stall&stall=2-12&gates=ConsistentListFromCacheSkipTimeoutFallback=true",
    );
    await expect(page.locator(".wcl-waiter").first()).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: "Pause", exact: true }).click();
    await page.locator(".wcl-waiter").last().click();
    const pane = page.getByRole("region", { name: "Follow a request" });
    await pane.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${DIR}/newcomer-follow-${width}.png` });
  });
}
