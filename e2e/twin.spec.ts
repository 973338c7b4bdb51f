import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { waitForShown, waitForSimTime } from "./helpers/page-state.ts";

const SKIP = "ConsistentListFromCacheSkipTimeoutFallback";
// A lagging cache and a herd: A falls back to etcd at the wall, B answers 429.
const TWIN_LINK = `/#lag=4000&herd=500@2&speed=5&twin=gates%3D${SKIP}%3Dtrue`;

test("a twin link runs both sides, labelled, and the strip shows where they part", async ({
  page,
}) => {
  await page.goto(TWIN_LINK);
  await expect(page.getByTestId("twin-label-a")).toHaveText("A: skip-fallback gate off");
  await expect(page.getByTestId("twin-label-b")).toHaveText("B: skip-fallback gate on");
  for (const side of ["a", "b"]) {
    await expect(page.getByTestId(`twin-${side}-ring`).getByText(/Waiting for/)).toHaveCount(0);
  }
  // Both sides show one moment of one clock: the twin grid states it as the single run's does.
  await waitForSimTime(page, 6);
  await expect(page.getByTestId("twin-firsts")).toContainText(
    /outcomes: first differ (at|between) /,
  );
  const table = page.getByRole("table", { name: "Key metrics, A vs B" });
  const fallbacks = table.getByRole("row", { name: /fallbacks to etcd/ });
  await expect(fallbacks.getByRole("cell").nth(2)).toHaveText(/^−[\d,]+$/);
  const answers429 = table.getByRole("row", { name: /429 answers/ });
  await expect(answers429.getByRole("cell").nth(2)).toHaveText(/^\+[\d,]+$/);

  await expect(page).toHaveURL(/twin=gates%3DConsistentListFromCacheSkipTimeoutFallback%3Dtrue/);
  await page.reload();
  await expect(page.getByTestId("twin-label-b")).toHaveText("B: skip-fallback gate on");
  await waitForShown(page, (now) => now.simS > 0, {
    what: "the reloaded twin run to show a moment past 0",
  });
});

test("Compare… starts a twin run and End twin run returns to one run", async ({ page }) => {
  await page.goto("/#lag=4000");
  await page.getByRole("button", { name: "Compare…" }).click();
  const dialog = page.getByRole("dialog", { name: "Compare two runs" });
  await dialog.getByRole("button", { name: "requestTimeout 60 | 300" }).click();
  await dialog.getByRole("button", { name: "Start twin run" }).click();
  await expect(page.getByTestId("twin-label-b")).toHaveText("B: Request timeout 300 s");
  await expect(page).toHaveURL(/#v=3&lag=4000&twin=requestTimeout%3D300$/);
  await page.getByRole("button", { name: "End twin run" }).click();
  await expect(page.getByTestId("twin-label-a")).toHaveCount(0);
  await expect(page).toHaveURL(/#v=3&lag=4000$/);
});

test("a bad twin override is reported and the main scenario still runs", async ({ page }) => {
  await page.goto("/#lag=800&twin=k8s%3D9.9");
  const banner = page.getByRole("alert");
  await expect(banner).toContainText("twin=k8s=9.9");
  await expect(banner).toContainText("the main scenario runs alone");
  await expect(page.getByTestId("twin-label-a")).toHaveCount(0);
  await waitForShown(page, (now) => now.simS > 0, { what: "the main run to show a moment past 0" });
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`twin mode has no serious accessibility violation (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto("/#lag=4000&twin=lag%3D20");
    await expect(
      page.getByRole("status").filter({ hasText: "Waiting for the simulation" }),
    ).toHaveCount(0);
    await expect(page.locator("html")).toHaveAttribute("data-theme", colorScheme);
    await page.getByRole("button", { name: "Pause" }).click();
    await page.getByRole("button", { name: "Compare…" }).click();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(" ")}`);
    expect(serious).toEqual([]);
  });
}
