import * as v from "valibot";
import { BLOCK_TIMEOUT_NS } from "../../sim/apiserver/config.ts";
import { diffById, diffError, diffRange, diffValue } from "../compare.ts";
import type { ApiserverRig, CallRecord, Starter } from "../harness/apiserver.ts";
import type { Step } from "../schema/ops.ts";
import { ErrorExpectation, RVRange } from "../schema/shared.ts";
import { Bool, Id } from "../schema/values.ts";

// The vectors' `ListResult` (docs/conformance.md) and how a `list` call through the delegator produces one; shared by the
// delegator.getList* kinds (harness C) and the scenario.* kinds (harness E).

export const ListResult = v.strictObject({
  id: Id,
  error: v.nullable(ErrorExpectation),
  responseRV: v.nullable(RVRange),
  blocked: v.nullable(Bool),
});
type ListResult = v.InferOutput<typeof ListResult>;

/** A LIST through the CacheDelegator; the outcome kept is the response RV. */
export const startList =
  (rig: ApiserverRig): Starter<Step<"list">, number> =>
  (step, ctx, finish) =>
    rig.delegator.getList(step.key, step.opts, ctx, (err, list) => finish(err, list?.rv ?? null));

export function diffListResults(
  actual: readonly CallRecord<number>[],
  expected: readonly ListResult[],
): string[] {
  return diffById("results", actual, expected, (path, call, want) => {
    if (call.endNs === null) return [`${path}: the call never completed`];
    const out = diffError(`${path}.error`, call.error, want.error);
    if (want.responseRV !== null)
      out.push(...diffRange(`${path}.responseRV`, call.value, want.responseRV));
    if (want.blocked !== null) {
      const blocked = call.endNs - call.startNs >= BLOCK_TIMEOUT_NS;
      out.push(...diffValue(`${path}.blocked`, blocked, want.blocked));
    }
    return out;
  });
}
