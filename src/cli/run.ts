import { formatGoFloat } from "../sim/metrics/go-float.ts";
import { HistogramSample, type MetricsRegistry } from "../sim/metrics/registry.ts";
import type { Scenario } from "../sim/scenario/index.ts";
import { createSimulation } from "../sim/simulation.ts";
import { NS_PER_S } from "../sim/time.ts";
import type { CliArgs } from "./args.ts";

// Runs a parsed scenario for the requested simulated time and renders the chosen format. The run
// advances in slices so that long runs can report progress on stderr.

export interface RunIo {
  wallNowMs(): number;
  progress(line: string): void;
  /** stderr is a terminal: progress overwrites one line. */
  readonly interactive: boolean;
}

const SLICE_NS = NS_PER_S;
const PROGRESS_EVERY_MS = 2000;

export function runScenario(scenario: Scenario, args: CliArgs, io: RunIo): string {
  const sim = createSimulation(scenario);
  const endNs = Math.round(args.durationS * NS_PER_S);
  const startMs = io.wallNowMs();
  let lastReportMs = startMs;
  let reported = false;
  for (let t = 0; t < endNs; ) {
    t = Math.min(endNs, t + SLICE_NS);
    sim.advanceTo(t);
    const nowMs = io.wallNowMs();
    if (nowMs - lastReportMs >= PROGRESS_EVERY_MS) {
      lastReportMs = nowMs;
      reported = true;
      const line = `sim: ${(t / NS_PER_S).toFixed(0)} of ${args.durationS} s simulated, ${((nowMs - startMs) / 1000).toFixed(1)} s wall`;
      io.progress(io.interactive ? `\r${line}` : `${line}\n`);
    }
  }
  if (reported && io.interactive) io.progress("\n");
  if (args.format === "prom") return sim.prometheusText();
  const json = {
    scenario: sim.scenario,
    traceHash: sim.traceHash(),
    metrics: metricsJson(sim.metrics()),
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}

type JsonSample =
  | { labels: Record<string, string>; value: number }
  | { labels: Record<string, string>; buckets: Record<string, number>; sum: number; count: number };

export function metricsJson(registry: MetricsRegistry): Record<string, JsonSample[]> {
  const out: Record<string, JsonSample[]> = {};
  for (const family of registry.all()) {
    out[family.name] = family.children().map((child): JsonSample => {
      const labels = { ...child.labels };
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
