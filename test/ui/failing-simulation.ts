import type { SimulationApi } from "../../src/sim/simulation-api.ts";
import { NS_PER_S } from "../../src/sim/time.ts";

/** `sim`, except that advancing past `afterS` throws, as a broken invariant inside it would. */
export function failingAfter(sim: SimulationApi, afterS: number): SimulationApi {
  return {
    get nowNs() {
      return sim.nowNs;
    },
    get scenario() {
      return sim.scenario;
    },
    advanceTo(tNs) {
      if (tNs > afterS * NS_PER_S) throw new Error("invariant broken on purpose");
      sim.advanceTo(tNs);
    },
    setLive: (key, value) => sim.setLive(key, value),
    inject: (fault) => sim.inject(fault),
    snapshot: (view) => sim.snapshot(view),
    prometheusText: () => sim.prometheusText(),
    traceHash: () => sim.traceHash(),
  };
}
