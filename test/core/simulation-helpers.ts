import { HistogramSample, Sample } from "../../src/sim/metrics/registry.ts";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation, type Simulation } from "../../src/sim/simulation.ts";
import { NS_PER_S } from "../../src/sim/time.ts";

/** A run of `query` (which must parse cleanly) advanced to `seconds`. */
export function run(query: string, seconds: number): Simulation {
  const { scenario, issues } = parseScenario(query);
  if (issues.length > 0) throw new Error(`scenario issues: ${JSON.stringify(issues)}`);
  const sim = createSimulation(scenario);
  sim.advanceTo(seconds * NS_PER_S);
  return sim;
}

/** The sum of a counter or gauge over the children whose labels include `labels`. */
export function value(sim: Simulation, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const child of sim.metrics().find(name)?.children() ?? []) {
    if (!(child instanceof Sample)) continue;
    if (Object.entries(labels).every(([k, v]) => child.labels[k] === v)) total += child.value;
  }
  return total;
}

export function histogram(sim: Simulation, name: string): HistogramSample {
  const child = sim.metrics().find(name)?.children()[0];
  if (!(child instanceof HistogramSample)) throw new Error(`${name} is not a histogram`);
  return child;
}

/**
 * How many observations a single-child histogram has; 0 when it has no child yet (upstream's
 * child exists only from its first observation, so "never observed" is "not exposed").
 */
export function observations(sim: Simulation, name: string): number {
  const child = sim.metrics().find(name)?.children()[0];
  if (child === undefined) return 0;
  if (!(child instanceof HistogramSample)) throw new Error(`${name} is not a histogram`);
  return child.count;
}

/** Cumulative count of a histogram at bucket bound `le`. */
export function countAtOrBelow(h: HistogramSample, le: number): number {
  const i = h.bounds.indexOf(le);
  if (i < 0) throw new Error(`no bucket ${le}`);
  return h.cumulative()[i] as number;
}

export const reads = (sim: Simulation, labels: Record<string, string>) =>
  value(sim, "watchcachelab_reads_total", labels);
export const etcdRequests = (sim: Simulation, reason: string) =>
  value(sim, "watchcachelab_etcd_requests_total", { reason });
export const consistentReads = (sim: Simulation, success: string, fallback: string) =>
  value(sim, "apiserver_watch_cache_consistent_read_total", { success, fallback });
