import { describe, expect, it } from "vitest";
import { countAtOrBelow, histogram, reads, run, value } from "./simulation-helpers.ts";

// upstream: server/filters/timeout.go WithTimeoutForNonLongRunningRequests: a non-watch request's
// context ends `requestTimeout` after the apiserver received it, and the client gets 504 then.
// That one deadline covers the current-RV read, the wait and any fallback or delegated LIST.

const CANARY =
  "objects=100000&etcdConcurrency=1&lag=4000&mix=consistent:1&reads=2&watchers=0&retry=none";

// One run of the canary for both checks: 240 simulated seconds of 100 000-object LISTs take tens of
// seconds on a loaded two-core machine.
describe("the request deadline (issue 32's second canary)", { timeout: 180_000 }, () => {
  let canary: ReturnType<typeof run> | null = null;
  const ran = () => {
    canary ??= run(CANARY, 240);
    return canary;
  };

  it("ends every consistent LIST within requestTimeout of its arrival, however long etcd's queue", () => {
    const sim = ran();
    const durations = histogram(sim, "watchcachelab_list_duration_seconds");
    expect(durations.count).toBeGreaterThan(300);
    // One request per list (no pages, no retries): its duration is the request's.
    expect(countAtOrBelow(durations, 60)).toBe(durations.count);
    const ok = value(sim, "watchcachelab_lists_total", { kind: "consistent", outcome: "ok" });
    const timedOut = value(sim, "watchcachelab_lists_total", {
      kind: "consistent",
      outcome: "504",
    });
    expect(ok + timedOut).toBe(durations.count);
    expect(timedOut).toBeGreaterThan(ok);
    expect(reads(sim, { kind: "consistent", served_by: "none", code: "504" })).toBe(timedOut);
  });

  it("counts the delegator's consistent reads that outlived their request as failed", () => {
    const sim = ran();
    const failed = value(sim, "apiserver_watch_cache_consistent_read_total", { success: "false" });
    const ok = value(sim, "watchcachelab_lists_total", { kind: "consistent", outcome: "ok" });
    // Each list the delegator finished before the end: served, or failed by the deadline.
    expect(value(sim, "apiserver_watch_cache_consistent_read_total", { success: "true" })).toBe(ok);
    expect(failed).toBeGreaterThan(ok);
  });
});
