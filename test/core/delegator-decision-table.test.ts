import { describe, expect, it } from "vitest";
import {
  cacherDelegationHelper,
  cacheWithoutSnapshotsHelper,
  shouldDelegateList,
} from "../../src/sim/apiserver/should-delegate.ts";
import { RandomStream } from "../../src/sim/rng.ts";
import { encodeContinue } from "../../src/sim/storage/continue-token.ts";
import type { ListOptions } from "../../src/sim/storage/interfaces.ts";
import { validateListOptions } from "../../src/sim/storage/list-options.ts";

// The delegator's net behaviour (docs/fidelity.md "Cacher, delegator") (consistent reads supported), written as an oracle over the
// request's shape, independent of the rule-by-rule implementation.

const CACHE_RV = 100;
const PREFIX = "/pods/";

interface Shape {
  readonly opts: ListOptions;
  /** The RV the request pins (RV=N or the token's), or null. */
  readonly pinnedRv: number | null;
  readonly tokenRv: number | null;
}

function netBehaviour(
  s: Shape,
  snapshotRvs: readonly number[],
): { etcd: boolean; consistent: boolean } {
  const { opts } = s;
  const snapshots = snapshotRvs.length > 0;
  const exactish = (rv: number) =>
    snapshots && opts.recursive ? !(snapshotRvs.some((r) => r <= rv) || rv > CACHE_RV) : true;
  if (s.tokenRv !== null) {
    if (!opts.recursive || !snapshots) return { etcd: true, consistent: false };
    return s.tokenRv === -1
      ? { etcd: false, consistent: true }
      : { etcd: exactish(s.tokenRv), consistent: false };
  }
  if (opts.resourceVersionMatch === "Exact")
    return { etcd: exactish(s.pinnedRv as number), consistent: false };
  if (opts.resourceVersion === "" && opts.resourceVersionMatch === "")
    return { etcd: false, consistent: true };
  if (opts.resourceVersionMatch === "" && opts.limit > 0 && s.pinnedRv !== null) {
    return { etcd: exactish(s.pinnedRv), consistent: false };
  }
  return { etcd: false, consistent: false };
}

function generate(random: RandomStream): Shape {
  const pick = <T>(items: readonly T[]): T => items[random.int(items.length)] as T;
  const rvs = [40, 99, 100, 101, 150];
  const recursive = random.int(2) === 0;
  const limit = pick([0, 0, 5, 500]);
  const base = {
    recursive,
    limit,
    labelSelector: "",
    fieldSelector: "",
    indexLabels: [],
    indexFields: [],
  };
  const kind = random.int(4);
  if (kind === 0) {
    const tokenRv = pick([-1, ...rvs]);
    const opts = {
      ...base,
      resourceVersion: pick(["", "0"]),
      resourceVersionMatch: "" as const,
      continue: encodeContinue(`${PREFIX}ns/p\u0000`, PREFIX, tokenRv),
    };
    return { opts, pinnedRv: null, tokenRv };
  }
  const match = pick(["", "", "Exact", "NotOlderThan"] as const);
  const rvText = match === "Exact" ? String(pick(rvs)) : pick(["", "0", ...rvs.map(String)]);
  const resourceVersion = match === "NotOlderThan" && rvText === "" ? "0" : rvText;
  const opts = { ...base, resourceVersion, resourceVersionMatch: match, continue: "" };
  const pinnedRv =
    resourceVersion === "" || resourceVersion === "0" ? null : Number(resourceVersion);
  return { opts, pinnedRv, tokenRv: null };
}

describe("shouldDelegateList", () => {
  for (const snapshotRvs of [[], [100], [60, 80, 100]]) {
    it(`agrees with the delegator's net behaviour for valid requests, snapshots ${JSON.stringify(snapshotRvs)} (seed 42)`, () => {
      const random = new RandomStream(42, `table-${snapshotRvs.length}`);
      const helper = cacherDelegationHelper({
        consistentReadSupported: true,
        snapshottingEnabled: snapshotRvs.length > 0,
        resourcePrefix: PREFIX,
        cacheResourceVersion: () => CACHE_RV,
        canServeExactRv: (rv) => snapshotRvs.some((r) => r <= rv),
      });
      let checked = 0;
      for (let i = 0; i < 2000; i++) {
        const shape = generate(random);
        if (!validateListOptions(PREFIX, shape.opts).ok) continue;
        const decision = shouldDelegateList(shape.opts, helper);
        expect(decision.ok).toBe(true);
        if (!decision.ok) continue;
        const want = netBehaviour(shape, snapshotRvs);
        expect({
          ...shape.opts,
          etcd: decision.value.shouldDelegate,
          consistent: decision.value.consistentRead,
        }).toEqual({
          ...shape.opts,
          ...want,
        });
        checked++;
      }
      expect(checked).toBeGreaterThan(1000);
    });
  }

  it("sends every consistent read to etcd when etcd cannot report progress", () => {
    const helper = cacherDelegationHelper({
      consistentReadSupported: false,
      snapshottingEnabled: true,
      resourcePrefix: PREFIX,
      cacheResourceVersion: () => CACHE_RV,
      canServeExactRv: () => true,
    });
    const consistent = {
      resourceVersion: "",
      resourceVersionMatch: "" as const,
      recursive: true,
      limit: 0,
      continue: "",
    };
    expect(shouldDelegateList(consistent, helper)).toEqual({
      ok: true,
      value: { shouldDelegate: true, consistentRead: true },
    });
    const future = {
      ...consistent,
      resourceVersion: "150",
      resourceVersionMatch: "Exact" as const,
    };
    expect(shouldDelegateList(future, helper)).toEqual({
      ok: true,
      value: { shouldDelegate: true, consistentRead: false },
    });
  });

  it("with the estimator's helper, sends exact and continue lists to etcd and keeps consistent reads in the cache", () => {
    const helper = cacheWithoutSnapshotsHelper(true);
    const base = {
      resourceVersion: "",
      resourceVersionMatch: "" as ListOptions["resourceVersionMatch"],
      recursive: true,
      limit: 0,
      continue: "",
    };
    const token = encodeContinue(`${PREFIX}ns/p\u0000`, PREFIX, -1);
    const decide = (over: Partial<typeof base>) => shouldDelegateList({ ...base, ...over }, helper);
    expect(decide({})).toEqual({
      ok: true,
      value: { shouldDelegate: false, consistentRead: true },
    });
    expect(decide({ continue: token })).toEqual({
      ok: true,
      value: { shouldDelegate: true, consistentRead: false },
    });
    expect(decide({ resourceVersion: "5", resourceVersionMatch: "Exact" })).toEqual({
      ok: true,
      value: { shouldDelegate: true, consistentRead: false },
    });
  });
});
