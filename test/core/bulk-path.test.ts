import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runGolden } from "../golden/golden-runs.ts";

// The bulk path (world/read-request.ts ServedAtOnce: RV=0 reads on a ready cache counted without
// running them, docs/fidelity.md) against the per-request path, on random scenarios small enough
// to run both ways: the same Prometheus text, the same attempts (the golden runs' digest: id, end
// time, kind, outcome and code of every attempt, per simulated second) and the same trace hash.

const GATES: Record<string, readonly string[]> = {
  "1.33": ["", "ConsistentListFromCache=false", "ListFromCacheSnapshot=true"],
  "1.34": ["", "ListFromCacheSnapshot=false"],
  "1.35": ["", "ListFromCacheSnapshot=false"],
  "1.36": ["", "ListFromCacheSnapshot=false"],
  "1.37": ["", "ListFromCacheSnapshot=false", "ConsistentListFromCacheSkipTimeoutFallback=true"],
};

const limit = fc.constantFrom(0, 7, 100, 500);

const scenarioText = fc
  .record({
    seed: fc.integer({ min: 0, max: 1000 }),
    v: fc.constantFrom(1, 2, 2, 2),
    k8s: fc.constantFrom("1.33", "1.34", "1.35", "1.36", "1.37"),
    gate: fc.nat(2),
    writes: fc.integer({ min: 0, max: 400 }),
    otherWrites: fc.integer({ min: 0, max: 100 }),
    objects: fc.integer({ min: 0, max: 800 }),
    objectBytes: fc.constantFrom(100, 2048, 50000),
    reads: fc.integer({ min: 1, max: 400 }),
    // RV=0 always in the mix, so the shortcut has reads to count.
    mix: fc.tuple(fc.integer({ min: 1, max: 4 }), fc.nat(3), fc.nat(3), fc.nat(3)),
    limits: fc.tuple(limit, limit, limit, limit),
    lag: fc.integer({ min: 0, max: 4000 }),
    etcdConcurrency: fc.integer({ min: 1, max: 8 }),
    etcdLatency: fc.integer({ min: 0, max: 40 }),
    // The cacher's walk: none (answered at once), the fitted 1.58 µs, and slow (up to 40 ms).
    cacheCost: fc.constantFrom(0, 1.58, 50),
    blockTimeout: fc.integer({ min: 100, max: 3000 }),
    timerLatency: fc.constantFrom(0, 20),
    retry: fc.constantFrom("obey", "none", "immediate"),
    watchers: fc.integer({ min: 0, max: 6 }),
    ryw: fc.integer({ min: 0, max: 3 }),
    whatif: fc.constantFrom("", "", "", "noRvGuard"),
    herd: fc.option(fc.tuple(fc.integer({ min: 1, max: 150 }), fc.integer({ min: 0, max: 5 }))),
    restart: fc.option(fc.integer({ min: 1, max: 5 })),
    compact: fc.option(fc.integer({ min: 1, max: 5 })),
    stall: fc.option(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 3 }))),
  })
  .map((s) => {
    const [rv0, consistent, notOlderThan, exact] = s.mix;
    const [l0, l1, l2, l3] = s.limits;
    const gates = GATES[s.k8s] ?? [""];
    const gate = gates[s.gate % gates.length] ?? "";
    const parts = [
      `v=${s.v}`,
      `seed=${s.seed}`,
      `k8s=${s.k8s}`,
      `writes=${s.writes}`,
      `otherWrites=${s.otherWrites}`,
      `objects=${s.objects}`,
      `objectBytes=${s.objectBytes}`,
      `reads=${s.reads}`,
      `mix=rv0:${rv0},consistent:${consistent},notOlderThan:${notOlderThan},exact:${exact}`,
      `limits=rv0:${l0},consistent:${l1},notOlderThan:${l2},exact:${l3}`,
      `lag=${s.lag}`,
      `etcdConcurrency=${s.etcdConcurrency}`,
      `etcdLatency=${s.etcdLatency}`,
      `blockTimeout=${s.blockTimeout}`,
      `timerLatency=${s.timerLatency}`,
      `retry=${s.retry}`,
      `watchers=${s.watchers}`,
      `ryw=${s.ryw}`,
      `cacheCost=${s.cacheCost}`,
    ];
    if (gate !== "") parts.push(`gates=${gate}`);
    if (s.whatif !== "") parts.push(`whatif=${s.whatif}`);
    if (s.herd !== null) parts.push(`herd=${s.herd[0]}@${s.herd[1]}`);
    if (s.restart !== null) parts.push(`restart=${s.restart}`);
    if (s.compact !== null) parts.push(`compact=${s.compact}`);
    if (s.stall !== null) parts.push(`stall=${s.stall[0]}-${s.stall[0] + s.stall[1]}`);
    return parts.join("&");
  });

const SECONDS = 5;

describe("the bulk path for reads that cannot wait", () => {
  it("gives the metrics, attempts and trace of running every read", { timeout: 60_000 }, () => {
    let counted = 0;
    fc.assert(
      fc.property(scenarioText, (query) => {
        const golden = { stem: "bulk-path", query, seconds: SECONDS };
        const bulk = runGolden(golden, { countRv0AtOnce: true });
        const perRequest = runGolden(golden, { countRv0AtOnce: false });
        expect(bulk.prom, query).toBe(perRequest.prom);
        expect(bulk.summary, query).toEqual(perRequest.summary);
        counted += bulk.summary.windows.reduce((n, w) => n + (w.outcomes.cache ?? 0), 0);
      }),
      { seed: 20261201, numRuns: 16 },
    );
    // The scenarios exercised the shortcut: reads were answered from the cache at once.
    expect(counted).toBeGreaterThan(1000);
  });
});
