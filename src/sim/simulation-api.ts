import type { Scenario, ScheduleKey } from "./scenario/index.ts";
import type { SimSnapshot, SnapshotView } from "./snapshot.ts";
import type { Nanos } from "./time.ts";

// The face a running simulation shows to its hosts (the worker, the command line, tests).
// Parameters go down through it, observations come up through snapshots and metrics.

/** A fault button's effect, recorded in the scenario at the moment it is pressed. */
export type Fault =
  | { kind: "stall"; durationS: number }
  | { kind: "restart" }
  | { kind: "compact" }
  | { kind: "herd"; clients: number }
  | { kind: "away"; watchers: number; durationS: number };

export interface SimulationApi {
  readonly nowNs: Nanos;
  /** The scenario as it now stands, live changes and faults included (it replays this run). */
  readonly scenario: Scenario;
  /** Runs every event due at or before `tNs`. */
  advanceTo(tNs: Nanos): void;
  /** A schedule key takes `value` from now on; the scenario records it as `value@now`. */
  setLive(key: ScheduleKey, value: number): void;
  /** Presses a fault button now; the scenario records it. */
  inject(fault: Fault): void;
  snapshot(view: SnapshotView): SimSnapshot;
  /** Prometheus text exposition (0.0.4) of every series. */
  prometheusText(): string;
  /** Digest of every executed event so far. */
  traceHash(): string;
}
