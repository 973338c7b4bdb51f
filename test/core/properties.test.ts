import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeScenario, parseScenario, SCHEDULE_KEYS } from "../../src/sim/scenario/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import { checkScenario } from "./simulation-invariants.ts";

// Small random scenarios, run for a few simulated seconds each, with fixed seeds: a failing seed
// becomes a named test in regressions.test.ts.

const scenarioText = fc
  .record({
    seed: fc.integer({ min: 0, max: 1000 }),
    k8s: fc.constantFrom("1.33", "1.36", "1.37"),
    skip: fc.boolean(),
    writes: fc.integer({ min: 0, max: 300 }),
    otherWrites: fc.integer({ min: 0, max: 100 }),
    objects: fc.integer({ min: 0, max: 1500 }),
    reads: fc.integer({ min: 0, max: 300 }),
    mix: fc.tuple(fc.nat(4), fc.nat(4), fc.nat(4), fc.nat(4)).filter((w) => w.some((x) => x > 0)),
    ryw: fc.integer({ min: 0, max: 3 }),
    pinned: fc.boolean(),
    watchers: fc.integer({ min: 0, max: 8 }),
    lag: fc.integer({ min: 0, max: 5000 }),
    jitter: fc.integer({ min: 0, max: 300 }),
    processRate: fc.integer({ min: 20, max: 5000 }),
    etcdConcurrency: fc.integer({ min: 1, max: 8 }),
    etcdLatency: fc.integer({ min: 0, max: 30 }),
    blockTimeout: fc.integer({ min: 100, max: 3000 }),
    compaction: fc.constantFrom(0, 4, 300),
    retry: fc.constantFrom("obey", "none", "immediate"),
    arrival: fc.constantFrom("poisson", "uniform"),
    herd: fc.option(fc.tuple(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 0, max: 10 }))),
    restart: fc.option(fc.integer({ min: 1, max: 10 })),
    compact: fc.option(fc.integer({ min: 1, max: 10 })),
    stall: fc.option(fc.tuple(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 4 }))),
    away: fc.option(fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 8 }))),
  })
  .map((s) => {
    const [rv0, consistent, notOlderThan, exact] = s.mix;
    const parts = [
      `seed=${s.seed}`,
      `k8s=${s.k8s}`,
      `writes=${s.writes}`,
      `otherWrites=${s.otherWrites}`,
      `objects=${s.objects}`,
      `reads=${s.reads}`,
      `mix=rv0:${rv0},consistent:${consistent},notOlderThan:${notOlderThan},exact:${exact}`,
      `ryw=${s.ryw}`,
      `rywRead=${s.pinned ? "pinned" : "consistent"}`,
      `watchers=${s.watchers}`,
      `lag=${s.lag}`,
      `jitter=${s.jitter}`,
      `processRate=${s.processRate}`,
      `etcdConcurrency=${s.etcdConcurrency}`,
      `etcdLatency=${s.etcdLatency}`,
      `blockTimeout=${s.blockTimeout}`,
      `compaction=${s.compaction}`,
      `retry=${s.retry}`,
      `arrival=${s.arrival}`,
    ];
    if (s.skip && s.k8s === "1.37")
      parts.push("gates=ConsistentListFromCacheSkipTimeoutFallback=true");
    if (s.herd !== null) parts.push(`herd=${s.herd[0]}@${s.herd[1]}`);
    if (s.restart !== null) parts.push(`restart=${s.restart}`);
    if (s.compact !== null) parts.push(`compact=${s.compact}`);
    if (s.stall !== null) parts.push(`stall=${s.stall[0]}-${s.stall[0] + s.stall[1]}`);
    if (s.away !== null) parts.push(`away=${s.away[0]}@${s.away[1]}:3`);
    return parts.join("&");
  });

// Harsh corners: tiny request timeouts and slots, compaction every few seconds, slow intake,
// long walls, relists of several pages.
const adversarial = fc
  .record({
    seed: fc.integer({ min: 0, max: 1000 }),
    k8s: fc.constantFrom("1.33", "1.34", "1.36", "1.37"),
    writes: fc.integer({ min: 0, max: 2000 }),
    objects: fc.integer({ min: 0, max: 25000 }),
    reads: fc.integer({ min: 0, max: 500 }),
    mix: fc.constantFrom(
      "rv0:1,consistent:1,notOlderThan:1,exact:1",
      "exact:1",
      "consistent:1",
      "notOlderThan:1,exact:3",
    ),
    lag: fc.integer({ min: 0, max: 8000 }),
    processRate: fc.integer({ min: 1, max: 300 }),
    etcdConcurrency: fc.integer({ min: 1, max: 2 }),
    etcdLatency: fc.integer({ min: 0, max: 200 }),
    requestTimeout: fc.integer({ min: 1, max: 5 }),
    blockTimeout: fc.integer({ min: 1, max: 10000 }),
    compaction: fc.constantFrom(1, 2, 3),
    retry: fc.constantFrom("obey", "none", "immediate"),
    watchers: fc.integer({ min: 0, max: 10 }),
    watchTimeout: fc.integer({ min: 1, max: 5 }),
    restart: fc.integer({ min: 1, max: 11 }),
    stall: fc.tuple(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 6 })),
    herd: fc.integer({ min: 1, max: 400 }),
    ryw: fc.integer({ min: 0, max: 5 }),
    whatif: fc.constantFrom("", "&whatif=noRvGuard", "&whatif=noHysteresis"),
    gates: fc.constantFrom("", "&gates=ListFromCacheSnapshot=false"),
  })
  .map(
    (s) =>
      `seed=${s.seed}&k8s=${s.k8s}&writes=${s.writes}&objects=${s.objects}&reads=${s.reads}&mix=${s.mix}&lag=${s.lag}&processRate=${s.processRate}&etcdConcurrency=${s.etcdConcurrency}&etcdLatency=${s.etcdLatency}&requestTimeout=${s.requestTimeout}&blockTimeout=${s.blockTimeout}&compaction=${s.compaction}&retry=${s.retry}&watchers=${s.watchers}&watchTimeout=${s.watchTimeout}&restart=${s.restart}&stall=${s.stall[0]}-${s.stall[0] + s.stall[1]}&herd=${s.herd}@2&ryw=${s.ryw}${s.whatif}${s.k8s === "1.33" ? "" : s.gates}`,
  );

describe("random small scenarios", () => {
  it("keep every invariant of the model", { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(scenarioText, (query) => {
        expect(checkScenario(query), query).toEqual([]);
      }),
      { seed: 20261129, numRuns: 25 },
    );
  });

  it("keep every invariant in harsh corners too", { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(adversarial, (query) => {
        expect(checkScenario(query), query).toEqual([]);
      }),
      { seed: 424242, numRuns: 12 },
    );
  });

  it("run the same twice (one trace hash)", { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(scenarioText, (query) => {
        const { scenario } = parseScenario(query);
        const a = createSimulation(scenario);
        const b = createSimulation(scenario);
        a.advanceTo(5e9);
        b.advanceTo(2e9);
        b.advanceTo(5e9);
        expect(b.traceHash(), query).toBe(a.traceHash());
      }),
      { seed: 7, numRuns: 10 },
    );
  });
});

const liveAction = fc.oneof(
  fc.record({
    kind: fc.constant("set" as const),
    key: fc.constantFrom(...SCHEDULE_KEYS),
    value: fc.integer({ min: 1, max: 400 }),
  }),
  fc.record({ kind: fc.constant("stall" as const), seconds: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant("herd" as const), clients: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant("restart" as const) }),
  fc.record({ kind: fc.constant("compact" as const) }),
  fc.record({ kind: fc.constant("away" as const), watchers: fc.integer({ min: 1, max: 4 }) }),
);

describe("live changes", () => {
  it("replay bit for bit from the scenario they record", { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(
        scenarioText,
        fc.array(fc.tuple(fc.integer({ min: 1, max: 8000 }), liveAction), { maxLength: 6 }),
        (query, actions) => {
          const live = createSimulation(parseScenario(query).scenario);
          for (const [atMs, action] of [...actions].sort((a, b) => a[0] - b[0])) {
            live.advanceTo(atMs * 1e6 + (atMs % 3) * 333_333);
            if (action.kind === "set") live.setLive(action.key, action.value);
            else if (action.kind === "stall")
              live.inject({ kind: "stall", durationS: action.seconds });
            else if (action.kind === "herd") live.inject({ kind: "herd", clients: action.clients });
            else if (action.kind === "away") {
              live.inject({ kind: "away", watchers: action.watchers, durationS: 2 });
            } else live.inject({ kind: action.kind });
          }
          live.advanceTo(10e9);
          const recorded = parseScenario(encodeScenario(live.scenario));
          expect(recorded.issues).toEqual([]);
          const replay = createSimulation(recorded.scenario);
          replay.advanceTo(10e9);
          expect(replay.traceHash(), query).toBe(live.traceHash());
          expect(replay.prometheusText()).toBe(live.prometheusText());
        },
      ),
      { seed: 11, numRuns: 20 },
    );
  });
});
