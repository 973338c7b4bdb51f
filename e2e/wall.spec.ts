import { expect, test } from "@playwright/test";

// The wall is the scenario's blockTimeout, stated by the snapshot: with blockTimeout=10000 every
// panel, caption and pseudocode line that names the wall says 10 s, and none says 3 s. The cache is
// 12 s behind, so reads wait the whole wall and then fall back to etcd.

const TEN_SECOND_WALL = "/#name=Ten-second%20wall&blockTimeout=10000&lag=12000&speed=5";

test("with blockTimeout=10000 every panel, caption and code line shows a 10 s wall", async ({
  page,
}) => {
  await page.goto(TEN_SECOND_WALL);
  const waiting = page.getByRole("region", { name: "Waiting room" });
  await expect(
    waiting.getByRole("list", { name: "Waiting reads, oldest first" }).getByRole("button").first(),
  ).toBeVisible({ timeout: 20_000 });
  await expect(waiting.locator(".wcl-panel__caption")).toContainText("toward the 10 s wall");
  await expect(waiting.locator(".wcl-room__scale")).toHaveText(/10 s wall/);

  const freshness = page.getByRole("region", { name: "Freshness timeline" });
  await expect(freshness.locator(".wcl-panel__caption")).toContainText("against the 10 s wall");
  await expect(freshness.getByRole("img")).toHaveAccessibleName(/against the 10 s wall$/);

  const metrics = page.getByRole("region", { name: "Metrics" });
  await expect(metrics.locator(".wcl-panel__caption")).toContainText("waits over the 10 s wall");
  // A 10 s wait is past the last finite bound (3 s): the wall's bucket is +Inf.
  await expect(metrics.locator(".wcl-bucket--wall")).toHaveAttribute("aria-label", /^le \+Inf s:/);

  await page.getByRole("button", { name: "Pause", exact: true }).click();
  await waiting
    .getByRole("list", { name: "Waiting reads, oldest first" })
    .getByRole("button")
    .last()
    .click();
  const pane = page.getByRole("region", { name: "Follow a request" });
  await expect(pane.locator('[data-line="wait.timer"] code')).toHaveText(
    "start a timer that wakes every waiter after 10 s",
  );
  await expect(pane.locator('[data-line="wait.deadline"]')).toContainText("if now − start ≥ 10 s");

  await page.getByRole("button", { name: "Play", exact: true }).click();
  const steps = pane.getByRole("list", { name: /^Steps of request #/ });
  await expect(steps).toContainText("woken by the 10 s timer", { timeout: 20_000 });
  await expect(waiting.locator(".wcl-departures")).toContainText("hit the wall");

  for (const region of await page.getByRole("region").all()) {
    await expect(region).not.toContainText(/\b3 s wall|3-second|the 3 s timer|after 3 s|≥ 3 s/);
  }
});
