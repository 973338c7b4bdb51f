import type { Locator, Page } from "@playwright/test";
import { createSimulation } from "../../src/model/index.ts";
import { runScrapes } from "../../src/scrape/fit-wall.ts";
import { runTrial } from "../../src/worker/trial-run.ts";

// The "From a scrape…" dialog, fed scrapes the lab itself made: two scrapes of a run of a scenario,
// taken some simulated seconds apart, pasted and read as a user would.

export const scrapeDialog = (page: Page): Locator =>
  page.getByRole("dialog", { name: "Start from your cluster's scrape" });

/** Pastes the two scrapes of a run of `query`, `apartS` seconds apart, and reads them. */
export async function readScrapesOf(dialog: Locator, query: string, apartS: number): Promise<void> {
  const [first, second, seconds] = await runScrapes(
    async (trialQuery, atS) => runTrial(createSimulation, trialQuery, atS).map(({ text }) => text),
    query,
    apartS,
  );
  await dialog.getByLabel("Scrape (the earlier one, if two)").fill(first);
  await dialog.getByLabel("Later scrape (optional)").fill(second);
  await dialog.getByLabel("Seconds between them").fill(String(seconds));
  await dialog.getByRole("button", { name: "Read the scrapes" }).click();
}
