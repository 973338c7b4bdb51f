import * as v from "valibot";
import { diffById, diffError, diffValue } from "../compare.ts";
import { type CallRecord, runSteps } from "../harness/apiserver.ts";
import { applyC, C_OPS, HarnessCInput, newHarnessC } from "../harness/cacher.ts";
import { parseSteps } from "../schema/ops.ts";
import { ErrorExpectation } from "../schema/shared.ts";
import { Id } from "../schema/values.ts";
import { defineKind, isRunStop, skip } from "./kind.ts";

// Kind `delegator.get` (harness C): GETs through the CacheDelegator, and who answered them.

const GetResult = v.strictObject({
  id: Id,
  error: v.nullable(ErrorExpectation),
  servedBy: v.picklist(["cache", "storage"]),
});
const Expected = v.strictObject({ results: v.array(GetResult) });

type ServedBy = "cache" | "storage" | null;

export const delegatorGet = defineKind({
  input: HarnessCInput,
  expected: Expected,
  run(input: HarnessCInput) {
    const steps = parseSteps(input.steps, [...C_OPS, "get"] as const);
    if (!steps.ok) return skip(steps.skip);
    const { rig } = newHarnessC(input);
    const records = runSteps<"get", ServedBy>(rig, steps.steps, (s) => applyC(rig, s), {
      get: (step, ctx, finish) =>
        rig.delegator.get(step.key, step.opts, ctx, (err) => {
          const by = ctx.servedBy === "etcd" ? "storage" : ctx.servedBy;
          finish(err, by);
        }),
    });
    return isRunStop(records) ? records : [...records.values()];
  },
  compare: (actual: CallRecord<ServedBy>[], expected: v.InferOutput<typeof Expected>) =>
    diffById("results", actual, expected.results, (path, call, want) =>
      call.endNs === null
        ? [`${path}: the call never completed`]
        : [
            ...diffError(`${path}.error`, call.error, want.error),
            ...diffValue(`${path}.servedBy`, call.value, want.servedBy),
          ],
    ),
});
