import { execFileSync, spawnSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { bundleCli } from "./helpers/cli-runs.ts";

// The Sweep… dialog against the command line (issue 38, "one truth"): a sweep opened from its link
// runs in the page's Web Workers, and every point its charts draw and its table lists is the
// number the command line's CSV gives for the same link and flags; a threshold search lands on the
// same bracket; a bad range gets the command line's own message, in the dialog and in the link's
// banner (the rest of the link still plays).

const GATE = "ConsistentListFromCacheSkipTimeoutFallback";
const BASE = "lag=2500&jitter=50&herd=300@20";
const FIGURES = "fallbacks,answers_504,read_wait_p99,etcd_busy_slot_s";
const SWEEP_WAIT_MS = 120_000;

test.beforeAll(() => bundleCli());

/** The command line's output for the base scenario and these flags (stdout, stderr, exit code). */
function cli(...flags: string[]) {
  const out = spawnSync("node", ["dist-cli/sim.mjs", "--scenario", BASE, ...flags], {
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  return { stdout: out.stdout, stderr: out.stderr, status: out.status };
}

/** The page link that opens the sweep: the base scenario and the `sweep` page key. */
const sweepLink = (settings: string) =>
  `/#${BASE}&predict=skip&speed=0.1&sweep=${encodeURIComponent(settings)}`;

async function waitDone(page: Page) {
  await expect(page.locator(".sweep-progress")).toHaveAttribute("data-status", "done", {
    timeout: SWEEP_WAIT_MS,
  });
}

/** The CSV as records: the header's names to each line's cells. */
function csvRecords(csv: string): Record<string, string>[] {
  const [head, ...lines] = csv.trimEnd().split("\n");
  const names = (head ?? "").split(",");
  return lines.map((line) => Object.fromEntries(line.split(",").map((c, i) => [names[i], c])));
}

test("a grid with the gate: every chart point and table cell is the command line's CSV", async ({
  page,
}) => {
  test.setTimeout(4 * SWEEP_WAIT_MS);
  const settings = `sweep=lag=2000..3600&sweep=gates=${GATE}&points=5&figures=${FIGURES}&duration=30`;
  await page.goto(sweepLink(settings));
  const dialog = page.getByRole("dialog", { name: "Sweep a key of this scenario" });
  await expect(dialog).toBeVisible();
  await waitDone(page);
  await expect(dialog.locator(".sweep-progress")).toContainText("10 runs in");

  const expected = csvRecords(
    execFileSync(
      "node",
      [
        "dist-cli/sim.mjs",
        "--scenario",
        BASE,
        "--sweep",
        "lag=2000..3600",
        "--sweep",
        `gates=${GATE}`,
        "--points",
        "5",
        "--figures",
        FIGURES,
        "--duration",
        "30",
        "--output",
        "csv",
      ],
      { encoding: "utf8" },
    ),
  );
  expect(expected).toHaveLength(10);
  const figures = FIGURES.split(",");

  // The charts: one point per run and figure, both gate lines on each chart.
  const marks = await dialog.locator("circle.sweep-point").evaluateAll((circles) =>
    circles.map((c) => ({
      x: c.getAttribute("data-x"),
      figure: c.getAttribute("data-figure"),
      value: c.getAttribute("data-value"),
    })),
  );
  const drawn = expected.flatMap((row) =>
    figures
      .filter((figure) => row[figure] !== "")
      .map((figure) => ({ x: `${row["lag"]},${row[GATE]}`, figure, value: row[figure] })),
  );
  expect(drawn.length).toBeGreaterThan(20);
  expect(marks.sort(byKey)).toEqual(drawn.sort(byKey));
  // Some figure differs along the sweep: the comparison is not of ten copies of one run.
  expect(new Set(expected.map((row) => row["fallbacks"])).size).toBeGreaterThan(1);

  // The table, cell by cell.
  await dialog.getByRole("button", { name: "Show the numbers" }).click();
  const rows = await dialog
    .locator(".sweep-table tbody tr")
    .evaluateAll((trs) =>
      trs.map((tr) =>
        Object.fromEntries(
          [...tr.querySelectorAll("td[data-figure]")].map((td) => [
            td.getAttribute("data-figure"),
            td.getAttribute("data-value"),
          ]),
        ),
      ),
    );
  expect(rows).toEqual(expected.map((row) => Object.fromEntries(figures.map((f) => [f, row[f]]))));

  // A point is a link to its run alone.
  const first = dialog.locator(".sweep-chart a").first();
  await expect(first).toHaveAttribute("target", "_blank");
  expect(await first.getAttribute("href")).toContain("lag=2000");
  // Reached from the keyboard, a point says its figures as hovering does.
  await first.focus();
  await expect(first).toBeFocused();
  await expect(dialog.locator(".sweep-hover")).toContainText(
    `lag=2000, ${GATE}=off: fallbacks to etcd ${expected[0]?.["fallbacks"]}`,
  );
});

const byKey = (a: { x: string | null; figure: string | null }, b: typeof a) =>
  `${a.figure} ${a.x}`.localeCompare(`${b.figure} ${b.x}`);

test("a threshold search finds the command line's bracket, marked on the chart", async ({
  page,
}) => {
  test.setTimeout(4 * SWEEP_WAIT_MS);
  const settings = "sweep=lag=0..5000&find=fallbacks>0&precision=100&duration=40";
  await page.goto(sweepLink(settings));
  await waitDone(page);
  const out = cli(
    "--sweep",
    "lag=0..5000",
    "--find",
    "fallbacks>0",
    "--precision",
    "100",
    "--duration",
    "40",
    "--output",
    "csv",
  );
  expect(out.status).toBe(0);
  const [answer] = csvRecords(out.stdout);
  expect(answer?.["answer"]).toBe("threshold");
  const dialog = page.getByRole("dialog", { name: "Sweep a key of this scenario" });
  await expect(dialog.locator(".sweep-answers")).toContainText(
    `fallbacks>0 changes between lag=${answer?.["low"]} and lag=${answer?.["high"]}: threshold ≈ ${answer?.["threshold"]} (seed 1)`,
  );
  await expect(dialog.locator(".sweep-threshold text")).toHaveText(
    `threshold ≈ ${answer?.["threshold"]}`,
  );
  await expect(dialog.locator(".sweep-progress")).toContainText(`${answer?.["runs"]} runs in`);
});

test("bad ranges get the command line's words: in the dialog, and in a link's banner", async ({
  page,
}) => {
  const refused = cli("--sweep", "lag=4000..2000", "--points", "5", "--duration", "60");
  expect(refused.status).toBe(2);
  const message = "--sweep 'lag=4000..2000': the range 4000..2000 runs backwards";
  expect(refused.stderr).toContain(message);

  // A link with a bad sweep: the banner says why, the scenario still plays, the key leaves.
  await page.goto(sweepLink("sweep=lag=4000..2000&points=5&duration=60"));
  await expect(page.getByText(`sweep: ${message}`)).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Sweep a key of this scenario" })).toBeHidden();
  await expect.poll(() => page.evaluate(() => location.hash)).not.toContain("sweep=");
  expect(await page.evaluate(() => location.hash)).toContain("lag=2500");

  // The dialog: the same message beside the fields, and nothing runs.
  await page.getByRole("button", { name: "Sweep…" }).click();
  const dialog = page.getByRole("dialog", { name: "Sweep a key of this scenario" });
  await dialog.getByLabel("Range A..B").fill("4000..2000");
  await dialog.getByRole("button", { name: "Run sweep" }).click();
  await expect(dialog.getByRole("alert")).toContainText(message);
  await expect(dialog.locator(".sweep-progress")).toHaveCount(0);
  // An unknown figure in a find: the command line's list of figures.
  await dialog.getByLabel("Range A..B").fill("2000..4000");
  await dialog.getByLabel("Find where (optional)").fill("falbacks>0");
  await dialog.getByRole("button", { name: "Run sweep" }).click();
  const unknown = cli(
    "--sweep",
    "lag=2000..4000",
    "--find",
    "falbacks>0",
    "--precision",
    "10",
    "--duration",
    "60",
  );
  const line = unknown.stderr.split("\n").find((l) => l.includes('"falbacks" is not a figure'));
  expect(line).toBeDefined();
  await expect(dialog.getByRole("alert")).toContainText(
    (line as string).replace(/^sim: /, "").trim(),
  );
});

test("a sweep shows progress, and Cancel stops it keeping the points run", async ({ page }) => {
  await page.goto(`/#${BASE}&predict=skip&speed=0.1`);
  await page.getByRole("button", { name: "Sweep…" }).click();
  const dialog = page.getByRole("dialog", { name: "Sweep a key of this scenario" });
  await dialog.getByLabel("Points", { exact: true }).fill("60");
  await dialog.getByLabel("Duration, simulated s").fill("300");
  await dialog.getByRole("button", { name: "Run sweep" }).click();
  await expect(dialog.locator(".sweep-progress")).toHaveAttribute("data-status", "running");
  await expect.poll(() => page.evaluate(() => location.hash)).toContain("sweep=");
  await dialog.getByRole("button", { name: "Cancel sweep" }).click();
  await expect(dialog.locator(".sweep-progress")).toHaveAttribute("data-status", "cancelled");
  await expect(dialog.locator(".sweep-progress")).toContainText("Cancelled after");
  await expect(dialog.getByRole("button", { name: "Run sweep" })).toBeEnabled();
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the dialog with its charts and table: no serious axe violation, ${colorScheme} theme`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    const settings = `sweep=lag=2000..3600&sweep=gates=${GATE}&points=3&figures=${FIGURES}&duration=30`;
    await page.goto(sweepLink(settings));
    await waitDone(page);
    const dialog = page.getByRole("dialog", { name: "Sweep a key of this scenario" });
    await dialog.getByRole("button", { name: "Show the numbers" }).click();
    const results = await new AxeBuilder({ page }).include("dialog").analyze();
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
    expect(serious).toEqual([]);
  });
}
