import * as v from "valibot";
import type { HistogramSample } from "../../sim/metrics/registry.ts";
import { NS_PER_S } from "../../sim/time.ts";
import { diffById, diffError, diffValue } from "../compare.ts";
import { HarnessWInput, runHarnessW } from "../harness/watch-cache.ts";
import { parseSteps } from "../schema/ops.ts";
import { ErrorExpectation, Histogram } from "../schema/shared.ts";
import { Id } from "../schema/values.ts";
import { defineKind, isRunStop, skip } from "./kind.ts";
import { GET_OPS, startGet } from "./watch-cache-reads.ts";

// Kind `metrics.readWait` (harness W, upstream TestHistogramCacheReadWait): the
// apiserver_watch_cache_read_wait_seconds series after GETs that may wait.

const CallResult = v.strictObject({ id: Id, error: v.nullable(ErrorExpectation) });

interface Outcome {
  readonly results: {
    id: string;
    error: import("../../sim/storage/errors.ts").ApiError | null;
  }[];
  readonly histogram: v.InferOutput<typeof Histogram>;
}

/**
 * The series as Prometheus exports it. The model creates it up front (so it prints as 0), but
 * upstream's child exists only once observed, so "present" means observed at least once.
 */
function exported(sample: HistogramSample): v.InferOutput<typeof Histogram> {
  const cumulative = sample.cumulative();
  return {
    name: "apiserver_watch_cache_read_wait_seconds",
    group: sample.labels["group"] ?? "",
    resource: sample.labels["resource"] ?? "",
    present: sample.count > 0,
    count: sample.count,
    sumNs: Math.round(sample.sum * NS_PER_S),
    buckets: cumulative.map((count, i) => {
      const bound = sample.bounds[i];
      return { leNs: bound === undefined ? null : Math.round(bound * NS_PER_S), count };
    }),
  };
}

export const readWaitKind = defineKind({
  input: HarnessWInput,
  expected: v.strictObject({ results: v.array(CallResult), readWaitHistogram: Histogram }),
  run(input): Outcome | ReturnType<typeof skip> {
    const steps = parseSteps(input.steps, GET_OPS);
    if (!steps.ok) return skip(steps.skip);
    const run = runHarnessW(input, steps.steps, { waitUntilFreshAndGet: startGet });
    if (isRunStop(run)) return run;
    const results = run.outcomes.map((o) => ({ id: o.id, error: o.error }));
    return { results, histogram: exported(run.w.metrics.readWait) };
  },
  compare: (actual, expected) => [
    ...diffById("results", actual.results, expected.results, (path, a, e) =>
      diffError(`${path}.error`, a.error, e.error),
    ),
    ...diffValue("readWaitHistogram", actual.histogram, expected.readWaitHistogram),
  ],
});
