import { expect, type Page, test } from "@playwright/test";
import { openExport } from "../../e2e/helpers/export-menu.ts";
import { RUN_WAIT_MS } from "../../e2e/helpers/page-state.ts";

// `npm run screenshots` (playwright.screenshots.config.ts): issue 36's trial as an operator runs
// it (writes at 6 000/s for 30 s against a cache taking 5 000/s, 300 read-your-write clients, the
// skip gate on in B), paused at 150 s over the last minute: the compare view's "What the change
// trades" and the report's part that prints it, at three widths.

const SKIP = "gates%3DConsistentListFromCacheSkipTimeoutFallback%3Dtrue";
const TRIAL = `name=deploy%20wave&writes=6000@0,20@30&ryw=300&twin=${SKIP}`;

/** Opens the trial paused at 150 s: the link pasted into a page already paused opens paused. */
async function openTrial(page: Page) {
  await page.goto("/#t=1&speed=0.1&predict=skip");
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  await page.goto(`/#${TRIAL}&t=150&speed=0.1&predict=skip`);
  await expect(page.getByTestId("simulated-seconds")).toHaveText("150.0 s", {
    timeout: RUN_WAIT_MS * 4,
  });
}

for (const width of [390, 1280, 1920]) {
  test(`what the change trades, and its report, at ${width} px`, async ({ page, context }) => {
    test.setTimeout(240_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
    await openTrial(page);
    const section = page.getByRole("region", { name: "What the change trades" });
    await section.getByLabel("Metrics window").selectOption({ label: "last 1 m" });
    await expect(section.getByText("up to 150.0 s")).toBeVisible({ timeout: RUN_WAIT_MS });
    await section.screenshot({ path: `docs/screenshots/compare-trade-${width}.png` });

    await (await openExport(page)).getByRole("button", { name: "Copy report, Markdown" }).click();
    const dialog = page.getByRole("dialog", { name: "Report for the incident" });
    await expect(dialog.getByRole("status")).toHaveText("Copied to the clipboard");
    // The part this issue adds: the trade's tables and the findings made of them.
    await dialog.getByTestId("report-text").evaluate((text) => {
      const node = text.firstChild;
      const at = text.textContent?.indexOf("### What the change trades") ?? -1;
      if (node === null || at < 0) return;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 3);
      for (const box of [text, text.parentElement]) {
        if (box === null || box.scrollHeight <= box.clientHeight) continue;
        box.scrollTop += range.getBoundingClientRect().top - box.getBoundingClientRect().top;
      }
    });
    await page.screenshot({ path: `docs/screenshots/decision-report-${width}.png` });
  });
}
