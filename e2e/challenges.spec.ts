import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { CHALLENGES } from "../src/content/challenges/index.ts";
import { startQuery } from "../src/content/challenges/judge.ts";
import { waitForSimTime } from "./helpers/page-state.ts";

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
  // The page listens for fragment changes once it runs.
  await waitForSimTime(page, 0.1);
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

/**
 * axe-core's serious and critical findings in the challenge's parts of the page (the card, the
 * gallery, the locked controls); e2e/a11y.spec.ts checks the whole page.
 */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('[data-testid="challenge"]')
    .include(".challenges-menu")
    .include('[aria-label="Scenario controls"]')
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((n) => n.target) }));
}

test("a challenge from the gallery, solved with the keyboard, replays from its shared link", async ({
  page,
  browser,
}) => {
  await page.goto("/");
  await page.getByText("Challenges", { exact: false }).first().click();
  await page
    .getByRole("list", { name: "Challenges" })
    .getByRole("button", { name: /Under the wall/ })
    .click();
  const card = page.getByTestId("challenge");
  await expect(card).toContainText("Under the wall, every time");
  await expect(page).toHaveURL(/lag=2500&jitter=100.*challenge=under-the-wall/);
  // Locked controls are disabled and say so; the allowed ones are not.
  await expect(page.getByRole("slider", { name: "Watch lag" })).toBeDisabled();
  await expect(page.getByRole("group", { name: "Locked by the challenge" }).first()).toBeVisible();
  const jitter = page.getByRole("slider", { name: "Jitter" });
  await expect(jitter).toBeEnabled();

  // Hints, one at a time, by keyboard.
  await card.getByRole("button", { name: "Show a hint (1 of 3)" }).press("Enter");
  await expect(card.getByRole("list", { name: "Hints" }).getByRole("listitem")).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  // The learner's fix: the jitter to 0 ms, live, then watch the minute at 100×.
  await jitter.focus();
  await page.keyboard.press("Home");
  await expect(page).toHaveURL(/jitter=100@0,0@/);
  // Reads fell back before the fix: the try runs again from 0 s with the jitter at 0 throughout.
  await card.getByRole("button", { name: "Try again from 0 s" }).click();
  await expect(page).toHaveURL(/lag=2500&jitter=0&/);
  await page.getByRole("slider", { name: /Speed/ }).focus();
  await page.keyboard.press("End");
  await expect(card).toHaveAttribute("data-verdict", "solved", { timeout: 30_000 });
  await expect(card).toContainText("What it demonstrated:");
  await expect(page.locator(".challenges-menu summary")).toContainText("(1/9 solved)");
  expect(await seriousViolations(page)).toEqual([]);

  const link = await card
    .getByRole("button", { name: "Share solution" })
    .getAttribute("data-solution");
  expect(link).toMatch(/#.*lag=2500&jitter=0&.*challenge=under-the-wall&speed=5$/);
  // Another browser profile: no saved progress, the link alone replays the run to "solved".
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  // At the top speed rather than the link's 5×, to keep the suite fast: the same run either way.
  await other.goto((link ?? "").replace(/speed=5$/, "speed=100"));
  const replayed = other.getByTestId("challenge");
  await expect(replayed).toHaveAttribute("data-verdict", "solved", { timeout: 30_000 });
  await fresh.close();
});

test("an unknown challenge is reported and leaves the address", async ({ page }) => {
  await page.goto("/#lag=800&challenge=nope");
  await expect(page.getByRole("alert")).toContainText('challenge: "nope" is not valid');
  await expect(page).not.toHaveURL(/challenge=/);
  await expect(page.getByTestId("challenge")).toHaveCount(0);
});

test("a challenge embedded for a course page", async ({ page }) => {
  await page.goto("/#challenge=rv0-never-waits&embed=1&panels=decisions");
  const card = page.getByTestId("challenge");
  await expect(card).toContainText("Nobody waits on a cache 5 s behind");
  await expect(page).toHaveURL(/lag=5000.*challenge=rv0-never-waits/);
  await expect(page.getByRole("slider", { name: "Watch lag" })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
});
