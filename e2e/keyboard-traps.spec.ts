import { expect, type Page, test } from "@playwright/test";
import { waitForPaused, waitForPausedAt } from "./helpers/page-state.ts";

// Issue 8, item 11: Space pressed to pause must not press the button that kept focus after a
// click, and the shortcuts keep working while a checkbox has focus.

const simulatedSeconds = async (page: Page) =>
  Number.parseFloat((await page.getByTestId("simulated-seconds").textContent()) ?? "0");

async function playing(page: Page) {
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
  await expect.poll(() => simulatedSeconds(page)).toBeGreaterThan(0.2);
}

test("Space after clicking the herd button pauses and sends no second herd", async ({ page }) => {
  await playing(page);
  await page.getByRole("button", { name: "Send a herd of consistent LISTs" }).click();
  await expect(page).toHaveURL(/#v=3&herd=1000@[\d.]+$/);
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  // The address is written a quarter second after a change: give a second herd time to appear.
  await page.getByRole("button", { name: "Step 100 ms" }).click();
  await expect(page).toHaveURL(/#v=3&herd=1000@[\d.]+$/);
  expect(new URL(page.url()).hash.match(/1000@/g)).toHaveLength(1);
});

test("Space after clicking the theme toggle pauses and keeps the theme", async ({ page }) => {
  await playing(page);
  const toggle = page.getByRole("button", { name: "Dark theme" });
  const before = await toggle.getAttribute("aria-pressed");
  await toggle.click();
  const chosen = before === "true" ? "false" : "true";
  await expect(toggle).toHaveAttribute("aria-pressed", chosen);
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-pressed", chosen);
});

test("a button reached with Tab is pressed by Space, and K still pauses", async ({ page }) => {
  await playing(page);
  const step = page.getByRole("button", { name: "Step 100 ms" });
  const play = page.getByRole("button", { name: "Pause", exact: true });
  await play.focus();
  await page.keyboard.press("Tab");
  await expect(step).toBeFocused();
  await page.keyboard.press("Space"); // presses Step, which pauses and steps
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(page.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
  await page.keyboard.press("k");
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
});

test("shortcuts work while a breakpoint checkbox has focus", async ({ page }) => {
  await playing(page);
  const shrink = page.getByRole("checkbox", { name: "ring shrink" });
  await shrink.click();
  await expect(shrink).toBeChecked();
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  await expect(shrink).toBeChecked(); // Space paused; it did not untick the box
  // The paused frame may land after the button flips: take the moment the panels state.
  const paused = (await waitForPaused(page)).simS;
  await page.keyboard.press(".");
  await waitForPausedAt(page, paused + 0.1);
  await page.keyboard.press("]");
  await expect(page.getByRole("slider", { name: "Speed", exact: true })).toHaveAttribute(
    "aria-valuetext",
    "2×",
  );
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
});
