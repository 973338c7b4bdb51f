import * as v from "valibot";
import { diffRange, diffValue } from "../compare.ts";
import type { ApiserverRig, CallRecord } from "../harness/apiserver.ts";
import { runSteps } from "../harness/apiserver.ts";
import { applyC, C_OPS, HarnessCInput, newHarnessC } from "../harness/cacher.ts";
import { parseSteps } from "../schema/ops.ts";
import { CounterSeries, CountRange } from "../schema/shared.ts";
import { defineKind, isRunStop, skip } from "./kind.ts";
import { diffListResults, ListResult, startList } from "./list-results.ts";

// Kinds `delegator.getList`, `delegator.getList.consistentRead` and `delegator.getList.exact`
// (harness C): LISTs through the CacheDelegator over a mock storage (upstream: delegator.go GetList).

const Expected = v.strictObject({
  results: v.array(ListResult),
  storageRequestsAfterReady: v.nullable(CountRange),
  storageGetListCalls: v.nullable(CountRange),
  storageGetCurrentRVCalls: v.nullable(CountRange),
  consistentReadTotal: v.nullable(v.array(CounterSeries)),
});
type Expected = v.InferOutput<typeof Expected>;

interface Outcome {
  readonly calls: CallRecord<number>[];
  readonly requestsAfterReady: number;
  readonly getListCalls: number;
  readonly getCurrentRvCalls: number;
  readonly consistentReadTotal: ReturnType<ApiserverRig["consistentReadSeries"]>;
}

const OPS = [...C_OPS, "list"] as const;

const delegatorGetList = defineKind({
  input: HarnessCInput,
  expected: Expected,
  run(input: HarnessCInput) {
    const steps = parseSteps(input.steps, OPS);
    if (!steps.ok) return skip(steps.skip);
    const { rig, storage } = newHarnessC(input);
    const records = runSteps(rig, steps.steps, (s) => applyC(rig, s), { list: startList(rig) });
    if (isRunStop(records)) return records;
    return {
      calls: [...records.values()],
      requestsAfterReady: storage.requestsAfterReady,
      getListCalls: storage.getListCalls,
      getCurrentRvCalls: storage.getCurrentRvCalls,
      consistentReadTotal: rig.consistentReadSeries(),
    };
  },
  compare(actual: Outcome, expected: Expected) {
    const out = diffListResults(actual.calls, expected.results);
    const range = (path: string, value: number, want: Expected["storageGetListCalls"]) =>
      want === null ? [] : diffRange(path, value, want);
    out.push(
      ...range(
        "storageRequestsAfterReady",
        actual.requestsAfterReady,
        expected.storageRequestsAfterReady,
      ),
    );
    out.push(...range("storageGetListCalls", actual.getListCalls, expected.storageGetListCalls));
    out.push(
      ...range(
        "storageGetCurrentRVCalls",
        actual.getCurrentRvCalls,
        expected.storageGetCurrentRVCalls,
      ),
    );
    if (expected.consistentReadTotal !== null) {
      out.push(
        ...diffValue(
          "consistentReadTotal",
          actual.consistentReadTotal,
          expected.consistentReadTotal,
        ),
      );
    }
    return out;
  },
});

export const DELEGATOR_GET_LIST_KINDS = {
  "delegator.getList": delegatorGetList,
  "delegator.getList.consistentRead": delegatorGetList,
  "delegator.getList.exact": delegatorGetList,
};
