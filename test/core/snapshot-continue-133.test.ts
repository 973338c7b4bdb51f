import { describe, expect, it } from "vitest";
import { countAtOrBelow, histogram, run, value } from "./simulation-helpers.ts";

// upstream release-1.33 watch_cache.go WaitUntilFreshAndList waits for the request's own RV, which
// a continuation does not carry (its RV is in the token: the wait is for 0), then listExactRV
// takes the newest snapshot at or below the token's RV and answers with the token's RV. So with
// the alpha ListFromCacheSnapshot on, a page whose RV the cache has not reached is answered at
// once from older data than it claims: an upstream bug. 1.34 waits for the token's RV first.

// Page 1 of each list falls back to etcd after 3 s behind a 4 s lag, at etcd's revision R;
// page 2 continues at R, which the cache reaches about a second later.
const LISTS =
  "gates=ListFromCacheSnapshot=true&lag=4000&limits=consistent:500&objects=2000&mix=consistent:1&reads=0.5@0,0@50&watchers=0&arrival=uniform";

describe("1.33's continuation from a snapshot (ListFromCacheSnapshot, alpha)", () => {
  it("is answered at once, without waiting for the cache to reach its RV", () => {
    const sim = run(`k8s=1.33&${LISTS}`, 70);
    const lists = value(sim, "watchcachelab_lists_total", { kind: "consistent", outcome: "ok" });
    expect(lists).toBe(24);
    // Only page 1 of each list waits (1.33 observes every read with RV > 0; the continuations
    // pass RV 0).
    expect(histogram(sim, "apiserver_watch_cache_read_wait_seconds").count).toBe(lists);
    const durations = histogram(sim, "watchcachelab_list_duration_seconds");
    expect(countAtOrBelow(durations, 4)).toBe(lists);
  });

  it("waits for the token's RV from 1.34 on", () => {
    const sim = run(`k8s=1.34&${LISTS}`, 70);
    const durations = histogram(sim, "watchcachelab_list_duration_seconds");
    expect(countAtOrBelow(durations, 4)).toBe(0);
    expect(durations.count).toBe(24);
  });
});
