import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRESETS } from "../../src/content/presets.ts";
import { createScrapedReplay } from "../../src/metrics-export/run-export.ts";
import type { SampledFamily } from "../../src/metrics-export/sampler.ts";
import { formatGoFloat, labelText, parseScenario } from "../../src/model/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";

// The deployable rules (deploy/watch-cache.rules.yml) under `promtool test rules`, with input
// series produced by the lab's own runs, scraped every 15 s: the lagging preset and the herds fire
// what they should, when the run says (its trouble starts at 0 s or 13 s; an alert fires once its
// `for:` has passed, within one evaluation interval and the window's first two scrapes), and the
// healthy and heavy (production-like) runs fire nothing, and a ring held past its bound fires its
// alert. Terminated watchers only has cases where it must not fire: the model has no slow
// watchers, so apiserver_terminated_watchers_total stays 0 (docs/fidelity.md). Both promtools run every file: Debian's
// 2.42 and 3.16's, built from prom-oracle/'s module (scripts/ensure-prom-oracle.mjs).

const RULES = resolve("deploy/watch-cache.rules.yml");
const PROMTOOLS = ["/usr/bin/promtool", resolve("prom-oracle/bin/promtool")];
const STEP_S = 15;
const DURATION_S = 600;
const ALERTS = [
  "WatchCacheReadsAtTheWall",
  "WatchCacheFallbackRatioHigh",
  "WatchCacheSkipGate429s",
  "WatchCacheRingAtUpperBound",
  "WatchCacheTerminatedWatchers",
];

/** promtool's input series of a run: every line of every family, `_` before it first appears. */
function inputSeries(families: readonly SampledFamily[]) {
  return families.flatMap((family) =>
    family.children.flatMap((child) =>
      child.lines.map(([suffix, labels], j) => {
        const { scenario: _scenario, ...own } = labels;
        const values = [
          ...Array.from({ length: child.first }, () => "_"),
          ...child.rows.map((row) => formatGoFloat(row[j] ?? 0)),
        ];
        return { series: `${family.name}${suffix}${labelText(own)}`, values: values.join(" ") };
      }),
    ),
  );
}

function runOf(presetId: string, durationS: number) {
  const preset = PRESETS.find((one) => one.id === presetId);
  if (preset === undefined) throw new Error(`no preset ${presetId}`);
  const { scenario } = parseScenario(preset.query);
  const replay = createScrapedReplay([{ sim: createSimulation(scenario), scenario }], STEP_S);
  replay.advanceTo(durationS * 1e9);
  return inputSeries(replay.families());
}

/** Minutes and seconds as promtool reads a time: 330 → "5m30s". */
const at = (seconds: number) => `${Math.floor(seconds / 60)}m${seconds % 60}s`;

interface Expectation {
  alert: string;
  /** Seconds at which it must be firing, and at which it must not be. */
  firing: number[];
  quiet: number[];
}

let dir = "";
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "wcl-rules-"));
});
afterAll(() => {
  if (dir !== "") rmSync(dir, { recursive: true, force: true });
});

/**
 * A promtool test file: the run's series, and at each time whether the alert is firing, asked of
 * the ALERTS series the rules write (so the check reads the alert's state, not its wording).
 */
function testFile(name: string, series: ReturnType<typeof inputSeries>, expected: Expectation[]) {
  const firingCount = (alert: string, seconds: number, count: number) => ({
    expr: `count(ALERTS{alertname="${alert}",alertstate="firing"}) or vector(0)`,
    eval_time: at(seconds),
    exp_samples: [{ labels: "{}", value: count }],
  });
  const checks = expected.flatMap(({ alert, firing, quiet }) => [
    ...firing.map((seconds) => firingCount(alert, seconds, 1)),
    ...quiet.map((seconds) => firingCount(alert, seconds, 0)),
  ]);
  const file = join(dir, `${name}.test.yml`);
  writeFileSync(
    file,
    JSON.stringify({
      rule_files: [RULES],
      evaluation_interval: `${STEP_S}s`,
      tests: [{ interval: `${STEP_S}s`, input_series: series, promql_expr_test: checks }],
    }),
  );
  return file;
}

const minutesOf = (durationS: number) =>
  Array.from({ length: durationS / 60 }, (_, i) => (i + 1) * 60);
const everyMinute = minutesOf(DURATION_S);

interface Case {
  presetId: string;
  durationS: number;
  expected: Expectation[];
}

const quietAll = (presetId: string, durationS: number): Case => ({
  presetId,
  durationS,
  expected: ALERTS.map((alert) => ({ alert, firing: [], quiet: minutesOf(durationS) })),
});

// When each must fire: the trouble's start (0 s for a lag from the start; 13 s for a herd at 10 s
// on a stream stalled 5–25 s, whose reads time out 3 s later), plus `for:`, plus two scrapes for
// the window's first rate and one evaluation interval. Before its `for:` has passed it must not.
const CASES: Case[] = [
  {
    presetId: "lagging",
    durationS: DURATION_S,
    expected: [
      { alert: "WatchCacheReadsAtTheWall", firing: [300 + 45, 600], quiet: [300 - 15] },
      { alert: "WatchCacheFallbackRatioHigh", firing: [120 + 45, 600], quiet: [120 - 15] },
      { alert: "WatchCacheSkipGate429s", firing: [], quiet: everyMinute },
    ],
  },
  {
    presetId: "herd",
    durationS: DURATION_S,
    expected: [
      { alert: "WatchCacheFallbackRatioHigh", firing: [13 + 120 + 45], quiet: [120 - 15] },
      { alert: "WatchCacheSkipGate429s", firing: [], quiet: everyMinute },
    ],
  },
  {
    presetId: "herd-skip-fallback",
    durationS: DURATION_S,
    expected: [
      { alert: "WatchCacheSkipGate429s", firing: [13 + 60 + 45], quiet: [60 - 15] },
      { alert: "WatchCacheFallbackRatioHigh", firing: [], quiet: everyMinute },
    ],
  },
  {
    // requestTimeout=300 s lets 3 000 writes/s grow the ring past 102 400 by the 30 s scrape
    // (51 200 at 15 s): the 15 m minimum holds from 930 s, then `for: 15m`.
    presetId: "request-timeout",
    durationS: 1980,
    expected: [
      { alert: "WatchCacheRingAtUpperBound", firing: [30 + 900 + 900 + 45, 1980], quiet: [1740] },
    ],
  },
  quietAll("healthy", DURATION_S),
  // Production-like: 10 000 reads/s, 1 000 writes/s, 100 watchers; 5 minutes keep the test short.
  quietAll("heavy", 300),
];

describe("the deployable rules on the lab's runs", () => {
  const promtools = PROMTOOLS.filter((path) => existsSync(path));

  it("run on promtool 2.42 and 3.16", () => {
    expect(
      promtools,
      "npm test installs 2.42 and builds 3.16 (scripts/ensure-prom-oracle.mjs)",
    ).toEqual(PROMTOOLS);
  });

  for (const { presetId, durationS, expected } of CASES) {
    it(`${presetId}: fire what they should, when they should`, { timeout: 180_000 }, () => {
      const file = testFile(presetId, runOf(presetId, durationS), expected);
      for (const promtool of promtools) {
        const out = spawnSync(promtool, ["test", "rules", file], { encoding: "utf8" });
        expect(out.status, `${promtool}: ${out.stdout}${out.stderr}`).toBe(0);
      }
    });
  }
});
