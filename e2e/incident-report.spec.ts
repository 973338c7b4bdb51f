import { expect, test } from "@playwright/test";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { exportText, openExport } from "./helpers/export-menu.ts";
import { clockSeconds, RUN_WAIT_MS } from "./helpers/page-state.ts";

// A twin run handed to the team: the Markdown report and the metrics file carry both runs, the
// report's table is the page's A vs B table figure for figure, and a panel picture names the
// scenario and the moment without the page's buttons.

const SKIP = "ConsistentListFromCacheSkipTimeoutFallback";
const TWIN_LINK = `/#name=herd%20at%20the%20wall&lag=4000&herd=500@2&speed=5&twin=gates%3D${SKIP}%3Dtrue`;

test("a twin's report, metrics and panel pictures carry both runs", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(TWIN_LINK);
  await expect.poll(() => clockSeconds(page), { timeout: RUN_WAIT_MS }).toBeGreaterThan(8);
  await page.getByRole("button", { name: "Pause" }).click();
  const table = page.getByRole("table", { name: "Key metrics, A vs B" });
  await expect(
    table
      .getByRole("row", { name: /429 answers/ })
      .getByRole("cell")
      .nth(2),
  ).toHaveText(/^\+[\d,]+$/);

  await (await openExport(page)).getByRole("button", { name: "Copy report, Markdown" }).click();
  const dialog = page.getByRole("dialog", { name: "Report for the incident" });
  await expect(dialog.getByRole("status")).toHaveText("Copied to the clipboard");
  const report = await page.evaluate(() => navigator.clipboard.readText());
  expect(await dialog.getByTestId("report-text").textContent()).toBe(report);
  expect(report).toContain("## herd at the wall, at ");
  // Share's link: the page's, with the moment the report is made at (`t`), the speed and the
  // Prometheus its windowed figures follow.
  const moment = /at (\d+\.\d) s simulated/.exec(report)?.[1];
  const keysOf = (address: string) => {
    const url = new URL(address);
    return {
      at: url.origin + url.pathname,
      ...Object.fromEntries(new URLSearchParams(url.hash.slice(1))),
    };
  };
  const linked = keysOf(/^Link: <(.*)>$/m.exec(report)?.[1] ?? "");
  expect(linked).toEqual({ ...keysOf(page.url()), prom: "3", t: String(Number(moment)) });
  expect(report).toContain("A skip-fallback gate off · B skip-fallback gate on");
  // Every row of the page's table, figure for figure.
  for (const row of await table.locator("tbody tr").all()) {
    const cells = await row.locator("th, td").allTextContents();
    expect(report).toContain(`| ${cells.join(" | ")} |`);
  }
  expect(report).toMatch(
    /skip-fallback gate on turned fallbacks to etcd into answers of 429: fallbacks to etcd [\d,]+ in A, [\d,]+ in B; 429 answers [\d,]+ in A, [\d,]+ in B\./,
  );
  expect(report).toMatch(/read-wait p99 so far (unchanged at|[\d.]+ s in A, [\d.]+ s in B)/);
  await dialog.getByRole("button", { name: "Close" }).click();

  const metrics = parsePrometheusTextFormat(await exportText(page, "Metrics, Prometheus text"));
  const reads = metrics.find(
    (family) => family.name === "apiserver_watch_cache_consistent_read_total",
  );
  const runs = new Set(reads?.metrics.map((sample) => sample.labels?.["run"]));
  expect([...runs].sort()).toEqual(["A", "B"]);

  const menu = await openExport(page);
  await menu.getByLabel("Panel", { exact: true }).selectOption("metrics");
  const svg = await exportText(page, "SVG");
  expect(svg).toMatch(/herd at the wall · at \d+\.\d s simulated · Watch Cache Lab/);
  expect(svg).toContain("Metrics");
  expect(svg).not.toContain("<button");
  expect(svg).not.toContain("<select");
});

test("the report reads the metrics over the window the page shows, and says which", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/#lag=4000&t=75&speed=0.1");
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  await page.getByLabel("Metrics window").selectOption({ label: "last 1 m" });
  // The window's scrapes arrive from the worker a moment after the choice: read the page's
  // figures once they cover the paused moment (75 s, at a tenth of real time), as the report will.
  await expect(page.getByRole("region", { name: /^Metrics over the / })).toContainText(
    /up to 75\.\d s/,
  );
  const p99 = page.getByTestId("windowed-p99");
  await expect(p99).toHaveText(/^\d+\.\d\d s$/);
  const rate = page.locator(".wcl-windowed table.wcl-series tr").first().locator("td").nth(1);
  await expect(rate).toHaveText(/\/s$/);

  await (await openExport(page)).getByRole("button", { name: "Copy report, Markdown" }).click();
  const dialog = page.getByRole("dialog", { name: "Report for the incident" });
  await expect(dialog.getByRole("status")).toHaveText("Copied to the clipboard");
  const report = await page.evaluate(() => navigator.clipboard.readText());
  expect(report).toContain(
    "Window: the last 1 m (as the page shows); the key metrics are since the start.",
  );
  expect(report).toContain("### Over the last 1 m (the window the page shows)");
  // The page's figures for the window, as the Metrics panel prints them.
  expect(report).toContain(`| read-wait p99 | ${await p99.textContent()} |`);
  expect(report).toContain(`| ${await rate.textContent()} |`);
  expect(report).toContain(
    // Lag 4000 ms: every consistent read hits the wall and falls back.
    'rate(apiserver_watch_cache_consistent_read_total{success="true",fallback="true"}[1m])',
  );
});
