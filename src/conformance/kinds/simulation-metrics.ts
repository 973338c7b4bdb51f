import * as v from "valibot";
import { HistogramSample, Sample } from "../../sim/metrics/registry.ts";
import { parseScenario } from "../../sim/scenario/index.ts";
import { createSimulation } from "../../sim/simulation.ts";
import { diffValue } from "../compare.ts";
import { MalformedCase } from "../malformed.ts";
import { Count, Int, Text } from "../schema/values.ts";
import { defineKind } from "./kind.ts";

// Kind `simulation.metrics` (the project's own, docs/fidelity.md "Conformance cases of our own"):
// a whole scenario run, as the page or the command line would run it, then counters and gauges
// of its Prometheus registry. Each series is the sum over the children whose labels include the
// given ones; a series with `le` reads a histogram's cumulative bucket at that bound, as the
// exposition's `_bucket{le=…}` line prints it (`+Inf` is the count). The world around the apiserver follows the model's rules (docs/fidelity.md), so
// these cases are interpreted: each note names the upstream function its figure follows.

const Series = v.strictObject({
  name: v.pipe(v.string(), v.regex(/^[a-z_:][a-z0-9_:]*$/, "not a metric name")),
  labels: v.record(v.string(), v.string()),
  le: v.optional(v.pipe(v.string(), v.regex(/^(\+Inf|[0-9.]+)$/, "a bucket bound or +Inf"))),
  value: Int,
});

const Input = v.strictObject({
  /** The scenario as the page's address or the command line's query gives it. */
  scenario: v.string(),
  durationNs: Count,
  setup: Text,
});

const Expected = v.strictObject({ series: v.array(Series) });

type Found = v.InferOutput<typeof Series>;

export const simulationMetricsKind = defineKind({
  input: Input,
  expected: Expected,
  run(input: v.InferOutput<typeof Input>) {
    const { scenario, issues } = parseScenario(input.scenario);
    if (issues.length > 0) {
      throw new MalformedCase(`input.scenario: ${issues.map((i) => i.message).join(" | ")}`);
    }
    const sim = createSimulation(scenario);
    sim.advanceTo(input.durationNs);
    return (series: v.InferOutput<typeof Series>): Found => {
      let value = 0;
      for (const child of sim.metrics().find(series.name)?.children() ?? []) {
        const matches = Object.entries(series.labels).every(([k, l]) => child.labels[k] === l);
        if (!matches) continue;
        if (child instanceof Sample && series.le === undefined) value += child.value;
        if (child instanceof HistogramSample && series.le !== undefined) {
          value += bucketAt(child, series.le);
        }
      }
      return { ...series, value };
    };
  },
  compare: (read: (series: v.InferOutput<typeof Series>) => Found, expected) =>
    diffValue("series", expected.series.map(read), expected.series),
});

/** The cumulative count of observations ≤ `le` (`+Inf`: all of them). */
function bucketAt(histogram: HistogramSample, le: string): number {
  if (le === "+Inf") return histogram.count;
  const i = histogram.bounds.indexOf(Number(le));
  if (i < 0) throw new MalformedCase(`le=${le}: not a bound of this histogram`);
  return histogram.cumulative()[i] as number;
}
