import type { SimSnapshot, SnapshotView } from "../model/index.ts";
import {
  CLIENT_COUNTS,
  ETCD_ROWS,
  latencyRow,
  type RowSpec,
} from "../ui/decision/decisionSpecs.ts";
import { readKindOrder } from "../ui/panels/shared/readKinds.ts";
import { KEY_METRICS } from "../ui/twin/keyMetrics.ts";

// The figures a sweep reports per point, each over the whole run (docs/scenarios.md, "Sweeps"):
// the compare view's decision rows and key metrics, read from the run's last snapshot by the same
// functions the page uses, so a point and the page's table of the same run cannot disagree.

export type FigureUnit = "count" | "s" | "slot-s" | "bytes" | "/s" | "share";

export interface SweepFigure {
  /** The name in the output's header and in --find. */
  readonly id: string;
  /** The words the Decisions, compare and etcd panels give it, for the page's Sweep dialog. */
  readonly label: string;
  readonly unit: FigureUnit;
  /** null: no data (no LIST of that kind ended). */
  of(snapshot: SimSnapshot, durationS: number): number | null;
}

/** A snapshot as small as the model allows: the figures read only its totals. */
export const FIGURE_VIEW: SnapshotView = {
  ringSegments: 1,
  maxWaiters: 0,
  maxOutcomes: 0,
  seriesPoints: 2,
};

const keyMetricOf = (id: string) => {
  const metric = KEY_METRICS.find((m) => m.id === id);
  if (metric === undefined) throw new Error(`no key metric ${id}`);
  return metric;
};
const keyMetric = (id: string) => keyMetricOf(id).value;

const fallbacks = keyMetric("fallbacks");
const FALLBACKS = keyMetricOf("fallbacks").label;

/** The LISTs the watch cache took: served at once, after a wait, or by a fallback to etcd. */
function cacheTaken(snapshot: SimSnapshot): number {
  let total = 0;
  for (const byOutcome of Object.values(snapshot.outcomes)) {
    total += byOutcome.cache + byOutcome.cacheAfterWait + byOutcome.fallback;
  }
  return total;
}

/** A decision row of the compare view under the sweep's column name. */
const row = (id: string, spec: RowSpec): SweepFigure => ({
  id,
  label: spec.label,
  unit: spec.unit,
  of: (snapshot) => spec.since(snapshot),
});

const decision = (rowId: string) => {
  const spec = [...CLIENT_COUNTS, ...ETCD_ROWS].find((r) => r.id === rowId);
  if (spec === undefined) throw new Error(`no decision row ${rowId}`);
  return spec;
};

const LATENCIES: readonly SweepFigure[] = readKindOrder.flatMap((kind) =>
  [0.5, 0.99].map((q) => {
    const spec = latencyRow(kind, q);
    // `p99:consistent` in the page's ids; a column name without a colon reads better in CSV.
    return row(spec.id.replace(":", "_"), spec);
  }),
);

export const SWEEP_FIGURES: readonly SweepFigure[] = [
  { id: "fallbacks", label: FALLBACKS, unit: "count", of: (s) => fallbacks(s) },
  {
    id: "fallbacks_per_s",
    label: `${FALLBACKS} per second`,
    unit: "/s",
    of: (s, durationS) => fallbacks(s) / durationS,
  },
  {
    id: "fallback_share",
    label: `${FALLBACKS}, share of the LISTs the cache took`,
    unit: "share",
    of: (s) => {
      const taken = cacheTaken(s);
      return taken === 0 ? null : fallbacks(s) / taken;
    },
  },
  row("answers_429", decision("429")),
  row("answers_504", decision("504")),
  row("failed_lists", decision("failed")),
  row("retries", decision("retries")),
  ...LATENCIES,
  {
    id: "read_wait_p99",
    label: keyMetricOf("p99").label.replace(" so far", ""),
    unit: "s",
    of: (s) => keyMetric("p99")(s),
  },
  row("etcd_fallback_lists", decision("fallbackLists")),
  row("etcd_delegated_lists", decision("delegatedLists")),
  row("etcd_busy_slot_s", decision("busy")),
  row("etcd_bytes", decision("bytes")),
  row("list_memory_peak_bytes", decision("listBytesPeak")),
  {
    id: "ring_capacity",
    label: keyMetricOf("capacity").label,
    unit: "count",
    of: (s) => keyMetric("capacity")(s),
  },
];

export const FIGURE_IDS: readonly string[] = SWEEP_FIGURES.map((f) => f.id);

/** Every figure of a run that ended after `durationS` simulated seconds, in SWEEP_FIGURES order. */
export function figuresOf(snapshot: SimSnapshot, durationS: number): (number | null)[] {
  return SWEEP_FIGURES.map((figure) => {
    const value = figure.of(snapshot, durationS);
    return value === null || Number.isNaN(value) ? null : value;
  });
}
