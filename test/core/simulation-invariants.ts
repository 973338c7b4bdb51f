import { parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation, type Simulation } from "../../src/sim/simulation.ts";
import { NS_PER_S } from "../../src/sim/time.ts";

// Invariants checked while a run advances (test/core/properties.test.ts; a scenario that broke
// one is kept by name in regressions.test.ts).
// Test-only probes wrap methods of one run's objects; the model itself is untouched.

export interface Probes {
  resizes: [number, number][];
  maxWaitS: number;
}

export function probe(sim: Simulation): Probes {
  const probes: Probes = { resizes: [], maxWaitS: 0 };
  const history = sim.world.cache.history;
  const resize = history.doCacheResizeLocked.bind(history);
  history.doCacheResizeLocked = (to: number) => {
    probes.resizes.push([history.capacity, to]);
    resize(to);
  };
  const wait = sim.world.upstream.readWait;
  const observe = wait.observe.bind(wait);
  wait.observe = (seconds: number) => {
    probes.maxWaitS = Math.max(probes.maxWaitS, seconds);
    observe(seconds);
  };
  return probes;
}

/** Advances in steps, checking what must hold at every moment; returns the problems found. */
export function advanceChecking(sim: Simulation, untilS: number, stepS = 0.05): string[] {
  const problems: string[] = [];
  const { cache, kv } = sim.world;
  for (let t = sim.nowNs / NS_PER_S + stepS; t <= untilS + 1e-9; t += stepS) {
    sim.advanceTo(Math.round(t * NS_PER_S));
    if (cache.resourceVersion > kv.revision) {
      problems.push(`t=${t}: cache RV ${cache.resourceVersion} is ahead of etcd ${kv.revision}`);
    }
    const early = cache.waiters().find((w) => w.targetRv <= cache.resourceVersion);
    if (early !== undefined) {
      problems.push(
        `t=${t}: waiter ${early.id} for RV ${early.targetRv} still parked at ${cache.resourceVersion}`,
      );
    }
    if (problems.length > 0) return problems;
  }
  return problems;
}

/** The checks that need the whole run: resizes, waits, and every request ended once. */
export function finalProblems(sim: Simulation, probes: Probes, blockTimeoutS: number): string[] {
  const problems: string[] = [];
  const { lowerBoundCapacity: lower, upperBoundCapacity: upper } = sim.world.cache.history;
  for (const [from, to] of probes.resizes) {
    if (to !== Math.min(2 * from, upper) && to !== Math.max(Math.floor(from / 2), lower)) {
      problems.push(`resize ${from} → ${to}`);
    }
  }
  if (probes.maxWaitS > blockTimeoutS + 1e-9) {
    problems.push(`a read waited ${probes.maxWaitS} s, over ${blockTimeoutS} s`);
  }
  const { outcomes, cache } = sim.world;
  if (outcomes.started !== outcomes.ended || outcomes.inFlight !== 0) {
    problems.push(
      `${outcomes.started} requests started, ${outcomes.ended} ended, ${outcomes.inFlight} in flight`,
    );
  }
  if (cache.waiterCount !== 0) problems.push(`${cache.waiterCount} waiters left after the quiet`);
  problems.push(...storeProblems(sim));
  return problems;
}

/** Once the stream is drained, the cache's store (built event by event) equals etcd's pods. */
function storeProblems(sim: Simulation): string[] {
  const { cache, kv, stream } = sim.world;
  if (stream.backlog > 0 || !sim.world.apiserver.ready()) return ["the stream did not drain"];
  const rv = cache.resourceVersion;
  const page = kv.rangeAt(kv.resourcePrefix, kv.revision, 0);
  if (!page.ok) return [`etcd cannot list at ${kv.revision}`];
  const store = cache.storage.store;
  if (store.size !== page.items.length)
    return [`store holds ${store.size}, etcd ${page.items.length}`];
  const wrong = page.items.find(
    (pod) => store.get(`${kv.resourcePrefix}default/${pod.name}`)?.rv !== pod.rv,
  );
  return wrong === undefined ? [] : [`store has a stale ${wrong.name} at RV ${rv}`];
}

/** Stops every source of new requests, so what is in flight can finish. */
export function quiesce(sim: Simulation): void {
  for (const key of ["reads", "ryw", "writes", "otherWrites", "watchers"] as const) {
    sim.setLive(key, 0);
  }
}

const DURATION_S = 12;
// Long enough for every retry (at most 10, each at most 30 s) to run out after the sources stop.
const QUIET_S = 400;

/** Every invariant over one run of `query`; [] when all hold. */
export function checkScenario(query: string): string[] {
  const { scenario, issues } = parseScenario(query);
  if (issues.length > 0) return issues.map((i) => `${i.key}: ${i.message}`);
  const sim = createSimulation(scenario);
  const probes = probe(sim);
  const during = advanceChecking(sim, DURATION_S);
  if (during.length > 0) return during;
  quiesce(sim);
  const quiet = advanceChecking(sim, DURATION_S + QUIET_S, 1);
  if (quiet.length > 0) return quiet;
  // A timed-out read resumes timerLatency after its deadline and observes both.
  return finalProblems(sim, probes, (scenario.blockTimeout + scenario.timerLatency) / 1000);
}
