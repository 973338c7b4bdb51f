import * as v from "valibot";
import type { Pod } from "../../sim/apiserver/pod.ts";
import { diffById, diffError, diffValue } from "../compare.ts";
import {
  type CacheOp,
  HarnessWInput,
  runHarnessW,
  type StartCall,
} from "../harness/watch-cache.ts";
import { parseSteps, type Step } from "../schema/ops.ts";
import { ErrorExpectation } from "../schema/shared.ts";
import { Count, Id, IndexName, Int } from "../schema/values.ts";
import { defineKind, isRunStop, skip } from "./kind.ts";

// Kinds `watchCache.waitUntilFreshAndGet` and `watchCache.waitUntilFreshAndGetList` (harness W):
// the watch cache's own GET and LIST after waiting until fresh.

type GetOp = "waitUntilFreshAndGet";
type ListOp = "waitUntilFreshAndGetList";
const GET_OPS: readonly (CacheOp | GetOp)[] = [
  "add",
  "update",
  "delete",
  "replace",
  "progressAnswer",
  "clockStep",
  "waitUntilFreshAndGet",
];
const LIST_OPS: readonly (CacheOp | ListOp)[] = [
  "add",
  "update",
  "delete",
  "replace",
  "progressAnswer",
  "clockStep",
  "waitUntilFreshAndGetList",
];

/** A value compared only when the expectation is not null. */
const checked = (path: string, actual: unknown, expected: unknown): string[] =>
  expected === null ? [] : diffValue(path, actual, expected);

interface Found {
  readonly exists: boolean;
  readonly resourceVersion: number;
  readonly objectRV: number | null;
}

export const startGet: StartCall<Step<GetOp>, Found> = (w, step, ctx, finish) =>
  w.cache.waitUntilFreshAndGet(step.rv, step.key, ctx, (err, found) => {
    if (found === null) return finish(err, null);
    const pod: Pod | null = found.pod;
    finish(null, { exists: pod !== null, resourceVersion: found.rv, objectRV: pod?.rv ?? null });
  });

const FreshGetResult = v.strictObject({
  id: Id,
  error: v.nullable(ErrorExpectation),
  exists: v.nullable(v.boolean()),
  resourceVersion: v.nullable(Int),
  objectRV: v.nullable(Int),
});

export const waitUntilFreshAndGetKind = defineKind({
  input: HarnessWInput,
  expected: v.strictObject({ results: v.array(FreshGetResult) }),
  run(input) {
    const steps = parseSteps(input.steps, GET_OPS);
    if (!steps.ok) return skip(steps.skip);
    const run = runHarnessW(input, steps.steps, { waitUntilFreshAndGet: startGet });
    return isRunStop(run) ? run : run.outcomes;
  },
  compare: (actual, expected) =>
    diffById("results", actual, expected.results, (path, a, e) => [
      ...diffError(`${path}.error`, a.error, e.error),
      ...checked(`${path}.exists`, a.value?.exists ?? null, e.exists),
      ...checked(`${path}.resourceVersion`, a.value?.resourceVersion ?? null, e.resourceVersion),
      ...checked(`${path}.objectRV`, a.value?.objectRV ?? null, e.objectRV),
    ]),
});

interface Listed {
  readonly resourceVersion: number;
  readonly itemCount: number;
  readonly indexUsed: string;
}

const startList: StartCall<Step<ListOp>, Listed> = (w, step, ctx, finish) =>
  w.cache.waitUntilFreshAndGetList(step.key, step.opts, ctx, (err, list) => {
    if (list === null) return finish(err, null);
    finish(null, {
      resourceVersion: list.rv,
      itemCount: list.items().length,
      indexUsed: list.indexUsed,
    });
  });

const FreshListResult = v.strictObject({
  id: Id,
  error: v.nullable(ErrorExpectation),
  resourceVersion: v.nullable(Int),
  itemCount: v.nullable(Count),
  indexUsed: v.nullable(IndexName),
});

export const waitUntilFreshAndGetListKind = defineKind({
  input: HarnessWInput,
  expected: v.strictObject({ results: v.array(FreshListResult) }),
  run(input) {
    const steps = parseSteps(input.steps, LIST_OPS);
    if (!steps.ok) return skip(steps.skip);
    const run = runHarnessW(input, steps.steps, { waitUntilFreshAndGetList: startList });
    return isRunStop(run) ? run : run.outcomes;
  },
  compare: (actual, expected) =>
    diffById("results", actual, expected.results, (path, a, e) => [
      ...diffError(`${path}.error`, a.error, e.error),
      ...checked(`${path}.resourceVersion`, a.value?.resourceVersion ?? null, e.resourceVersion),
      ...checked(`${path}.itemCount`, a.value?.itemCount ?? null, e.itemCount),
      ...checked(`${path}.indexUsed`, a.value?.indexUsed ?? null, e.indexUsed),
    ]),
});

export { GET_OPS };
