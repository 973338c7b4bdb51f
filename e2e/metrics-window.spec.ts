import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { backfill, exportText } from "./helpers/export-menu.ts";
import { waitForShown } from "./helpers/page-state.ts";

// The metrics window checked against a real Prometheus: the page's OpenMetrics export is
// backfilled with Debian's promtool, served by Debian's prometheus on loopback, and asked the very
// PromQL the page prints, at the moment the page read its figures. The page must answer what
// Prometheus answers. A lag that ends at 60 s makes the windows tell apart from the cumulative p99.

const PORT = Number(process.env["E2E_PORT"] ?? 4173) + 1000;
const PROMETHEUS = `http://127.0.0.1:${PORT}`;

async function query(expression: string, atS: number): Promise<number | null> {
  const url = `${PROMETHEUS}/api/v1/query?query=${encodeURIComponent(expression)}&time=${atS}`;
  const answer = await (await fetch(url)).json();
  const value = answer.data.result[0]?.value?.[1];
  return value === undefined ? null : Number(value);
}

let dir = "";
let prometheus: ChildProcess | null = null;
test.afterAll(() => {
  prometheus?.kill();
  if (dir !== "") rmSync(dir, { recursive: true, force: true });
});

test("the window's p99 and rates are what Prometheus answers over the exported run", async ({
  page,
}) => {
  // prom=2: the page follows Debian's Prometheus 2.42, the engine this test asks.
  await page.goto("/#lag=5000@0,0@60&t=150&prom=2");
  await waitForShown(page, (now) => now.simS >= 150, { what: "the run to open at 150 s" });
  await page.getByRole("button", { name: "Pause" }).click();
  await waitForShown(page, (now) => !now.playing, { what: "the run to pause" });
  const metrics = page.getByRole("region", { name: "Metrics", exact: true });
  const cumulative = await metrics.getByText(/waits · sum/).textContent();

  const picker = metrics.getByLabel("Metrics window", { exact: true });
  const figures: { windowS: number; atS: number; p99: string; expression: string }[] = [];
  for (const windowS of [60, 300]) {
    await picker.selectOption(String(windowS));
    const section = metrics.getByRole("region", { name: /^Metrics over the / });
    await expect(section).toHaveAttribute("aria-label", `Metrics over the last ${windowS / 60} m`);
    await expect(section).toHaveAttribute("data-prom", "2");
    await expect(section.getByText(/as Prometheus 2:/)).toBeVisible();
    const p99 = (await section.getByTestId("windowed-p99").textContent()) ?? "";
    figures.push({
      windowS,
      atS: Number(await section.getAttribute("data-at-s")),
      p99,
      expression: (await section.locator("code").first().textContent()) ?? "",
    });
  }
  // After the lag the last minute's p99 drops, while the cumulative one stays near the wall.
  expect(Number(/p99 (?:≈ )?([\d.]+) s/.exec(cumulative ?? "")?.[1])).toBeGreaterThan(2.9);
  expect(Number.parseFloat(figures[0]?.p99 ?? "")).toBeLessThan(1);
  expect(figures[0]?.p99).not.toBe(figures[1]?.p99);

  const text = await exportText(page, "Run as OpenMetrics, for promtool");
  const startS = Math.min(...[...text.matchAll(/ (\d+)$/gm)].map((m) => Number(m[1])));
  dir = mkdtempSync(join(tmpdir(), "wcl-window-"));
  const backfilled = backfill(dir, text);
  expect(backfilled.status, backfilled.stderr).toBe(0);
  prometheus = spawn(
    "/usr/bin/prometheus",
    [
      `--storage.tsdb.path=${backfilled.tsdb}`,
      `--web.listen-address=127.0.0.1:${PORT}`,
      "--config.file=/dev/null",
      "--storage.tsdb.retention.time=100y",
    ],
    { stdio: "ignore" },
  );
  await expect
    .poll(
      () =>
        fetch(`${PROMETHEUS}/-/ready`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 30_000 },
    )
    .toBe(200);

  for (const figure of figures) {
    const answer = await query(figure.expression, startS + figure.atS);
    expect(answer, `${figure.expression} at ${figure.atS} s`).not.toBeNull();
    expect(figure.p99, `${figure.expression} at ${figure.atS} s`).toBe(`${answer?.toFixed(2)} s`);
  }
  // The cache-served read rate of the last 1 m, as the panel prints it.
  await picker.selectOption("60");
  const row = metrics
    .getByRole("region", { name: /^Metrics over the / })
    .getByRole("row")
    .filter({ hasText: 'fallback="false"' });
  const expression = (await row.locator("code").textContent()) ?? "";
  const atS = Number(
    await metrics.getByRole("region", { name: /^Metrics over the / }).getAttribute("data-at-s"),
  );
  const perSecond = await query(expression, startS + atS);
  await expect(row.locator(".wcl-number")).toHaveText(`${perSecond?.toFixed(1)}/s`);
});
