import { describe, expect, it } from "vitest";
import {
  consistencyCheckerRuns,
  continuationWaitsForItsRv,
  currentRvInDelegator,
  listCostEstimateWaits,
  waitsOnlyWhenBehind,
} from "../../src/sim/apiserver/config.ts";
import { futureRevisionIsTooLarge } from "../../src/sim/etcd/range-jobs.ts";
import { gatesFor } from "../../src/sim/scenario/gates.ts";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { atLeast, type K8sVersion } from "../../src/sim/scenario/k8s-version.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import { NS_PER_S } from "../../src/sim/time.ts";

// Versions are an order: a rule that starts at a minor holds for every later one until another
// rule says otherwise, so a minor the model does not know yet behaves as the newest it knows.
const LATER = "1.38" as K8sVersion;

const RULES: Record<string, (v: K8sVersion) => unknown> = {
  waitsOnlyWhenBehind,
  currentRvInDelegator,
  continuationWaitsForItsRv,
  consistencyCheckerRuns,
  listCostEstimateWaits,
  futureRevisionIsTooLarge,
  gatesFor,
};

function runAs(query: string, version: K8sVersion, seconds: number) {
  const { scenario, issues } = parseScenario(query);
  if (issues.length > 0) throw new Error(JSON.stringify(issues));
  const sim = createSimulation({ ...scenario, k8s: version });
  sim.advanceTo(seconds * NS_PER_S);
  return { prom: sim.prometheusText(), trace: sim.traceHash() };
}

describe("Kubernetes versions as an order", () => {
  it("compares minors by number", () => {
    expect(atLeast("1.37", "1.37")).toBe(true);
    expect(atLeast("1.36", "1.37")).toBe(false);
    expect(atLeast(LATER, "1.37")).toBe(true);
    expect(atLeast("1.34", "1.33")).toBe(true);
  });

  it("gives a later minor every 1.37 rule", () => {
    for (const [name, rule] of Object.entries(RULES)) {
      expect({ name, value: rule(LATER) }).toEqual({ name, value: rule("1.37") });
    }
  });

  it("runs a later minor as 1.37: the same series, labels and trace", () => {
    // Waits behind a lagging stream, fallbacks, exact reads from snapshots and etcd, watchers:
    // the version-dependent paths of the wait, the stream's record time and the metric set.
    const query =
      "lag=3500&mix=rv0:1,consistent:1,notOlderThan:1,exact:1&reads=50&watchers=5&compaction=20";
    const later = runAs(query, LATER, 30);
    const latest = runAs(query, "1.37", 30);
    expect(later.prom).toBe(latest.prom);
    expect(later.trace).toBe(latest.trace);
  });
});
