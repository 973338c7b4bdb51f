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
