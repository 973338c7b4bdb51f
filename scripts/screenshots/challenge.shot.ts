import { expect, type Page, test } from "@playwright/test";
import { waitForPaused } from "../../e2e/helpers/page-state.ts";
import { challengeById } from "../../src/content/challenges/index.ts";
import { startQuery } from "../../src/content/challenges/judge.ts";

// A challenge as a learner meets it (unsolved, with a hint shown) and solved, at the three widths
// docs/screenshots/ keeps: the card sits at the top of the control column.

const challenge = challengeById("under-the-wall");
if (challenge === undefined) throw new Error("no challenge under-the-wall");

const pause = async (page: Page) => {
  const button = page.getByRole("button", { name: "Pause" });
  if (await button.isVisible()) await button.click();
  await waitForPaused(page);
};

for (const width of [390, 1280, 1920]) {
  test(`challenge at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 1600 : 1100 });
    await page.goto(`/#${startQuery(challenge)}&challenge=${challenge.id}&t=20`);
    const card = page.getByTestId("challenge");
    await expect(card).toHaveAttribute("data-verdict", /trying|missed/);
    await pause(page);
    await page.screenshot({ path: `docs/screenshots/challenge-unsolved-${width}.png` });
    await card.getByRole("button", { name: /Show a hint/ }).click();
    await card.getByRole("button", { name: /Show the next hint/ }).click();
    await page.screenshot({ path: `docs/screenshots/challenge-hint-${width}.png` });
    await page.evaluate((hash) => {
      window.location.hash = hash;
    }, `${challenge.solution}&challenge=${challenge.id}&t=60`);
    await expect(card).toHaveAttribute("data-verdict", "solved", { timeout: 30_000 });
    await pause(page);
    await page.screenshot({ path: `docs/screenshots/challenge-solved-${width}.png` });
  });
}
