import * as v from "valibot";
import { cacherDelegationHelper, shouldDelegateList } from "../../sim/apiserver/should-delegate.ts";
import { diffById, diffValue } from "../compare.ts";
import { RawStep } from "../schema/ops.ts";
import { ListRequest } from "../schema/shared.ts";
import { Bool, Id, Int, Key, Text } from "../schema/values.ts";
import { defineKind } from "./kind.ts";

// The vectors' kind `delegator.shouldDelegateList.table` (upstream: TestShouldDelegateList). The cache
// state is taken from `cacheResourceVersion` and `snapshotRVs`, which the kind's schema allows instead of
// replaying `cacheSteps`: the decision reads only that state.

const Input = v.strictObject({
  consistentReadSupported: Bool,
  snapshottingEnabled: Bool,
  keyPrefix: Key,
  cacheSteps: v.array(RawStep),
  cacheResourceVersion: Int,
  snapshotRVs: v.array(Int),
  requests: v.array(ListRequest),
  setup: Text,
});

const DelegationResult = v.strictObject({ id: Id, shouldDelegate: Bool, consistentRead: Bool });
const Expected = v.strictObject({ results: v.array(DelegationResult) });

type Outcome = v.InferOutput<typeof DelegationResult> | { id: string; error: string };

export const delegatorShouldDelegateListTable = defineKind({
  input: Input,
  expected: Expected,
  run(input: v.InferOutput<typeof Input>) {
    const helper = cacherDelegationHelper({
      consistentReadSupported: input.consistentReadSupported,
      snapshottingEnabled: input.snapshottingEnabled,
      resourcePrefix: input.keyPrefix,
      cacheResourceVersion: () => input.cacheResourceVersion,
      canServeExactRv: (rv) => input.snapshotRVs.some((s) => s <= rv),
    });
    return input.requests.map((request): Outcome => {
      const decision = shouldDelegateList(request, helper);
      if (!decision.ok) return { id: request.id, error: decision.error.message };
      return { id: request.id, ...decision.value };
    });
  },
  compare(actual: Outcome[], expected: v.InferOutput<typeof Expected>) {
    return diffById("results", actual, expected.results, (path, got, want) =>
      "error" in got ? [`${path}: the decision failed: ${got.error}`] : diffValue(path, got, want),
    );
  },
});
