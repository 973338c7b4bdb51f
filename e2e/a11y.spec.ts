import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { waitForPaused } from "./helpers/page-state.ts";

// axe-core on the page's main states, in both themes: no serious or critical violation.

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
    }));
}

async function settle(page: Page) {
  await expect(
    page.getByRole("status").filter({ hasText: "Waiting for the simulation" }),
  ).toHaveCount(0);
  // The page starts playing on its first frame; pressing Space before then would start it instead.
  await expect(page.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  await waitForPaused(page);
}

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test("the main page", async ({ page }) => {
      await page.goto("/");
      await settle(page);
      await expect(page.locator("html")).toHaveAttribute("data-theme", colorScheme);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("a preset's question, answered from the keyboard, and its verdict", async ({ page }) => {
      await page.goto("/");
      await page.getByText("Presets", { exact: true }).click();
      await page.getByRole("list", { name: "Presets" }).getByRole("button").first().click();
      // The question is a labelled radio group; the run waits for it, paused at 0 s.
      const group = page.getByRole("group", { name: /How will most consistent LISTs/ });
      await expect(group).toBeVisible();
      await expect(
        page.getByRole("status").filter({ hasText: "Waiting for the simulation" }),
      ).toHaveCount(0);
      await waitForPaused(page);
      expect(await seriousViolations(page)).toEqual([]);
      // Arrows choose within the group; Tab reaches "Watch it happen"; Enter presses it.
      await group.getByRole("radio").first().focus();
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowUp");
      await expect(group.getByRole("radio").first()).toBeChecked();
      await page.keyboard.press("Tab");
      await expect(page.getByRole("button", { name: "Watch it happen" })).toBeFocused();
      await page.keyboard.press("Enter");
      const verdict = page.getByTestId("prediction-verdict");
      await expect(verdict).toHaveAttribute("data-state", "held", { timeout: 30_000 });
      // Announced: the verdict is inside a polite live region.
      await expect(page.locator("[aria-live='polite']").filter({ has: verdict })).toHaveCount(1);
      await waitForPaused(page);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("embed mode", async ({ page }) => {
      await page.goto("/#embed=1&panels=ring,waiting,metrics&controls=0");
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("the shortcuts sheet", async ({ page }) => {
      await page.goto("/");
      await settle(page);
      await page.keyboard.press("?");
      await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test.describe("reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("the ring's resize still reads in words when its animation is skipped", async ({ page }) => {
    await page.goto("/#lag=2500&writes=200&speed=5");
    await expect(page.getByText(/^Doubled: [\d,]+ → [\d,]+ slots at [\d.]+ s$/)).toBeVisible({
      timeout: 15_000,
    });
  });
});
