import { describe, expect, it } from "vitest";
import { EtcdKv } from "../../src/sim/etcd/kv.ts";
import { RandomStream } from "../../src/sim/rng.ts";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { Scheduler } from "../../src/sim/scheduler.ts";
import { ms, seconds } from "../../src/sim/time.ts";
import { podSpec } from "../../src/sim/world/pods.ts";
import { WatchStream } from "../../src/sim/world/watch-stream.ts";

type Item = { atNs: number; rv: number; recordNs: number | null };

function stream(query: string) {
  const scenario = parseScenario(query).scenario;
  const scheduler = new Scheduler();
  const kv = new EtcdKv(1, "/pods/");
  kv.create(podSpec(0));
  const items: Item[] = [];
  const watch = new WatchStream(scheduler, kv, new RandomStream(1, "jitter"), () => scenario, {
    onEvent: (event, recordNs) =>
      items.push({ atNs: scheduler.nowNs, rv: event.revision, recordNs }),
    onBookmark: (rv) => items.push({ atNs: scheduler.nowNs, rv, recordNs: null }),
  });
  watch.openAfter(kv.revision);
  const write = (atNs: number) =>
    scheduler.at(atNs, 0, 0, () => {
      kv.update(podSpec(0));
      watch.onCommit();
    });
  return { scheduler, kv, watch, items, write };
}

describe("WatchStream", () => {
  it("delivers each event lag after its commit, in order", () => {
    const s = stream("lag=300&jitter=0");
    s.write(ms(100));
    s.write(ms(150));
    s.scheduler.runUntil(seconds(1));
    expect(s.items).toEqual([
      { atNs: ms(400), rv: 3, recordNs: ms(400) },
      { atNs: ms(450), rv: 4, recordNs: ms(450) },
    ]);
  });

  it("takes items in at processRate; 1.37 records the decode (here the arrival), ≤1.36 the intake", () => {
    for (const [k8s, recordAtArrival] of [
      ["1.37", true],
      ["1.36", false],
    ] as const) {
      const s = stream(`k8s=${k8s}&lag=0&jitter=0&processRate=10`);
      for (let i = 0; i < 3; i++) s.write(ms(10));
      s.scheduler.runUntil(seconds(1));
      expect(s.items.map((i) => i.atNs)).toEqual([ms(10), ms(110), ms(210)]);
      const expected = recordAtArrival ? [ms(10), ms(10), ms(10)] : [ms(10), ms(110), ms(210)];
      expect(s.items.map((i) => i.recordNs)).toEqual(expected);
    }
  });

  it("1.37 decodes an item only once the cache took the item 212 places ahead", () => {
    // upstream v0.37.2 etcd3/watcher.go with ConcurrentWatchObjectDecode (Beta, on from 1.37):
    // the loop's item just parsed, incomingBufSize (100), the scheduler's item in hand, 9 queued
    // results (processEventConcurrency − 1), the collector's item in hand, outgoingBufSize (100).
    const s = stream("k8s=1.37&lag=0&jitter=0&processRate=10");
    for (let i = 0; i < 260; i++) s.write(ms(10));
    s.scheduler.runUntil(seconds(30));
    const intakeNs = (i: number) => ms(10) + i * ms(100);
    expect(s.items.map((i) => i.atNs)).toEqual(s.items.map((_, i) => intakeNs(i)));
    // The first 212 wait decoded in the pipeline; the rest wait undecoded in etcd's stream.
    expect(s.items[211]?.recordNs).toBe(ms(10));
    expect(s.items[212]?.recordNs).toBe(intakeNs(0));
    expect(s.items[259]?.recordNs).toBe(intakeNs(47));
  });

  it("holds items due inside a stall window until it ends", () => {
    const s = stream("lag=600&jitter=0&stall=1-2");
    s.write(ms(300));
    s.write(ms(500));
    s.write(ms(1500));
    s.scheduler.runUntil(seconds(3));
    expect(s.items.map((i) => i.atNs)).toEqual([ms(900), seconds(2), seconds(2) + ms(100)]);
  });

  it("sends a progress bookmark behind every event already in the stream", () => {
    const s = stream("lag=100&jitter=0");
    s.write(ms(10));
    s.scheduler.at(ms(20), 0, 0, () => s.watch.sendBookmark(s.kv.revision));
    s.scheduler.runUntil(seconds(1));
    expect(s.items).toEqual([
      { atNs: ms(110), rv: 3, recordNs: ms(110) },
      { atNs: ms(120), rv: 3, recordNs: null },
    ]);
  });

  it("answers a progress request only on the watch that was open when it was sent", () => {
    // upstream: etcd's client sends RequestProgress on the watch's gRPC stream; a request sent
    // while the cacher relists (no watch open) reaches no watcher, even if a new watch opened
    // before etcd answered it (the oracle's random-427 against v0.37.2).
    const s = stream("lag=100&jitter=0");
    s.watch.close();
    s.scheduler.at(ms(30), 0, 0, () => s.watch.openAfter(s.kv.revision));
    s.scheduler.at(ms(50), 0, 0, () => s.watch.sendBookmark(s.kv.revision, ms(20)));
    s.scheduler.at(ms(60), 0, 0, () => s.watch.sendBookmark(s.kv.revision, ms(40)));
    s.scheduler.runUntil(seconds(1));
    expect(s.items).toEqual([{ atNs: ms(160), rv: 2, recordNs: null }]);
  });

  it("adds exponential jitter without reordering", () => {
    const s = stream("lag=50&jitter=20");
    for (let i = 1; i <= 200; i++) s.write(ms(i));
    s.scheduler.runUntil(seconds(5));
    const times = s.items.map((i) => i.atNs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(s.items.map((i) => i.rv)).toEqual(s.items.map((_, i) => i + 3));
    const meanDelayMs = s.items.reduce((sum, it, i) => sum + it.atNs - ms(i + 1), 0) / 200 / 1e6;
    expect(meanDelayMs).toBeGreaterThan(60);
  });

  it("keeps a cursor into etcd's log: a closed watch reopens after an RV", () => {
    const s = stream("lag=0&jitter=0");
    s.watch.close();
    s.write(ms(1));
    s.write(ms(2));
    s.scheduler.runUntil(ms(3));
    expect(s.items).toEqual([]);
    expect(s.watch.openAfter(3)).toBe(true);
    s.scheduler.runUntil(ms(10));
    expect(s.items.map((i) => i.rv)).toEqual([4]);
  });
});
