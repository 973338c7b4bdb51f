import { expect, type Locator, type Page, test } from "@playwright/test";
import { formatFigure } from "../src/ui/decision/decisionRows.ts";
import { formatMetric } from "../src/ui/twin/keyMetrics.ts";
import { bundleCli, type CliSample, cliEnd, cliScrapes } from "./helpers/cli-runs.ts";
import { expectedKeyMetric, expectedSince, expectedWindow } from "./helpers/decision-expected.ts";
import { openExport } from "./helpers/export-menu.ts";
import { RUN_WAIT_MS } from "./helpers/page-state.ts";
import { reportFindings, reportTables, sentenceViolations } from "./helpers/report-sentences.ts";

// The operator's decision on one screen: for three twins (the skip gate off vs on, two versions,
// two lags) paused at a moment, every figure of "What the change trades", since the start and
// over the last minute, is the command line's for the same runs; the report prints the same
// tables, its sentences quote their rows run by run, and it names every setting and the moment.

const SKIP = "ConsistentListFromCacheSkipTimeoutFallback";
const STEP_S = 15;
const WINDOW_S = 60;

interface Twin {
  name: string;
  query: string;
  atS: number;
  /** What the settings table must say of each run. */
  settings: [string, string, string][];
}

const TWINS: Twin[] = [
  {
    name: "the skip gate off vs on, a herd at the wall",
    query: `lag=4000&herd=500@2&twin=gates%3D${SKIP}%3Dtrue`,
    atS: 90,
    settings: [
      ["Kubernetes version", "1.37", "1.37"],
      [`feature gate ${SKIP}`, "off (Alpha, default)", "on (Alpha, set)"],
    ],
  },
  {
    name: "1.36 vs 1.37, read-your-write clients on a lagging cache",
    query: "k8s=1.36&lag=2500&jitter=800&ryw=40&twin=k8s%3D1.37",
    atS: 100,
    settings: [
      ["Kubernetes version", "1.36", "1.37"],
      [`feature gate ${SKIP}`, "off (not in 1.36: always off)", "off (Alpha, default)"],
    ],
  },
  {
    name: "a 0.5 s lag vs a 5 s lag",
    query: "ryw=60&writes=200&lag=500&twin=lag%3D5000",
    atS: 90,
    settings: [
      ["Watch lag (lag)", "500 ms", "5000 ms"],
      ["Pod writes (writes)", "200 /s", "200 /s"],
    ],
  },
];

const link = (query: string, atS: number) => `/#${query}&t=${atS}&speed=0.1&predict=skip`;

/** A row of the trade table as shown: its id, label and the A and B cells. */
async function tableRows(table: Locator) {
  return table.locator("tr[data-row]").evaluateAll((rows) =>
    rows.map((row) => ({
      id: row.getAttribute("data-row") ?? "",
      label: row.querySelector("th")?.textContent ?? "",
      cells: [...row.querySelectorAll("td")].map((td) => td.textContent ?? ""),
    })),
  );
}

/** Opens the twin paused exactly at its moment: a link pasted into a page already paused. */
async function openAt(page: Page, twin: Twin) {
  await page.goto("/#t=1&speed=0.1&predict=skip");
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  await page.goto(link(twin.query, twin.atS));
  await expect(page.getByTestId("simulated-seconds")).toHaveText(`${twin.atS.toFixed(1)} s`, {
    timeout: RUN_WAIT_MS * 2,
  });
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
}

function expectedCells(
  id: string,
  end: readonly CliSample[],
  scrapes: readonly CliSample[] | null,
  atS: number,
) {
  return ["A", "B"].map((run) => {
    const { value, unit } =
      scrapes === null
        ? expectedSince(end, run, id)
        : expectedWindow(scrapes, run, id, atS, WINDOW_S);
    return formatFigure(value, unit);
  });
}

test.beforeAll(() => bundleCli());

for (const twin of TWINS) {
  test(`what the change trades, on screen and in the report, is the CLI's: ${twin.name}`, async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openAt(page, twin);
    const section = page.getByRole("region", { name: "What the change trades" });
    await section.getByLabel("Metrics window").selectOption({ label: "last 1 m" });
    await expect(section.getByText(`up to ${twin.atS.toFixed(1)} s`)).toBeVisible({
      timeout: RUN_WAIT_MS,
    });

    const end = cliEnd(twin.query, twin.atS);
    const scrapes = cliScrapes(twin.query, twin.atS, STEP_S);
    const since = await tableRows(section.getByRole("table", { name: "since the start, A vs B" }));
    const over = await tableRows(
      section.getByRole("table", { name: "over the last 1 m (Prometheus 3), A vs B" }),
    );
    expect(since.map((row) => row.id)).toEqual(over.map((row) => row.id));
    expect(since.length).toBeGreaterThanOrEqual(16);
    for (const row of since) {
      expect(row.cells, `${row.label} since the start`).toEqual(
        expectedCells(row.id, end, null, twin.atS),
      );
    }
    for (const row of over) {
      expect(row.cells, `${row.label} over the last 1 m`).toEqual(
        expectedCells(row.id, end, scrapes, twin.atS),
      );
    }

    // The key metrics above the trade, where the export has their series.
    const keyRows = await page
      .getByRole("table", { name: "Key metrics, A vs B" })
      .locator("tbody tr")
      .evaluateAll((rows) => rows.map((row) => [...row.children].map((c) => c.textContent ?? "")));
    let keyChecked = 0;
    for (const [label = "", a, b] of keyRows) {
      const expected = ["A", "B"].map((run) => expectedKeyMetric(end, run, label));
      if (expected.includes(null)) continue;
      keyChecked++;
      expect([a, b], `key metric ${label}`).toEqual(
        expected.map((e) => formatMetric(e?.value ?? Number.NaN, e?.unit ?? "")),
      );
    }
    expect(keyChecked).toBe(8);

    await (await openExport(page)).getByRole("button", { name: "Copy report, Markdown" }).click();
    const dialog = page.getByRole("dialog", { name: "Report for the incident" });
    await expect(dialog.getByRole("status")).toHaveText("Copied to the clipboard");
    const report = await page.evaluate(() => navigator.clipboard.readText());
    expect(report).toContain(`at ${twin.atS.toFixed(1)} s simulated`);
    expect(report).toMatch(new RegExp(`^Link: <http[^>]*[#&]t=${twin.atS}[&>]`, "m"));

    for (const cells of keyRows) expect(report).toContain(`| ${cells.join(" | ")} |`);
    const tables = reportTables(report);
    const byWhen = (when: string) =>
      tables.find((table) => table.when === when && table.rows.has(since[0]?.label ?? ""));
    for (const [when, rows] of [
      ["since the start", since],
      ["over the last 1 m", over],
    ] as const) {
      const printed = byWhen(when);
      for (const row of rows) {
        expect(printed?.rows.get(row.label), `report: ${row.label} ${when}`).toEqual(row.cells);
      }
    }
    const settings = tables[0]?.rows;
    for (const [label, a, b] of twin.settings) {
      expect(settings?.get(label), `settings: ${label}`).toEqual([a, b]);
    }
    expect(settings?.get("Read mix (mix)")?.[0]).toMatch(/\(default\)$/);
    expect(reportFindings(report).length).toBeGreaterThanOrEqual(8);
    expect(sentenceViolations(report)).toEqual([]);
  });
}

test("another version drops the skip gate it lacks, says so, and 1.37 puts it back", async ({
  page,
}) => {
  await page.goto(`/#lag=4000&gates=${SKIP}=true&predict=skip`);
  const version = page.getByLabel("Kubernetes version", { exact: true });
  const gate = page.getByRole("checkbox", { name: SKIP });
  await expect(gate).toBeChecked();
  await version.selectOption("1.36");
  await expect(page.getByText(`1.36 does not accept ${SKIP}=true: dropped`)).toBeVisible();
  await expect(gate).not.toBeChecked();
  await expect(gate).toBeDisabled();
  await expect(page).not.toHaveURL(/gates=/);
  await version.selectOption("1.35");
  await expect(page.getByText(/does not accept/)).toHaveCount(0);
  await version.selectOption("1.37");
  await expect(page.getByText(`${SKIP}=true put back: 1.37 has it.`)).toBeVisible();
  await expect(gate).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`gates=${SKIP}(=|%3D)true`));
});
