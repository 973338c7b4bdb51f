import { expect, test } from "@playwright/test";
import { LAYOUT_VIEWPORTS } from "../../e2e/helpers/layout-scenes.ts";

// The version select with 1.33 chosen: its line on how that version was checked against its
// released code (src/content/oracle-status.json), at a phone's, a laptop's and a desktop's width.

for (const viewport of LAYOUT_VIEWPORTS) {
  const { width } = viewport;
  test(`version check at ${width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/?t=1&speed=0.1");
    await page.getByRole("button", { name: "Pause" }).click();
    const select = page.getByLabel("Kubernetes version", { exact: true });
    await select.selectOption("1.33");
    const field = page.locator(".field").filter({ has: select });
    await expect(field).toContainText("1.33: run against the released");
    await field.scrollIntoViewIfNeeded();
    await field.screenshot({ path: `docs/screenshots/version-check-${width}.png` });
  });
}
