import { expect, type Page, test } from "@playwright/test";
import { waitForPaused } from "./helpers/page-state.ts";

// The layout check: at a phone's, a laptop's and a desktop's size, nothing runs past the viewport's
// right edge and no text element is wider than its box. Screenshots go to docs/screenshots/.

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;

/** Elements past the right edge, and text boxes whose content is wider than they are. */
const overflows = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const edge = document.documentElement.clientWidth;
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}.${[...element.classList].join(".")} "${(element.textContent ?? "").trim().slice(0, 40)}"`;
    for (const element of document.querySelectorAll("body *")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(element);
      // A scroll box (a wide table in a narrow panel) may hold more than it shows, by design.
      if (element.closest(".wcl-table-scroll, .visually-hidden, .wcl-visually-hidden")) continue;
      // A closed <details> keeps its content laid out but unseen.
      if (element.closest("details:not([open]) > :not(summary)")) continue;
      if (box.right > edge + 1 && style.position !== "fixed")
        found.push(`past the edge: ${name(element)}`);
      const clips = style.overflowX === "hidden" || style.overflowX === "clip";
      if (clips && element.scrollWidth > element.clientWidth + 1 && element.children.length === 0) {
        found.push(`text wider than its box: ${name(element)}`);
      }
    }
    return found;
  });

for (const viewport of VIEWPORTS) {
  test(`layout at ${viewport.width}×${viewport.height}: the default scenario`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/?lag=2500&t=20&speed=0.1");
    await page.getByRole("button", { name: "Pause" }).click();
    await waitForPaused(page);
    await page.screenshot({ path: `docs/screenshots/layout-${viewport.width}.png` });
    expect(await overflows(page)).toEqual([]);
  });
}

for (const viewport of VIEWPORTS) {
  test(`layout at ${viewport.width}×${viewport.height}: a twin run`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/?lag=4000&herd=500@2&t=8&speed=0.1&twin=lag%3D20");
    await page.getByRole("button", { name: "Pause" }).click();
    await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
    await expect(page.getByTestId("twin-label-b")).toBeVisible();
    await page.screenshot({ path: `docs/screenshots/layout-twin-${viewport.width}.png` });
    expect(await overflows(page)).toEqual([]);
  });
}
