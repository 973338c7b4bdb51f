import { expect, test } from "@playwright/test";
import { readScrapesOf, scrapeDialog } from "./helpers/scrape-dialog.ts";

// The paste-a-scrape flow on scrapes the lab itself made: a run 4 s behind, scraped 30 s apart.

test("two pasted scrapes give rates, a proposal, its match, and open as a scenario", async ({
  page,
}) => {
  await page.goto("/");
  const opener = page.getByRole("button", { name: "From a scrape…" });
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = scrapeDialog(page);
  await expect(dialog).toBeVisible();
  await readScrapesOf(dialog, "writes=80&reads=30&mix=consistent:1&lag=4000", 30);
  const findings = dialog.getByRole("region", { name: "What the scrapes say" });
  await expect(findings).toContainText("Two scrapes 30.0 s apart (as you gave)");
  await expect(findings).toContainText("Share that hit the wall: 100.0 %");
  await expect(findings).toContainText("lag=4000");
  const match = dialog.getByRole("table", { name: "How closely a run of the proposal matches" });
  await expect(match.getByRole("row", { name: /events received/ })).toBeVisible();
  await dialog.getByRole("link", { name: "Open this scenario" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/scrape-import-1280.png" });
  await dialog.getByRole("link", { name: "Open this scenario" }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => new URL(page.url()).hash).toContain("lag=4000");
  await expect(page.getByRole("slider", { name: "Watch lag", exact: true })).toHaveAttribute(
    "aria-valuetext",
    "4,000 ms",
  );
});

test("a scrape with none of the series gets a clear message, not a guess", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "From a scrape…" }).click();
  const dialog = scrapeDialog(page);
  await dialog.getByLabel("Scrape (the earlier one, if two)").fill("process_cpu_seconds_total 3\n");
  await dialog.getByRole("button", { name: "Read the scrapes" }).click();
  await expect(dialog.getByRole("status")).toContainText("none of the series the lab reads");
  await expect(dialog.getByRole("link", { name: "Open this scenario" })).toHaveCount(0);
});

test("a partial wall share is fitted by runs, the page painting between them", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "From a scrape…" }).click();
  const dialog = scrapeDialog(page);
  // 2.45 s behind with 200 ms of jitter: about half the consistent reads hit the wall.
  await readScrapesOf(dialog, "writes=50&reads=40&mix=consistent:1&lag=2450&jitter=200", 30);
  const findings = dialog.getByRole("region", { name: "What the scrapes say" });
  await expect(findings).toContainText(/Share that hit the wall: (4|5|6)\d\.\d %/);
  // The search reports each run as it goes: the page renders between the runs.
  await expect(findings).toContainText(/Fitting the proposal by runs: run \d+…/);
  await expect(findings).toContainText(
    /fitted in \d+ runs, a run hits the wall for .* \(within 5 points\)/,
    {
      timeout: 60_000,
    },
  );
  const match = dialog.getByRole("table", { name: "How closely a run of the proposal matches" });
  const wall = match.getByRole("row", { name: /share of consistent reads that hit the wall/ });
  await expect(wall).toBeVisible({ timeout: 60_000 });
  const offBy = Number.parseFloat((await wall.getByRole("cell").nth(2).textContent()) ?? "99");
  expect(offBy).toBeLessThanOrEqual(5);
  await expect(findings.locator("code").first()).toHaveText(/lag=2\d{3}&jitter=\d+$/);
});
