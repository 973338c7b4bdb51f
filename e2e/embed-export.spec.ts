import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { backfill, exportFile } from "./helpers/export-menu.ts";
import { clockSeconds, waitForShown, waitForSimTime } from "./helpers/page-state.ts";

test("an embed shows only the chosen panels, and no controls with controls=0", async ({ page }) => {
  await page.goto("/#lag=800&embed=1&panels=metrics,ring&controls=0");
  const panelTitles = page.locator(".wcl-panel h2");
  await expect(panelTitles).toHaveText(["Metrics", "History ring"]);
  await expect(page.getByRole("form", { name: "Scenario controls" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Step/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  await waitForShown(page, (now) => now.playing && now.simS > 0, { what: "the embed to play" });
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
});

test("an embed stops at the end of its window", async ({ page }) => {
  await page.goto("/#embed=1&panels=waiting&controls=0&t=2&until=3&speed=4");
  await waitForShown(page, (now) => !now.playing && now.simS >= 3, {
    what: "the embed to stop at its window's end",
  });
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
});

test.describe("exports", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/#lag=800&writes=200");
    await waitForSimTime(page, 2);
    await page.getByRole("button", { name: "Pause" }).click();
  });

  test("metrics export as Prometheus text a real parser reads", async ({ page }) => {
    const { name, bytes } = await exportFile(page, "Metrics, Prometheus text");
    expect(name).toBe("watch-cache-lab-metrics.prom");
    const text = bytes.toString("utf8");
    expect(text).toContain("apiserver_watch_cache_read_wait_seconds_bucket");
    const families = parsePrometheusTextFormat(text);
    const readWait = families.find((f) => f.name === "apiserver_watch_cache_read_wait_seconds");
    expect(readWait?.type).toBe("HISTOGRAM");
    expect(Object.keys(readWait?.metrics[0]?.buckets ?? {})).toContain("3");
    expect(families.map((f) => f.name)).toContain("apiserver_watch_cache_consistent_read_total");
  });

  test("the time series export as CSV with a header and numeric rows", async ({ page }) => {
    const { name, bytes } = await exportFile(page, "Time series, CSV");
    expect(name).toBe("watch-cache-lab-series.csv");
    const [header, ...rows] = bytes.toString("utf8").trimEnd().split("\n");
    expect(header).toBe(
      "time_s,etcd_revision,cache_rv,lag_s,capacity,waiters,etcd_queue,etcd_busy_seconds,read_waits,read_waits_over_wall",
    );
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      const cells = row.split(",").map(Number);
      expect(cells).toHaveLength(10);
      expect(cells.every(Number.isFinite)).toBe(true);
    }
  });

  test("the request history exports as JSON", async ({ page }) => {
    const { name, bytes } = await exportFile(page, "Request history, JSON");
    expect(name).toBe("watch-cache-lab-requests.json");
    const history = JSON.parse(bytes.toString("utf8"));
    expect(history.scenario).toBe("v=3&writes=200&lag=800");
    expect(history.requests.length).toBeGreaterThan(0);
    expect(history.requests[0]).toEqual({
      id: expect.any(Number),
      kind: expect.any(String),
      outcome: expect.any(String),
      code: expect.any(Number),
      endedAtS: expect.any(Number),
      waitedS: expect.any(Number),
      message: expect.any(String),
    });
  });

  test("a panel exports as a PNG and as well-formed SVG", async ({ page }) => {
    await page.locator("details.export-menu summary").click();
    await page.getByLabel("Panel", { exact: true }).selectOption("ring");
    const png = await exportFile(page, "PNG");
    expect(png.name).toBe("watch-cache-lab-ring.png");
    expect([...png.bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(png.bytes.length).toBeGreaterThan(5000);

    const svg = await exportFile(page, "SVG");
    expect(svg.name).toBe("watch-cache-lab-ring.svg");
    const text = svg.bytes.toString("utf8");
    const wellFormed = await page.evaluate(
      (source) =>
        new DOMParser().parseFromString(source, "image/svg+xml").getElementsByTagName("parsererror")
          .length === 0,
      text,
    );
    expect(wellFormed).toBe(true);
    expect(text).toContain("History ring");
    expect(text).toContain("data:image/png;base64,");
  });
});

test.describe("the run as OpenMetrics", () => {
  test("is the command line's file for the same scenario, and promtool backfills it", async ({
    page,
  }) => {
    const scenario = "writes=200&lag=800&twin=lag%3D10";
    await page.goto(`/#${scenario}&speed=100`);
    // A twin's panels are two columns, not the one grid waitForSimTime reads: the header clock.
    await expect.poll(() => clockSeconds(page), { timeout: 30_000 }).toBeGreaterThan(45);
    await page.getByRole("button", { name: "Pause" }).click();
    const { name, bytes } = await exportFile(page, "Run as OpenMetrics, for promtool");
    expect(name).toBe("watch-cache-lab-run.om");
    const text = bytes.toString("utf8");
    expect(text.endsWith("\n# EOF\n")).toBe(true);
    const times = [...text.matchAll(/ (\d+)$/gm)].map((m) => Number(m[1]));
    const startS = Math.min(...times);
    const endS = Math.max(...times);
    const durationS = endS - startS;
    // The last sample at the current minute: on a dashboard at once, nothing in the future.
    expect(endS % 60).toBe(0);
    expect(endS).toBeLessThanOrEqual(Date.now() / 1000);
    expect(durationS).toBeGreaterThanOrEqual(45);
    expect(text).toMatch(/\{[^}]*run="A",scenario="v=3&writes=200&lag=800"\}/);
    expect(text).toMatch(/\{[^}]*run="B",scenario="v=3&writes=200&lag=10"\}/);

    const bundle = spawnSync(process.execPath, ["scripts/bundle-cli.mjs", "sim"]);
    expect(bundle.status).toBe(0);
    const end = new Date(endS * 1000).toISOString();
    const cli = spawnSync(
      process.execPath,
      [
        ...["dist-cli/sim.mjs", "--scenario", scenario, "--duration", String(durationS)],
        ...["--format", "openmetrics", "--end", end],
      ],
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    expect(cli.status, cli.stderr).toBe(0);
    expect(text).toBe(cli.stdout);

    const dir = mkdtempSync(join(tmpdir(), "wcl-page-om-"));
    try {
      const backfilled = backfill(dir, text);
      expect(backfilled.status, backfilled.stderr).toBe(0);
      expect(backfilled.stdout).toContain("BLOCK ULID");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
