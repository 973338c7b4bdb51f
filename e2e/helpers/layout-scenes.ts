import type { Locator, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { waitForPaused } from "./page-state.ts";

// The scenes the layout check looks at (e2e/layout.spec.ts) and that the layout pictures of
// docs/screenshots/ show (scripts/screenshots/layout.shot.ts): each opened at a viewport, paused.

export const LAYOUT_VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;

export type LayoutViewport = (typeof LAYOUT_VIEWPORTS)[number];

const openPaused = async (page: Page, viewport: LayoutViewport, query: string) => {
  await page.setViewportSize(viewport);
  await page.goto(`/?${query}`);
  await page.getByRole("button", { name: "Pause" }).click();
};

/** A cache 2.5 s behind, paused at 20 s. */
export async function defaultScene(page: Page, viewport: LayoutViewport): Promise<void> {
  await openPaused(page, viewport, "lag=2500&t=20&speed=0.1");
  await waitForPaused(page);
}

/** The Metrics panel after a herd (four-digit counts in neighbouring buckets), in view. */
export async function metricsAfterHerd(page: Page, viewport: LayoutViewport): Promise<Locator> {
  await openPaused(page, viewport, "lag=2500&herd=5000@2&t=20&speed=0.1");
  await waitForPaused(page);
  const metrics = page.locator("section.wcl-panel", {
    has: page.getByRole("heading", { name: "Metrics", exact: true }),
  });
  await metrics.scrollIntoViewIfNeeded();
  return metrics;
}

/** The same panel over the last minute: the longest names, each figure's PromQL. */
export async function metricsOverLastMinute(metrics: Locator): Promise<void> {
  await metrics.getByLabel("Metrics window").selectOption({ label: "last 1 m" });
  await expect(metrics.getByTestId("windowed-p99")).toBeVisible();
}

/** The presets gallery, open. */
export async function presetsGallery(page: Page, viewport: LayoutViewport): Promise<void> {
  await openPaused(page, viewport, "t=1&speed=0.1");
  await page.getByText("Presets", { exact: true }).click();
  await expect(page.getByRole("list", { name: "Presets" })).toBeVisible();
}

/** A twin run, A and B side by side. */
export async function twinRun(page: Page, viewport: LayoutViewport): Promise<void> {
  await openPaused(page, viewport, "lag=4000&herd=500@2&t=8&speed=0.1&twin=lag%3D20");
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  await expect(page.getByTestId("twin-label-b")).toBeVisible();
}

/** The tour's chapter 8 (long metric names in its caption), its first caption shown. */
export async function tourChapterEight(page: Page, viewport: LayoutViewport): Promise<Locator> {
  await page.setViewportSize(viewport);
  await page.goto("/#tour=prometheus&predict=skip");
  const tour = page.getByTestId("tour");
  await expect(tour.getByRole("button", { name: "Continue" })).toBeEnabled({ timeout: 30_000 });
  return tour;
}

/** Free play after "Finish the tour" from the last chapter, with its run kept. */
export async function freePlayAfterTour(page: Page, tour: Locator): Promise<Locator> {
  const finish = tour.getByRole("button", { name: "Finish the tour" });
  while (!(await finish.isVisible())) {
    const next = tour.getByRole("button", { name: "Continue" });
    await expect(next).toBeEnabled({ timeout: 60_000 });
    await next.click();
  }
  await finish.click();
  await tour.getByRole("button", { name: "Keep this chapter's run" }).click();
  const freePlay = page.getByTestId("free-play");
  await expect(freePlay).toBeVisible();
  return freePlay;
}
