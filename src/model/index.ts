// The one door into the simulation for worker/, state/, content/ and ui/: what they may know of
// src/sim/ is what this file names. biome.json's noRestrictedImports fails the lint on any other
// path into src/sim/ from those folders, so a panel cannot reach past the snapshot into the model.

// Words for a control that has no snapshot to read (the what-if switches, by version).
export { noRvGuardRemoves } from "../sim/apiserver/config.ts";
export type { CodeLine, DelegationRow } from "../sim/code-lines.ts";
// Time travel's parked runs share the full chunks of their append-only logs.
export { shareSealedChunks } from "../sim/lib/sealed-chunks.ts";
export { CHECK_NS as MARK_CHECK_NS } from "../sim/mark-watch.ts";
export { isFirstMarkKind, type MarkKind, type MarkView } from "../sim/marks.ts";
// Metrics as the registry writes them, for the exports (src/metrics-export/).
export { formatGoFloat } from "../sim/metrics/go-float.ts";
export {
  childSamples,
  exposition,
  type LabelledRegistry,
  type Labels,
  labelText,
  type MetricsRegistry,
  type MetricType,
} from "../sim/metrics/registry.ts";
export type { RequestTraceView } from "../sim/request-traces.ts";
// The scenario: its codec, key table, schedules and gates.
export * from "../sim/scenario/index.ts";
// Seconds as a link writes them (a sweep names a fault past its runs' end so).
export { formatSeconds } from "../sim/scenario/numeric-text.ts";
// A run, as the worker hosts it.
export { createSimulation, type Simulation } from "../sim/simulation.ts";
export type { Fault, SimulationApi } from "../sim/simulation-api.ts";
// What a frame carries to the page.
export * from "../sim/snapshot.ts";
export type { RequestStep, WokeBy } from "../sim/storage/request-context.ts";
// Simulated time.
export { type Nanos, NS_PER_MS, NS_PER_S, toSeconds } from "../sim/time.ts";
export { lagSeconds } from "../sim/world/snapshot-builder.ts";
