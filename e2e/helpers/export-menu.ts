import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";

// The header's Export menu as a user works it: open it, press an entry, take the download; and
// what a Prometheus user does next with the OpenMetrics file (backfill it with promtool).

/** The Export menu, opened if it was closed. */
export async function openExport(page: Page): Promise<Locator> {
  const menu = page.locator("details.export-menu");
  if ((await menu.getAttribute("open")) === null) await menu.locator("summary").click();
  return menu;
}

/** Presses `label` in the Export menu and returns the downloaded file's name and bytes. */
export async function exportFile(page: Page, label: string) {
  const menu = await openExport(page);
  const downloading = page.waitForEvent("download");
  await menu.getByRole("button", { name: label, exact: true }).click();
  const download = await downloading;
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

/** The downloaded file of `label`, as text. */
export const exportText = async (page: Page, label: string): Promise<string> =>
  (await exportFile(page, label)).bytes.toString("utf8");

/** Writes `openMetrics` under `dir` and backfills it into the TSDB `dir/tsdb` with Debian's promtool. */
export function backfill(dir: string, openMetrics: string) {
  writeFileSync(join(dir, "run.om"), openMetrics);
  const tsdb = join(dir, "tsdb");
  const run = spawnSync(
    "/usr/bin/promtool",
    ["tsdb", "create-blocks-from", "openmetrics", join(dir, "run.om"), tsdb],
    { encoding: "utf8" },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, tsdb };
}
