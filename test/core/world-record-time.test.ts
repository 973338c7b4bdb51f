import { describe, expect, it } from "vitest";
import { run, value } from "./simulation-helpers.ts";

// 1.37's RecordTime is the etcd watcher's decode time, which a deep intake backlog holds back
// to at most 212 items ahead of the cache (etcd3/event.go parseEvent behind etcd3/watcher.go's
// channels and concurrent decoders): the ring sizes itself as 1.36's does.
const BACKLOG = "writes=200&processRate=100&reads=0&watchers=0&otherWrites=0";

describe("RecordTime under a processing backlog", () => {
  it.each(["1.36", "1.37"])("k8s=%s grows the ring to 12 800 in 200 s, not 25 600", (k8s) => {
    const sim = run(`k8s=${k8s}&${BACKLOG}`, 200);
    expect(value(sim, "watch_cache_capacity")).toBe(12_800);
    expect(value(sim, "watch_cache_capacity_increase_total")).toBe(7);
  });
});
