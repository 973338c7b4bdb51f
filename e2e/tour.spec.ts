import { expect, test } from "@playwright/test";
import { CHAPTERS } from "../src/content/tour/chapters/index.ts";
import { checkMoment } from "./helpers/consistency.ts";

// Every chapter, deep-linked and played at 100×, reaches its closing caption: each caption appears
// only once the page has seen its trigger in a snapshot, the run pauses at that moment, and the
// caption's figures are the panels' there (the consistency check, e2./helpers/consistency.ts);
// Continue plays on to the next. The chapters' questions are e2e/predict.spec.ts's: skipped here.

for (const chapter of CHAPTERS) {
  test(`tour chapter "${chapter.title}" reaches its closing caption`, async ({ page }) => {
    await page.goto(`/#tour=${chapter.id}&speed=100&predict=skip`);
    const tour = page.getByTestId("tour");
    await expect(tour.getByRole("heading", { name: chapter.title })).toBeVisible();
    const caption = tour.getByTestId("tour-caption");
    for (const [index, step] of chapter.steps.entries()) {
      await expect(tour.getByTestId("tour-progress")).toContainText(
        `step ${index + 1} of ${chapter.steps.length}`,
      );
      await expect(caption).toHaveAttribute("data-state", "shown", { timeout: 45_000 });
      await expect(caption).toContainText(step.caption);
      await expect(caption).toContainText("Paused at");
      await checkMoment(page, `tour "${chapter.id}" step ${index + 1}`);
      if (index < chapter.steps.length - 1)
        await tour.getByRole("button", { name: "Continue" }).click();
    }
    await expect(caption).toContainText("The one thing to remember:");
  });
}

test("the tour leaves into free play, the run going on", async ({ page }) => {
  await page.goto("/?tour=wall&speed=10&predict=skip");
  await expect(page.getByTestId("tour")).toBeVisible();
  await page.getByRole("button", { name: "Free play" }).click();
  await page.getByRole("button", { name: "Keep this chapter's run" }).click();
  await expect(page.getByTestId("tour")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Take the guided tour" })).toBeVisible();
  await expect(page.locator(".scenario-name")).toHaveText(
    "Tour: The 3 s wall and the fallback to etcd",
  );
  await expect(page).not.toHaveURL(/tour=/);
});

test("Continue looks disabled while its caption waits, and enabled once it is shown", async ({
  page,
}) => {
  // A disabled Continue was drawn like an enabled one: through a 10–25 s wait it read as clickable.
  await page.goto("/#tour=fresh-window&predict=skip");
  const tour = page.getByTestId("tour");
  const next = tour.getByRole("button", { name: "Continue" });
  await expect(tour.getByTestId("tour-caption")).toHaveAttribute("data-state", "waiting");
  await expect(next).toBeDisabled();
  const look = () =>
    next.evaluate((button) => {
      const style = getComputedStyle(button);
      return { opacity: Number(style.opacity), cursor: style.cursor };
    });
  expect(await look()).toEqual({ opacity: 0.45, cursor: "not-allowed" });
  await expect(tour.getByTestId("tour-caption")).toHaveAttribute("data-state", "shown", {
    timeout: 45_000,
  });
  await expect(next).toBeEnabled();
  expect(await look()).toEqual({ opacity: 1, cursor: "pointer" });
});
