import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleSim, sim } from "./cli-test-helpers.ts";

// The OpenMetrics export checked by Prometheus's own tool: Debian's promtool backfills it into a
// TSDB (as an operator would before pointing Grafana at it), and its dump of that TSDB must hold
// exactly the samples the file has. `npm test` installs promtool when it is missing
// (scripts/ensure-promtool.mjs).

const PROMTOOL = "/usr/bin/promtool";
const START = "2026-12-01T09:00:00Z";

let dir = "";

beforeAll(() => {
  expect(
    existsSync(PROMTOOL),
    `${PROMTOOL} is missing: run npm test, which installs Debian's prometheus, or apt-get install -y prometheus`,
  ).toBe(true);
  bundleSim();
  dir = mkdtempSync(join(tmpdir(), "wcl-promtool-"));
});

afterAll(() => {
  if (dir !== "") rmSync(dir, { recursive: true, force: true });
});

function exportRun(name: string, scenario: string): string {
  const out = sim(
    ...["--scenario", scenario, "--duration", "120", "--format", "openmetrics"],
    ...["--step", "15", "--start", START],
  );
  expect(out.status, out.stderr).toBe(0);
  const file = join(dir, name);
  writeFileSync(file, out.stdout);
  return out.stdout;
}

const promtool = (...args: string[]) =>
  spawnSync(PROMTOOL, args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });

/** `name{a="x", b="y"}` and `name{a="x",b="y"}` alike: the series as a sorted label list. */
function seriesKey(name: string, labels: string): string {
  const pairs = [...labels.matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)]
    .map(([, k, v]) => `${k}=${v}`)
    .filter((pair) => !/=$/.test(pair)); // Prometheus drops empty labels
  return `${name}|${pairs.sort().join(",")}`;
}

/** Every sample of an OpenMetrics file: series → (ms → value). */
function fileSamples(text: string): Map<string, Map<number, number>> {
  const out = new Map<string, Map<number, number>>();
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+) (\S+)$/.exec(line);
    if (match === null) continue;
    const key = seriesKey(match[1] as string, match[2] ?? "");
    const points = out.get(key) ?? new Map<number, number>();
    points.set(Math.round(Number(match[4]) * 1000), Number(match[3]));
    out.set(key, points);
  }
  return out;
}

/** Every sample of `promtool tsdb dump`: `{__name__="x", a="y"} value ms`. */
function dumpSamples(text: string): Map<string, Map<number, number>> {
  const out = new Map<string, Map<number, number>>();
  for (const line of text.split("\n")) {
    const match = /^\{__name__="([^"]+)",? ?(.*)\} (\S+) (\d+)$/.exec(line);
    if (match === null) continue;
    const key = seriesKey(match[1] as string, match[2] ?? "");
    const points = out.get(key) ?? new Map<number, number>();
    points.set(Number(match[4]), Number(match[3]));
    out.set(key, points);
  }
  return out;
}

describe("the OpenMetrics export in a real Prometheus TSDB", () => {
  it("is backfilled by promtool, two exports in one TSDB, every sample as written", {
    timeout: 120_000,
  }, () => {
    const twin = exportRun(
      "twin.om",
      "herd=300@20&lag=4000&twin=gates%3DConsistentListFromCacheSkipTimeoutFallback%3Dtrue",
    );
    const alone = exportRun("alone.om", "herd=300@20");
    const data = join(dir, "data");
    for (const file of ["twin.om", "alone.om"]) {
      const backfill = promtool("tsdb", "create-blocks-from", "openmetrics", join(dir, file), data);
      expect(backfill.status, backfill.stderr).toBe(0);
      expect(backfill.stdout).toContain("BLOCK ULID");
    }
    // `tsdb dump` reads the write-ahead log too; a backfilled TSDB has none yet.
    mkdirSync(join(data, "wal"), { recursive: true });
    const dump = promtool("tsdb", "dump", data);
    expect(dump.status, dump.stderr).toBe(0);

    const expected = new Map([...fileSamples(twin), ...fileSamples(alone)]);
    const stored = dumpSamples(dump.stdout);
    expect(stored.size).toBe(expected.size);
    expect([...stored.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [key, points] of expected) expect(stored.get(key), key).toEqual(points);

    // Three runs told apart by their labels: A and B of the twin, and the run alone.
    const runs = new Set(
      [...stored.keys()]
        .filter((key) => key.startsWith("apiserver_watch_cache_read_wait_seconds_count|"))
        .map((key) => key.split("|")[1]),
    );
    expect(runs).toEqual(
      new Set([
        "resource=pods,run=A,scenario=v=3&herd=300@20&lag=4000",
        "resource=pods,run=B,scenario=v=3&gates=ConsistentListFromCacheSkipTimeoutFallback=true&herd=300@20&lag=4000",
        "resource=pods,scenario=v=3&herd=300@20",
      ]),
    );
  });

  it("is refused by promtool when it does not end with # EOF (the check can fail)", () => {
    const text = exportRun("cut.om", "lag=100").replace(/# EOF\n$/, "");
    writeFileSync(join(dir, "cut.om"), text);
    const backfill = promtool(
      "tsdb",
      "create-blocks-from",
      "openmetrics",
      join(dir, "cut.om"),
      join(dir, "cut"),
    );
    expect(backfill.status).not.toBe(0);
  });
});
