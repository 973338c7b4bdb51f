import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BLOCK_TIMEOUT_NS } from "../../src/sim/apiserver/config.ts";
import { K8S_VERSIONS } from "../../src/sim/scenario/k8s-version.ts";
import type { WokeBy } from "../../src/sim/storage/request-context.ts";
import { NS_PER_MS } from "../../src/sim/time.ts";
import {
  fast,
  type Nested,
  naive,
  runWaiters,
  type WaiterOp,
  type WaiterSetup,
} from "./oracles/freshness-waiters-driver.ts";

// FreshnessWaiters (lazy trims, an arm cursor, stale purges, one pending deadline event, a
// re-entrant ready buffer) against its naive reference (one timer per read, wake everyone and
// re-check): the same random operations must give the same resumes, errors, histogram
// observations, progress requests and parked lists, in the same order. Fixed seed: a failing
// case becomes a named test in regressions.test.ts.

const cause = fc.constantFrom<WokeBy>("event", "bookmark", "replace");
const nested: fc.Arbitrary<Nested> = fc.record({
  bump: fc.integer({ min: 0, max: 3 }),
  broadcast: fc.boolean(),
  cause,
  rewait: fc.option(fc.integer({ min: -3, max: 4 })),
});
const op: fc.Arbitrary<WaiterOp> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant("wait" as const),
      ahead: fc.integer({ min: -3, max: 6 }),
      progress: fc.boolean(),
      nested: fc.option(nested, { freq: 2 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant("bump" as const),
      by: fc.integer({ min: 1, max: 3 }),
      broadcast: fc.boolean(),
      cause,
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("broadcast" as const), cause }) },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant("advance" as const),
      // Whole timeouts and zero make deadlines tie with parks and with each other.
      ms: fc.oneof(fc.constantFrom(0, 1000, 3000), fc.integer({ min: 0, max: 4000 })),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant("later" as const),
      ms: fc.oneof(fc.constant("timeout" as const), fc.integer({ min: 0, max: 4000 })),
      hops: fc.integer({ min: 0, max: 2 }),
      by: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant("herd" as const),
      n: fc.integer({ min: 1, max: 90 }),
      ahead: fc.integer({ min: 1, max: 8 }),
    }),
  },
);
const setup: fc.Arbitrary<WaiterSetup> = fc.record({
  version: fc.constantFrom(...K8S_VERSIONS),
  noRvGuard: fc.boolean(),
  timeoutMs: fc.constantFrom(1000, BLOCK_TIMEOUT_NS / NS_PER_MS, 10_000),
  timerLatencyMs: fc.constantFrom(0, 0.1, 7),
  startRv: fc.integer({ min: 1, max: 5 }),
});

describe("FreshnessWaiters against its naive reference", () => {
  it("resumes, errs and observes exactly as the reference, in the same order", {
    timeout: 30_000,
  }, () => {
    fc.assert(
      fc.property(setup, fc.array(op, { maxLength: 60, size: "max" }), (s, ops) => {
        expect(runWaiters(fast, s, ops)).toEqual(runWaiters(naive, s, ops));
      }),
      { seed: 0x5eed9, numRuns: 300 },
    );
  });

  it("agrees past a thousand parked reads (where its arrays compact)", { timeout: 30_000 }, () => {
    const big: fc.Arbitrary<WaiterOp> = fc.oneof(
      fc.record({
        t: fc.constant("herd" as const),
        n: fc.integer({ min: 200, max: 700 }),
        ahead: fc.integer({ min: 1, max: 30 }),
      }),
      fc.record({
        t: fc.constant("bump" as const),
        by: fc.integer({ min: 1, max: 10 }),
        broadcast: fc.constant(true),
        cause,
      }),
      fc.record({ t: fc.constant("advance" as const), ms: fc.integer({ min: 0, max: 2000 }) }),
    );
    fc.assert(
      fc.property(setup, fc.array(big, { minLength: 4, maxLength: 12 }), (s, ops) => {
        expect(runWaiters(fast, s, ops)).toEqual(runWaiters(naive, s, ops));
      }),
      { seed: 0x5eed9, numRuns: 25 },
    );
  });
});
