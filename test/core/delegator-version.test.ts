import { describe, expect, it } from "vitest";
import { reads, run, value } from "./simulation-helpers.ts";

// upstream: release-1.33 delegator.go GetList fetched etcd's current RV for a consistent LIST
// before calling the cacher and returned its failure before counting consistent_read_total;
// 1.34+ fetch it in watch_cache.go waitAndListConsistent, so a failure is counted success=false.
const OVERLOADED =
  "mix=consistent:1&reads=50&etcdConcurrency=1&etcdLatency=300&requestTimeout=1&watchers=0&ryw=0&otherWrites=0";

describe("a consistent LIST whose current-RV read fails", () => {
  it("is not counted in consistent_read_total in 1.33", () => {
    const sim = run(`k8s=1.33&${OVERLOADED}`, 20);
    expect(reads(sim, { kind: "consistent", code: "504" })).toBeGreaterThan(100);
    expect(
      value(sim, "apiserver_watch_cache_consistent_read_total", {
        success: "false",
        fallback: "false",
      }),
    ).toBe(0);
  });

  it("is counted success=false, fallback=false in 1.37", () => {
    const sim = run(`k8s=1.37&${OVERLOADED}`, 20);
    expect(reads(sim, { kind: "consistent", code: "504" })).toBeGreaterThan(100);
    // upstream: server/filters/timeout.go, NewTimeoutError("request did not complete within
    // the allotted timeout", 0)
    const timedOut = sim.world.outcomes.latest(50).filter((o) => o.code === 504);
    expect(new Set(timedOut.map((o) => o.message))).toEqual(
      new Set(["Timeout: request did not complete within the allotted timeout"]),
    );
    expect(
      value(sim, "apiserver_watch_cache_consistent_read_total", {
        success: "false",
        fallback: "false",
      }),
    ).toBeGreaterThan(100);
  });
});

describe("consistent LISTs in flight when the cache restarts", () => {
  // They asked etcd for the current RV just before the restart. 1.33 checks readiness after
  // that read (in cacher.GetList), so they get 429; 1.37 checked it before, and serves them.
  const RESTART =
    "objects=25000&restart=5&etcdLatency=200&mix=consistent:1&reads=100&watchers=0&ryw=0&otherWrites=0&retry=none" +
    // With a limit, the LISTs sent while the cache is Pending go to etcd instead of a 429.
    "&limits=consistent:500";

  it.each([
    ["1.33", true],
    ["1.37", false],
  ] as const)("k8s=%s answers them 429: %s", (k8s, refused) => {
    const sim = run(`k8s=${k8s}&${RESTART}`, 5.5);
    expect(sim.world.apiserver.ready()).toBe(false);
    const tooMany = reads(sim, { kind: "consistent", code: "429" });
    if (refused) expect(tooMany).toBeGreaterThan(5);
    else expect(tooMany).toBe(0);
  });
});
