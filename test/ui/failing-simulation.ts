import type { Simulation } from "../../src/sim/simulation.ts";
import { NS_PER_S } from "../../src/sim/time.ts";

/** `sim`, except that advancing past `afterS` throws, as a broken invariant inside it would. */
export function failingAfter(sim: Simulation, afterS: number): Simulation {
  return {
    get nowNs() {
      return sim.nowNs;
    },
    get scenario() {
      return sim.scenario;
    },
    get world() {
      return sim.world;
    },
    get markCount() {
      return sim.markCount;
    },
    advanceTo(tNs) {
      if (tNs > afterS * NS_PER_S) throw new Error("invariant broken on purpose");
      sim.advanceTo(tNs);
    },
    setLive: (key, value) => sim.setLive(key, value),
    inject: (fault) => sim.inject(fault),
    adopt: (scenario) => sim.adopt(scenario),
    snapshot: (view) => sim.snapshot(view),
    metrics: () => sim.metrics(),
    marksSince: (seq) => sim.marksSince(seq),
    prometheusText: () => sim.prometheusText(),
    traceHash: () => sim.traceHash(),
  };
}
