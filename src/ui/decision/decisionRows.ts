import type { ReadKind, SimSnapshot } from "../../model/index.ts";
import type { RunScrapes } from "../../worker/protocol.ts";
import type { PromWindow } from "../panels/metrics/promql.ts";
import { promRange } from "../panels/metrics/windowedFigures.ts";
import { formatBytes, formatCount } from "../panels/shared/format.ts";
import { readKindOrder } from "../panels/shared/readKinds.ts";
import {
  CLIENT_COUNTS,
  type DecisionGroup,
  ETCD_ROWS,
  latencyRow,
  type Unit,
} from "./decisionSpecs.ts";

export type { DecisionGroup };

// What an operator weighs before turning a gate on or off, per run: the clients' side (how long a
// LIST took, what failed, what was refused and retried), etcd's (what reached it and what that
// cost) and the apiserver's memory. Since the start each figure is the model's own count in the
// snapshot; over a window it is what PromQL answers over the run's scrapes. The compare view's
// table, the report's table and the report's sentences all read these rows.

export interface DecisionFigure {
  /** null: no data (no LIST ended, or the window holds under two scrapes). */
  value: number | null;
  text: string;
}

export interface DecisionRow {
  id: string;
  group: DecisionGroup;
  label: string;
  /** One per run, A then B. */
  since: DecisionFigure[];
  /** One per run over the window; null when the page shows since the start. */
  window: DecisionFigure[] | null;
  /** The PromQL that answers the row over the window (run A's labels). */
  expression: string;
}

export interface DecisionRun {
  snapshot: SimSnapshot;
  /** The run's scrapes over the window, null while they are read or with no window. */
  scrapes: RunScrapes | null;
}

/** The read kinds whose LISTs ended in any of the runs, in the order a learner meets them. */
function kindsSeen(runs: readonly DecisionRun[]): ReadKind[] {
  return readKindOrder.filter((kind) =>
    runs.some((run) => (run.snapshot.requests.listDuration[kind]?.count ?? 0) > 0),
  );
}

export function formatFigure(value: number | null, unit: Unit): string {
  if (value === null || Number.isNaN(value)) return "no data";
  if (unit === "s") return `${value.toFixed(3)} s`;
  if (unit === "slot-s") return `${value.toFixed(1)} slot-s`;
  if (unit === "bytes") return formatBytes(value);
  return formatCount(value);
}

const figure = (value: number | null, unit: Unit): DecisionFigure => ({
  value: value === null || Number.isNaN(value) ? null : value,
  text: formatFigure(value, unit),
});

/** The rows for these runs (A, then B in a twin), over `window` too when the page shows one. */
export function decisionRows(
  runs: readonly DecisionRun[],
  window: PromWindow | null,
): DecisionRow[] {
  const latency = kindsSeen(runs).flatMap((kind) => [
    latencyRow(kind, 0.5),
    latencyRow(kind, 0.99),
  ]);
  const range = window === null ? "" : promRange(window.windowS);
  return [...latency, ...CLIENT_COUNTS, ...ETCD_ROWS].map((spec) => ({
    id: spec.id,
    group: spec.group,
    label: spec.label,
    since: runs.map((run) => figure(spec.since(run.snapshot), spec.unit)),
    window:
      window === null
        ? null
        : runs.map((run) =>
            figure(run.scrapes === null ? null : spec.window(run.scrapes, window), spec.unit),
          ),
    expression: spec.expression(range === "" ? "1m" : range),
  }));
}

export const GROUP_TITLES: Record<DecisionGroup, string> = {
  clients: "The clients",
  etcd: "etcd",
  apiserver: "The apiserver",
};
