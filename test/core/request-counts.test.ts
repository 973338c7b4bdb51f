import { describe, expect, it } from "vitest";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import { NS_PER_S } from "../../src/sim/time.ts";

// The Decisions panel's two units are exactly the counters they name, summed.

const sum = (prom: string, family: string, outcome?: string) =>
  prom
    .split("\n")
    .filter(
      (l) =>
        l.startsWith(`${family}{`) && (outcome === undefined || l.includes(`outcome="${outcome}"`)),
    )
    .reduce((total, l) => total + Number(l.slice(l.lastIndexOf(" ") + 1)), 0);

describe("the snapshot's request counts", () => {
  it("are watchcachelab_lists_total by outcome and watchcachelab_reads_total, during a herd", () => {
    const { scenario } = parseScenario("stall=5-25&herd=2000@10&retry=immediate");
    const sim = createSimulation(scenario);
    sim.advanceTo(14 * NS_PER_S);
    const prom = sim.prometheusText();
    const { requests } = sim.snapshot({
      ringSegments: 8,
      maxWaiters: 0,
      maxOutcomes: 0,
      seriesPoints: 2,
    });
    expect(requests.attempts).toBe(sum(prom, "watchcachelab_reads_total"));
    expect(requests.attempts).toBeGreaterThan(0);
    for (const [outcome, n] of Object.entries(requests.listsByOutcome)) {
      expect(n).toBe(sum(prom, "watchcachelab_lists_total", outcome));
    }
    expect(Object.values(requests.listsByOutcome).reduce((a, b) => a + b, 0)).toBe(
      sum(prom, "watchcachelab_lists_total"),
    );
  });
});

/** One sample's value: the line that starts with `series` exactly (labels in Go's order). */
const sample = (prom: string, series: string) => {
  const line = prom.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(" ") + 1));
};

describe("the snapshot's totals since the start", () => {
  // A 4 s lag with the skip gate on: consistent reads are answered 429 and retried until their
  // budget runs out, the notOlderThan ones 504.
  const { scenario } = parseScenario(
    "lag=4000&herd=500@2&gates=ConsistentListFromCacheSkipTimeoutFallback=true",
  );
  const sim = createSimulation(scenario);
  sim.advanceTo(70 * NS_PER_S);
  const prom = sim.prometheusText();
  const snapshot = sim.snapshot({
    ringSegments: 8,
    maxWaiters: 0,
    maxOutcomes: 0,
    seriesPoints: 2,
  });

  it("are watchcachelab_lists_total and _list_duration_seconds by read kind", () => {
    const { listsByKind, listDuration } = snapshot.requests;
    expect(listsByKind.consistent?.["429"]).toBeGreaterThan(0);
    for (const [kind, byOutcome] of Object.entries(listsByKind)) {
      for (const [outcome, n] of Object.entries(byOutcome)) {
        expect(n).toBe(
          sample(prom, `watchcachelab_lists_total{kind="${kind}",outcome="${outcome}"}`),
        );
      }
    }
    for (const [kind, histogram] of Object.entries(listDuration)) {
      const family = "watchcachelab_list_duration_seconds";
      expect(histogram.count).toBe(sample(prom, `${family}_count{kind="${kind}"}`));
      expect(histogram.cumulative[12]).toBe(
        sample(prom, `${family}_bucket{kind="${kind}",le="3"}`),
      );
    }
  });

  it("count a retry for every error answered with Retry-After that did not end its LIST", () => {
    const errors = prom
      .split("\n")
      .filter((l) => l.startsWith("watchcachelab_reads_total{") && !l.includes('code="200"'))
      .reduce((total, l) => total + Number(l.slice(l.lastIndexOf(" ") + 1)), 0);
    const failed =
      sum(prom, "watchcachelab_lists_total") - sum(prom, "watchcachelab_lists_total", "ok");
    // No limits: no page and no 410 on a later page, so every other error was retried.
    expect(snapshot.requests.retries).toBe(errors - failed);
    expect(snapshot.requests.retries).toBeGreaterThan(0);
  });

  it("give etcd's requests, busy slot-seconds and bytes by reason, as the counters do", () => {
    for (const [reason, cost] of Object.entries(snapshot.etcd.total.byReason)) {
      expect(cost.requests).toBe(
        sample(prom, `watchcachelab_etcd_requests_total{reason="${reason}"}`),
      );
      if (reason === "progress") continue; // a progress request takes no slot
      expect(cost.busySeconds).toBeCloseTo(
        sample(prom, `watchcachelab_etcd_busy_seconds_total{reason="${reason}"}`),
        9,
      );
      expect(cost.bytes).toBe(sample(prom, `watchcachelab_etcd_bytes_total{reason="${reason}"}`));
    }
    expect(snapshot.etcd.total.byReason.current_rv.requests).toBeGreaterThan(0);
    expect(snapshot.etcd.total.windowSeconds).toBe(70);
  });
});
