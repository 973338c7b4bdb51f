import * as v from "valibot";
import type { CacheOp, StartCall } from "../harness/watch-cache.ts";
import type { Step } from "../schema/ops.ts";
import { Count, IndexName, Int } from "../schema/values.ts";
import { checked, harnessWKind } from "./harness-w-kind.ts";

// Kinds `watchCache.waitUntilFreshAndGet` and `watchCache.waitUntilFreshAndGetList` (harness W):
// the watch cache's own GET and LIST after waiting until fresh.

type GetOp = "waitUntilFreshAndGet";
type ListOp = "waitUntilFreshAndGetList";
const SHARED: readonly CacheOp[] = [
  "add",
  "update",
  "delete",
  "replace",
  "progressAnswer",
  "clockStep",
];
export const GET_OPS: readonly (CacheOp | GetOp)[] = [...SHARED, "waitUntilFreshAndGet"];
const LIST_OPS: readonly (CacheOp | ListOp)[] = [...SHARED, "waitUntilFreshAndGetList"];

interface Found {
  readonly exists: boolean;
  readonly resourceVersion: number;
  readonly objectRV: number | null;
}

export const startGet: StartCall<Step<GetOp>, Found> = (w, step, ctx, finish) =>
  w.cache.waitUntilFreshAndGet(step.rv, step.key, ctx, (err, found) => {
    if (found === null) return finish(err, null);
    const objectRV = found.pod?.rv ?? null;
    finish(null, { exists: found.pod !== null, resourceVersion: found.rv, objectRV });
  });

export const waitUntilFreshAndGetKind = harnessWKind(
  GET_OPS,
  "waitUntilFreshAndGet",
  startGet,
  { exists: v.nullable(v.boolean()), resourceVersion: v.nullable(Int), objectRV: v.nullable(Int) },
  (path, a, e) => [
    ...checked(`${path}.exists`, a?.exists ?? null, e.exists),
    ...checked(`${path}.resourceVersion`, a?.resourceVersion ?? null, e.resourceVersion),
    ...checked(`${path}.objectRV`, a?.objectRV ?? null, e.objectRV),
  ],
);

interface Listed {
  readonly resourceVersion: number;
  readonly itemCount: number;
  readonly indexUsed: string;
}

const startList: StartCall<Step<ListOp>, Listed> = (w, step, ctx, finish) =>
  w.cache.waitUntilFreshAndGetList(step.key, step.opts, ctx, (err, list) => {
    if (list === null) return finish(err, null);
    const itemCount = list.items().length;
    // The lazy count must agree with what materialises (the shortcut changes no observable).
    if (list.count !== itemCount) throw new Error(`list count ${list.count} ≠ ${itemCount} items`);
    finish(null, { resourceVersion: list.rv, itemCount, indexUsed: list.indexUsed });
  });

export const waitUntilFreshAndGetListKind = harnessWKind(
  LIST_OPS,
  "waitUntilFreshAndGetList",
  startList,
  {
    resourceVersion: v.nullable(Int),
    itemCount: v.nullable(Count),
    indexUsed: v.nullable(IndexName),
  },
  (path, a, e) => [
    ...checked(`${path}.resourceVersion`, a?.resourceVersion ?? null, e.resourceVersion),
    ...checked(`${path}.itemCount`, a?.itemCount ?? null, e.itemCount),
    ...checked(`${path}.indexUsed`, a?.indexUsed ?? null, e.indexUsed),
  ],
);
