import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

// The lagging preset: events reach the cache 4 s late, so consistent reads park on the condition
// variable. A click on one follows it: the code pane marks the line it sleeps on, the swimlane
// lists its recorded steps, and when the 3 s wall comes the read moves on to etcd.

const LAGGING = "/#name=Lagging&lag=4000";

async function followAWaitingRead(page: Page) {
  await page.goto(LAGGING);
  const waiter = page
    .getByRole("list", { name: "Waiting reads, oldest first" })
    .getByRole("button")
    .first();
  await expect(waiter).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  await page
    .getByRole("list", { name: "Waiting reads, oldest first" })
    .getByRole("button")
    .last()
    .click();
  return page.getByRole("region", { name: "Follow a request" });
}

test("a waiting read, followed: the wait line is marked and its steps listed", async ({ page }) => {
  const pane = await followAWaitingRead(page);
  const here = pane.locator('.wcl-code [aria-current="step"]');
  await expect(here).toHaveAttribute("data-line", "wait.sleep");
  await expect(here).toContainText("sleep on the condition variable");
  await expect(pane.getByRole("tab", { selected: true })).toHaveText("waitUntilFreshLocked");
  const steps = pane.getByRole("list", { name: /^Steps of request #/ });
  await expect(steps.getByRole("listitem")).toHaveText([
    /client sends/,
    /sent to the cache/,
    /etcd's current RV/,
    /parked/,
  ]);

  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(steps).toContainText("woken by the 3 s timer", { timeout: 15_000 });
  await expect(steps).toContainText("served by etcd", { timeout: 15_000 });
  await expect(here).toHaveAttribute("data-line", "getList.fallback");

  await pane.getByRole("button", { name: "◀ Previous step" }).click();
  await pane.getByRole("button", { name: "◀ Previous step" }).click();
  await expect(here).toHaveAttribute("data-line", "wait.deadline");
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`a followed read's pane has no serious accessibility violation (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    const pane = await followAWaitingRead(page);
    await expect(pane.locator('.wcl-code [aria-current="step"]')).toBeVisible();
    const results = await new AxeBuilder({ page }).include(".wcl-request-inspector").analyze();
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
    expect(serious).toEqual([]);
  });
}
