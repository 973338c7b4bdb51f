import type { ModelledGate, Scenario } from "../scenario/index.ts";
import type { Schedule } from "../scenario/schedule.ts";
import { createSimulation } from "../simulation.ts";
import { type Nanos, NS_PER_MS, NS_PER_S } from "../time.ts";
import { noArrivals } from "../world/open-loop.ts";
import { etcdCostTerms } from "../world/world.ts";
import {
  type ListRequest,
  SCRIPT_FORMAT,
  type Script,
  type ScriptClass,
  type TimelineOp,
} from "./format.ts";

// A scenario's run written down as a script (docs/oracle-script.md): run it once with the open
// loop recording every arrival, then list them. Only what a script can say is exported; a
// scenario that needs more (clients that react, random delays, schedules of the world's keys)
// is refused with what to change.

export interface ExportRequest {
  readonly scenario: Scenario;
  readonly durationNs: Nanos;
  readonly name: string;
  readonly class: ScriptClass;
  /** The scenario as text, for people (the `source` field). */
  readonly source: string;
}

/** Why `scenario` cannot be a script, one phrase each; empty when it can. */
export function exportProblems(s: Scenario): string[] {
  const problems: string[] = [];
  const constant = (key: keyof Scenario, schedule: Schedule, unit: number) => {
    const first = schedule[0]?.value ?? 0;
    if (schedule.length !== 1) problems.push(`${key} must be one value, not a schedule`);
    else if (!Number.isInteger(first * unit)) problems.push(`${key} must be whole milliseconds`);
  };
  const none = (key: keyof Scenario, schedule: Schedule) => {
    if (schedule.some((p) => p.value !== 0))
      problems.push(`${key} must be 0 (scripts have no such clients)`);
  };
  none("watchers", s.watchers);
  none("ryw", s.ryw);
  none("jitter", s.jitter);
  if (s.herd.length > 0) problems.push("herd must be empty (write the clients as requests)");
  if (s.away.length > 0) problems.push("away must be empty (scripts have no watchers)");
  if (s.timerLatency !== 0) problems.push("timerLatency must be 0");
  if (s.cacheCost !== 0)
    problems.push("cacheCost must be 0 (the harness's cacher walks its list in no virtual time)");
  const terms = etcdCostTerms(s);
  if (!Number.isInteger(terms.nsPerObject))
    problems.push("etcdObjectCost must be whole nanoseconds (a multiple of 0.001 µs)");
  if (!Number.isInteger(terms.nsPer2KiB))
    problems.push("etcdByteCost must be whole nanoseconds (a multiple of 0.001 µs)");
  if (s.retry !== "none") problems.push("retry must be none (a script's request is one attempt)");
  if (s.blockTimeout !== 3000) problems.push("blockTimeout must be upstream's 3000");
  if (s.whatif.noRvGuard || s.whatif.noHysteresis) problems.push("whatif must be empty");
  if (s.v < 2) problems.push("v must be 2 or more (clients follow their pages)");
  constant("lag", s.lag, 1);
  constant("etcdLatency", s.etcdLatency, 1);
  constant("etcdConcurrency", s.etcdConcurrency, 1);
  constant("processRate", s.processRate, 1);
  return problems;
}

export function exportScript(request: ExportRequest): Script {
  const s = request.scenario;
  const problems = exportProblems(s);
  if (problems.length > 0) throw new Error(`cannot export as a script: ${problems.join("; ")}`);
  const record = noArrivals();
  const sim = createSimulation(s, { countRv0AtOnce: false, record });
  sim.advanceTo(request.durationNs);
  const value = (schedule: Schedule) => schedule[0]?.value ?? 0;
  // At one instant the model runs compactions, restarts, then the sources in their order.
  const timeline: (TimelineOp & { rank: number })[] = [
    ...s.compact.map((atNs) => ({ atNs, op: "compact" as const, rank: 0 })),
    ...s.restart.map((atNs) => ({ atNs, op: "restart" as const, rank: 1 })),
    ...record.writes.map((w) => ({ atNs: w.atNs, op: "write" as const, pod: w.pod, rank: 2 })),
    ...record.otherWrites.map((atNs) => ({ atNs, op: "otherWrite" as const, rank: 3 })),
  ];
  timeline.sort((a, b) => a.atNs - b.atNs || a.rank - b.rank);
  const reads = (["rv0", "consistent", "notOlderThan", "exact"] as const).flatMap((kind, rank) =>
    record.reads[kind].map((r) => ({ ...r, rank })),
  );
  reads.sort((a, b) => a.atNs - b.atNs || a.rank - b.rank);
  const requests: ListRequest[] = reads.map((r, i) => ({
    id: `r${i + 1}`,
    atNs: r.atNs,
    verb: "list",
    rv: r.opts.resourceVersion,
    rvm: r.opts.resourceVersionMatch,
    limit: r.opts.limit,
  }));
  const gates = Object.fromEntries(s.gates.map((g) => [g.gate, g.enabled])) as Partial<
    Record<ModelledGate, boolean>
  >;
  return {
    format: SCRIPT_FORMAT,
    name: request.name,
    class: request.class,
    source: request.source,
    k8s: s.k8s,
    gates,
    world: {
      objects: s.objects,
      objectBytes: s.objectBytes,
      etcdConcurrency: value(s.etcdConcurrency),
      etcdLatencyNs: value(s.etcdLatency) * NS_PER_MS,
      etcdNsPerObject: etcdCostTerms(s).nsPerObject,
      etcdNsPer2KiB: etcdCostTerms(s).nsPer2KiB,
      lagNs: value(s.lag) * NS_PER_MS,
      processRate: value(s.processRate),
      stalls: s.stall.map((w) => [w.startNs, w.endNs] as const),
      requestTimeoutNs: s.requestTimeout * NS_PER_S,
      compactionIntervalNs: s.compaction * NS_PER_S,
      durationNs: request.durationNs,
    },
    timeline: timeline.map(({ rank: _, ...op }) => op),
    requests,
  };
}
