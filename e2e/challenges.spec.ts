import { expect, type Page, test } from "@playwright/test";
import { CHALLENGES } from "../src/content/challenges/index.ts";
import { startQuery } from "../src/content/challenges/judge.ts";

// Every challenge in Chromium, judged by the page on the live run: its reference solution is
// solved and its starting scenario is not (a positive and a negative control each). One page load
// for all of them: each link goes into the fragment, which the page opens as a fresh link would,
// already advanced to the end of the challenge's window (`t`), so the check sees the run's end.

const verdictOf = (page: Page) => page.getByTestId("challenge");

async function openLink(page: Page, query: string) {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, query);
}

test("every challenge: solved by its reference solution, not by its start", async ({ page }) => {
  test.setTimeout(CHALLENGES.length * 40_000);
  await page.goto("/");
  for (const challenge of CHALLENGES) {
    const end = challenge.check.windowS;
    await openLink(page, `${challenge.solution}&challenge=${challenge.id}&t=${end}`);
    const card = verdictOf(page);
    await expect(card).toContainText(challenge.title);
    await expect(card, `${challenge.id}: solution`).toHaveAttribute("data-verdict", "solved", {
      timeout: 30_000,
    });
    await expect(card).toContainText(challenge.demonstrates);
    await openLink(page, `${startQuery(challenge)}&challenge=${challenge.id}&t=${end + 1}`);
    await expect(card, `${challenge.id}: start`).toHaveAttribute("data-verdict", "missed", {
      timeout: 30_000,
    });
  }
});
