import {
  createScrapedReplay,
  type ExportRun,
  type ScrapedReplay,
} from "../metrics-export/run-export.ts";
import type { SampledChild, SampledFamily } from "../metrics-export/sampler.ts";
import { createSimulation, encodeScenario } from "../model/index.ts";
import type { HostedRun } from "./hosted-run.ts";
import { exportedRuns } from "./openmetrics-export.ts";
import type { RunScrapes, ScrapedPoint, WindowScrapes } from "./protocol.ts";
import { clockSeconds } from "./shown-moment.ts";

// The scrapes a windowed figure needs (read-wait buckets, consistent reads), taken by the same
// replay and sampler as the OpenMetrics export, so the page's "last 1 m" is what PromQL answers
// over the exported file. The replay is kept and moved on as the run goes on; a new scenario (a
// live change, a new load), a new interval or a jump back starts it again from 0 s.

const READ_WAIT = "apiserver_watch_cache_read_wait_seconds";
const CONSISTENT_READS = "apiserver_watch_cache_consistent_read_total";

/** What the operator's figures read over a window: the clients' side, etcd's, the apiserver's memory. */
const DECISION_FAMILIES = new Set([
  "watchcachelab_lists_total",
  "watchcachelab_list_duration_seconds",
  "watchcachelab_reads_total",
  "watchcachelab_etcd_requests_total",
  "watchcachelab_etcd_busy_seconds_total",
  "watchcachelab_etcd_bytes_total",
  "watchcachelab_etcd_ranges_in_flight",
  "watchcachelab_apiserver_list_bytes",
]);

export function createWindowScrapes() {
  let replay: { key: string; replay: ScrapedReplay; runs: readonly ExportRun[] } | null = null;

  return function windowScrapes(run: HostedRun, stepS: number, windowS: number): WindowScrapes {
    const runs = exportedRuns(run);
    const key = `${stepS} ${runs.map((one) => encodeScenario(one.scenario)).join(" ")}`;
    if (replay === null || replay.key !== key || replay.replay.nowNs > run.nowNs) {
      const fresh = runs.map((one) => ({ ...one, sim: createSimulation(one.scenario) }));
      replay = { key, replay: createScrapedReplay(fresh, stepS), runs: fresh };
    }
    replay.replay.advanceTo(run.nowNs);
    // The moment the clock shows, not the run's exact nanosecond: the figures are then what
    // Prometheus answers at the moment the page, the link and the report name. The scrapes are on
    // whole seconds, so none lies between the two.
    const atS = clockSeconds(run.nowNs);
    const families = replay.replay.families();
    return {
      atS,
      stepS,
      windowS,
      runs: replay.runs.map((one) => runScrapes(families, one.run, stepS, atS - windowS)),
    };
  };
}

/** One run's series a windowed figure reads, from `fromS` on (the replay's scrapes of every run). */
export function runScrapes(
  families: readonly SampledFamily[],
  run: string | undefined,
  stepS: number,
  fromS: number,
): RunScrapes {
  const mine = (family: SampledFamily | undefined) =>
    (family?.children ?? []).filter((child) => child.lines[0]?.[1]["run"] === run);
  const points = (child: SampledChild, line: number): ScrapedPoint[] =>
    child.rows
      .map((row, i) => ({ tS: (child.first + i) * stepS, value: row[line] ?? 0 }))
      .filter((point) => point.tS >= fromS);
  const readWait = mine(families.find((family) => family.name === READ_WAIT))[0];
  const bucketLines = (readWait?.lines ?? [])
    .map(([suffix, labels], line) => ({ suffix, le: labels["le"], line }))
    .filter((entry) => entry.suffix === "_bucket");
  return {
    ...(run === undefined ? {} : { run }),
    readWait:
      readWait === undefined
        ? null
        : {
            bounds: bucketLines.filter((b) => b.le !== "+Inf").map((b) => Number(b.le)),
            points: bucketLines.map((b) => points(readWait, b.line)),
            firstS: readWait.first * stepS,
          },
    consistentReads: mine(families.find((family) => family.name === CONSISTENT_READS)).map(
      (child) => ({
        success: child.lines[0]?.[1]["success"] ?? "",
        fallback: child.lines[0]?.[1]["fallback"] ?? "",
        points: points(child, 0),
        firstS: child.first * stepS,
      }),
    ),
    series: families
      .filter((family) => DECISION_FAMILIES.has(family.name))
      .flatMap((family) =>
        mine(family).flatMap((child) =>
          child.lines.flatMap(([suffix, labels], line) =>
            suffix === "_sum" || suffix === "_count"
              ? []
              : [
                  {
                    name: family.name + suffix,
                    labels: ownLabels(labels),
                    points: points(child, line),
                  },
                ],
          ),
        ),
      ),
  };
}

/** A line's labels without the ones the export adds to tell runs apart. */
function ownLabels(labels: Readonly<Record<string, string>>): Record<string, string> {
  const { run: _run, scenario: _scenario, ...own } = labels;
  return own;
}
