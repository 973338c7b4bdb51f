import { expect, type Page, test } from "@playwright/test";
import { PRESETS, presetScenarioQuery } from "../src/content/presets.ts";

// Pictures for docs/screenshots/, taken on request (SCREENSHOTS=1) so that a test run does not
// rewrite committed files.
test.skip(!process.env["SCREENSHOTS"], "set SCREENSHOTS=1 to refresh docs/screenshots/");

const settle = async (page: Page, seconds: number) => {
  await expect
    .poll(
      async () =>
        Number.parseFloat((await page.getByTestId("simulated-seconds").textContent()) ?? "0"),
      {
        timeout: 30_000,
      },
    )
    .toBeGreaterThanOrEqual(seconds);
  await page.getByRole("button", { name: "Pause" }).click();
};

test("main screen", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto("/#speed=5");
  await settle(page, 20);
  await page.screenshot({ path: "docs/screenshots/main.png" });
});

for (const [id, atS] of [
  ["lagging", 20],
  ["herd", 16],
] as const) {
  test(`preset ${id}`, async ({ page }) => {
    const preset = PRESETS.find((candidate) => candidate.id === id);
    if (preset === undefined) throw new Error(`no preset ${id}`);
    // Tall enough for every panel and the whole control column (it scrolls within the window).
    await page.setViewportSize({ width: 1280, height: 1900 });
    await page.goto(`/#${presetScenarioQuery(preset)}&speed=5`);
    await settle(page, atS);
    await page.screenshot({ path: `docs/screenshots/preset-${id}.png` });
  });
}

test("twin runs", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1400 });
  const gate = "gates%3DConsistentListFromCacheSkipTimeoutFallback%3Dtrue";
  await page.goto(`/#name=A herd on a stalled cache&stall=5-25&herd=2000@10&speed=5&twin=${gate}`);
  await settle(page, 16);
  // The strip and table redraw four times a second: let them catch up with the pause.
  await page.waitForTimeout(400);
  await page.screenshot({ path: "docs/screenshots/twin.png" });
});

test("embed", async ({ page }) => {
  // The size the Embed… dialog offers by default.
  await page.setViewportSize({ width: 960, height: 540 });
  await page.goto(
    "/#name=A lagging cache&lag=2500&writes=200&embed=1&panels=ring,waiting&controls=0&t=5&until=40&loop=1&speed=5",
  );
  await settle(page, 20);
  await page.screenshot({ path: "docs/screenshots/embed.png" });
});

test("dark theme", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto("/#lag=2500&writes=200&speed=5");
  await settle(page, 20);
  await page.screenshot({ path: "docs/screenshots/dark-theme.png" });
});
