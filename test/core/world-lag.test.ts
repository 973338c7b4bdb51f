import { describe, expect, it } from "vitest";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import { NS_PER_S } from "../../src/sim/time.ts";
import { run, value } from "./simulation-helpers.ts";

// watchcachelab_cache_lag_seconds is the time since etcd reached the first revision the cache
// lacks. The run's revision clock forgets times no lag can ask for; an observer that keeps every
// revision's time checks each second's gauge against its own.

function watched(query: string) {
  const { scenario, issues } = parseScenario(query);
  if (issues.length > 0) throw new Error(`scenario issues: ${JSON.stringify(issues)}`);
  const sim = createSimulation(scenario);
  const { clock, kv, cache } = sim.world;
  const reachedNs = new Map<number, number>([[kv.revision, 0]]);
  const record = clock.record.bind(clock);
  clock.record = (atNs, revision) => {
    reachedNs.set(revision, atNs);
    record(atNs, revision);
  };
  const expectedLag = () => {
    const missing = reachedNs.get(cache.resourceVersion + 1);
    if (cache.resourceVersion >= kv.revision || missing === undefined) return 0;
    return (sim.nowNs - missing) / NS_PER_S;
  };
  return { sim, expectedLag };
}

describe("the cache's lag", () => {
  it("stays exact for a cache stuck behind compaction, whose clock keeps a minute of times", () => {
    // The cache takes in 50 events/s of 200 and falls behind the 100 s compaction at 200 s (it
    // then holds etcd's revision of 50 s, compacted to that of 100 s); etcd, one slot for 200
    // paged consistent reads/s, queues each of its relist's two pages behind up to a minute of
    // reads (the relist has no deadline; the reads ahead of it meet theirs), so it stays stuck
    // for over 100 s of the last 130.
    const { sim, expectedLag } = watched(
      "processRate=50&writes=200&otherWrites=200&compaction=100&etcdConcurrency=1&etcdLatency=20&reads=200&mix=consistent:1&limits=consistent:100&watchers=0&objects=20000",
    );
    let stuckS = 0;
    let mostKept = 0;
    for (let t = 1; t <= 330; t++) {
      sim.advanceTo(t * NS_PER_S);
      expect(value(sim, "watchcachelab_cache_lag_seconds")).toBe(expectedLag());
      const { cache, kv, clock } = sim.world;
      if (cache.resourceVersion < kv.compactedRevision) stuckS++;
      if (t > 270) mostKept = Math.max(mostKept, clock.kept);
    }
    expect(stuckS).toBeGreaterThan(100);
    // 400 revisions/s over the 60 s window: not every revision since the cache stopped, nor
    // every one since the compacted revision (100 to 200 s back).
    expect(mostKept).toBeLessThan(400 * 70);
  }, 60_000);

  it("is asked, after a relist, from the revision its pages read at", () => {
    // A restart at 5 s relists from 6 s: a quorum read (50 ms), then 25 000 pods in three pages,
    // each 50 ms of latency plus its objects; at 6.06 s the first page has read.
    const sim = run("objects=25000&restart=5&reads=0&watchers=0&etcdLatency=50", 6.06);
    const { reflector, stream, cache, kv } = sim.world;
    const before = cache.resourceVersion;
    expect(stream.open).toBe(false);
    const pagesRead = reflector.lowestNextRevision();
    sim.advanceTo(6.6 * NS_PER_S);
    expect(stream.open).toBe(true);
    expect(cache.listResourceVersion).toBe(pagesRead);
    expect(pagesRead).toBeGreaterThan(before);
    expect(pagesRead).toBeLessThan(kv.revision);
  });
});
