import { expect, type Page, test } from "@playwright/test";
import { titleOfHeading } from "../src/content/panels.ts";
import type { Question } from "../src/content/predict/question.ts";
import { PRESETS, presetScenarioQuery } from "../src/content/presets.ts";
import { CHAPTERS } from "../src/content/tour/chapters/index.ts";
import { EXPECTED } from "../test/core/predict-expected.ts";
import { clockSeconds, waitForPaused } from "./helpers/page-state.ts";

const clockText = async (page: Page) =>
  (await page.getByTestId("simulated-seconds").textContent()) ?? "";

// Every chapter's and preset's question, on the page at 100×, one page load each: the link chooses
// the first answer (`predict=<id>`), the run waits at 0 s until "Watch it happen", pauses at the
// deciding moment, and the verdict names what the run did, outlines its panel, and is judged for
// every answer in turn on that same moment (the radios stay choosable, without a reload).

async function checkQuestion(page: Page, link: string, question: Question, expectedId: string) {
  const [first] = question.answers;
  const expected = question.answers.find((answer) => answer.id === expectedId);
  if (first === undefined || expected === undefined) throw new Error(`no answer ${expectedId}`);
  await page.goto(`/#${link}&speed=100&predict=${first.id}`);
  const card = page.getByTestId("prediction");
  const group = card.getByRole("group");
  await expect(group.getByRole("radio", { name: first.text, exact: true })).toBeChecked();
  await expect(card).toHaveAttribute("data-phase", "asking");
  await expect(page.getByTestId("simulated-seconds")).toHaveText("0.0 s");
  await card.getByRole("button", { name: "Watch it happen" }).click();

  const verdict = page.getByTestId("prediction-verdict");
  await expect(verdict).toBeVisible({ timeout: 45_000 });
  await expect(verdict).toContainText(`What happened: ${expected.text}.`);
  await expect(verdict).toContainText(
    `The ${titleOfHeading(expected.panel)} panel (outlined) shows it.`,
  );
  await expect(page.locator(`section.tour-highlight #${expected.panel}`)).toHaveCount(1);
  // Paused there: the clock shows the moment the verdict names.
  // Both are read again until they agree: on a loaded machine the header may draw the paused
  // frame a frame after the verdict does.
  await waitForPaused(page);
  await expect
    .poll(async () => (await verdict.textContent())?.includes(`Paused at ${await clockText(page)}`))
    .toBe(true);
  for (const answer of question.answers) {
    await group.getByRole("radio", { name: answer.text, exact: true }).check();
    await expect(verdict, answer.id).toHaveAttribute(
      "data-state",
      answer === expected ? "held" : "missed",
    );
  }
  await expect(page).toHaveURL(new RegExp(`predict=${question.answers.at(-1)?.id}`));
}

for (const chapter of CHAPTERS) {
  test(`chapter "${chapter.id}": the question's verdict for every answer`, async ({ page }) => {
    await checkQuestion(
      page,
      `tour=${chapter.id}`,
      chapter.question,
      EXPECTED[`chapter:${chapter.id}`] ?? "",
    );
    await page.getByTestId("tour").getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("tour-progress")).toContainText("step 1 of");
  });
}

for (const preset of PRESETS) {
  test(`preset "${preset.id}": the question's verdict for every answer`, async ({ page }) => {
    await checkQuestion(
      page,
      presetScenarioQuery(preset),
      preset.question,
      EXPECTED[`preset:${preset.id}`] ?? "",
    );
  });
}

test("a preset from the gallery asks first; predict=skip and a bad value do not", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByText("Presets", { exact: true }).click();
  await page
    .getByRole("list", { name: "Presets" })
    .getByRole("button", { name: /Lagging/ })
    .click();
  await expect(page.getByTestId("prediction")).toHaveAttribute("data-phase", "asking");
  await page.getByRole("button", { name: "Skip the question" }).click();
  await expect(page.getByTestId("prediction")).toHaveCount(0);
  await expect.poll(() => clockSeconds(page)).toBeGreaterThan(0);

  const lagging = PRESETS.find((preset) => preset.id === "lagging");
  await page.goto(`/#${presetScenarioQuery(lagging as (typeof PRESETS)[number])}&predict=maybe`);
  await expect(page.getByRole("alert")).toContainText('predict: "maybe" is not valid');
  await expect(page.getByTestId("prediction")).toHaveAttribute("data-phase", "asking");
  await expect.poll(() => page.url()).not.toContain("predict=");
});
