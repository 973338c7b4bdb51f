import { advanceTogether } from "../metrics-export/run-export.ts";
import { formatGoFloat } from "../sim/metrics/go-float.ts";
import {
  exposition,
  HistogramSample,
  type Labels,
  type MetricsRegistry,
} from "../sim/metrics/registry.ts";
import { createSimulation, type Simulation } from "../sim/simulation.ts";
import { type Nanos, NS_PER_S } from "../sim/time.ts";
import type { CliArgs } from "./args.ts";
import { streamOpenMetrics } from "./openmetrics-stream.ts";
import type { CliRun } from "./scenario-input.ts";

// Runs the scenario (or a twin's A and B, on one clock) for the requested simulated time and
// renders the chosen format. The runs advance a simulated second at a time, so a long run can
// report its progress, with an estimate of the time left, on stderr.

/** The command line's terminal, as the run and the sweep write to it. */
export interface CliIo {
  wallNowMs(): number;
  progress(line: string): void;
  /** Where the output goes, in pieces (stdout): OpenMetrics is written as it is read back. */
  out(text: string): void;
  /** stderr is a terminal: progress overwrites one line. */
  readonly interactive: boolean;
}

/** A run shorter than this prints no progress at all. */
const FIRST_REPORT_MS = 1000;
const REPORT_EVERY_MS = 2000;

export function runScenario(runs: readonly CliRun[], args: CliArgs, io: CliIo): void {
  const sims = runs.map((run) => ({ ...run, sim: createSimulation(run.scenario) }));
  const progress = progressReporter(args.durationS, io);
  if (args.format === "openmetrics") {
    const timing = { startS: args.startS, stepS: args.stepS };
    let estimateBytes = 0;
    streamOpenMetrics(sims, args.durationS, timing, {
      write: io.out,
      onAdvanced: progress.advanced,
      onEstimate: (bytes) => {
        estimateBytes = bytes;
        progress.say(
          `sim: the OpenMetrics output will be about ${bytesText(bytes)} ` +
            `(a scrape every ${args.stepS} s for ${args.durationS} s)`,
        );
      },
      onWritten: (bytes) =>
        progress.writing(
          `sim: writing OpenMetrics: ${bytesText(bytes)} of about ${bytesText(estimateBytes)}`,
        ),
    });
    progress.done();
    return;
  }
  advanceTogether(
    sims.map(({ sim }) => sim),
    Math.round(args.durationS * NS_PER_S),
    progress.advanced,
  );
  progress.done();
  if (args.format === "prom") {
    const [only] = sims;
    io.out(
      sims.length === 1 && only !== undefined
        ? only.sim.prometheusText()
        : exposition(sims.map(labelled)),
    );
    return;
  }
  io.out(`${JSON.stringify(runsJson(sims), null, 2)}\n`);
}

/** `530 MB`, `1.2 GB`: a size as the progress lines say it. */
export function bytesText(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e6) return `${Math.round(bytes / 1e6)} MB`;
  return `${Math.max(1, Math.round(bytes / 1e3))} kB`;
}

type CliSim = CliRun & { readonly sim: Simulation };

const runLabel = (run: CliSim): Labels => (run.run === undefined ? {} : { run: run.run });

const labelled = (run: CliSim) => ({ registry: run.sim.metrics(), labels: runLabel(run) });

/** Run A's scenario and hash at the top (a run alone is run A); run B's under `twin`. */
function runsJson(sims: readonly CliSim[]) {
  const [a, b] = sims;
  if (a === undefined) throw new Error("no run");
  const metrics: Record<string, JsonSample[]> = {};
  for (const run of sims) {
    for (const [name, samples] of Object.entries(metricsJson(run.sim.metrics(), runLabel(run)))) {
      metrics[name] = [...(metrics[name] ?? []), ...samples];
    }
  }
  return {
    scenario: a.sim.scenario,
    traceHash: a.sim.traceHash(),
    ...(b === undefined
      ? {}
      : { twin: { scenario: b.sim.scenario, traceHash: b.sim.traceHash() } }),
    metrics,
  };
}

function progressReporter(durationS: number, io: CliIo) {
  const startMs = io.wallNowMs();
  let nextReportMs = startMs + FIRST_REPORT_MS;
  let reported = false;
  /** A line that replaces the last on a terminal (cleared to its end: it may be shorter). */
  const show = (line: string) => {
    reported = true;
    io.progress(io.interactive ? `\r${line}\x1b[K` : `${line}\n`);
  };
  /** The wall time now when a report is due (the next one's time then set), else null. */
  const due = (): number | null => {
    const nowMs = io.wallNowMs();
    if (nowMs < nextReportMs) return null;
    nextReportMs = nowMs + REPORT_EVERY_MS;
    return nowMs;
  };
  return {
    advanced(tNs: Nanos) {
      const nowMs = tNs === 0 ? null : due();
      if (nowMs === null) return;
      show(progressLine(tNs / NS_PER_S, durationS, (nowMs - startMs) / 1000));
    },
    /** A line said once, whatever the time, on a line of its own. */
    say(line: string) {
      if (reported && io.interactive) io.progress("\n");
      reported = false;
      io.progress(`${line}\n`);
    },
    writing(line: string) {
      if (due() !== null) show(line);
    },
    done() {
      if (reported && io.interactive) io.progress("\n");
    },
  };
}

/** `sim: 120 of 600 s simulated (20 %), 4.1 s so far, about 16 s left`. */
export function progressLine(doneS: number, durationS: number, wallS: number): string {
  const share = doneS / durationS;
  const leftS = (wallS * (durationS - doneS)) / doneS;
  return (
    `sim: ${doneS.toFixed(0)} of ${durationS} s simulated (${Math.floor(share * 100)} %), ` +
    `${wallS.toFixed(1)} s so far, about ${leftS.toFixed(leftS < 10 ? 1 : 0)} s left`
  );
}

type JsonSample =
  | { labels: Record<string, string>; value: number }
  | { labels: Record<string, string>; buckets: Record<string, number>; sum: number; count: number };

export function metricsJson(
  registry: MetricsRegistry,
  extra: Labels = {},
): Record<string, JsonSample[]> {
  const out: Record<string, JsonSample[]> = {};
  for (const family of registry.all()) {
    const children = family.children();
    // A family without children is not exposed (as in the Prometheus text).
    if (children.length === 0) continue;
    out[family.name] = children.map((child): JsonSample => {
      const labels = { ...child.labels, ...extra };
      if (!(child instanceof HistogramSample)) return { labels, value: child.value };
      const cumulative = child.cumulative();
      const buckets: Record<string, number> = {};
      child.bounds.forEach((bound, i) => {
        buckets[formatGoFloat(bound)] = cumulative[i] as number;
      });
      buckets["+Inf"] = child.count;
      return { labels, buckets, sum: child.sum, count: child.count };
    });
  }
  return out;
}
