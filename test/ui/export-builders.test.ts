import { describe, expect, it } from "vitest";
import type { SimSnapshot } from "../../src/sim/snapshot.ts";
import { createRequestLog, requestHistoryJson } from "../../src/ui/export/requestLog.ts";
import { seriesCsv } from "../../src/ui/export/seriesCsv.ts";
import { run } from "../core/simulation-helpers.ts";
import { recordedSnapshot } from "./fixtures/snapshot.ts";

const S = 1_000_000_000;

/** The requests a frame lists, once each, in the order they first ended. */
const uniqueIds = (snapshot: SimSnapshot) => [
  ...new Set(snapshot.recentOutcomes.map((outcome) => outcome.id)),
];

describe("seriesCsv", () => {
  it("writes a header row and one row per point, time in plain seconds", () => {
    const lines = seriesCsv(recordedSnapshot().series).trimEnd().split("\n");
    expect(lines[0]).toBe(
      "time_s,etcd_revision,cache_rv,lag_s,capacity,waiters,etcd_queue,etcd_busy_seconds,read_waits,read_waits_over_wall",
    );
    expect(lines).toHaveLength(241);
    expect(lines[1]).toBe("0,1006,1001,0,100,0,0,0,0,0");
    expect(lines[2]).toBe("0.3,1017,1001,0.3,100,16,0,0.0201078,0,0");
    expect(lines.at(-1)).toBe("95,5744,5566,3.150464349,1600,2072,24,26.83120184,3066,2177");
  });

  it("is only the header for a run without points", () => {
    const empty = new Float64Array(0);
    const series = {
      tNs: empty,
      etcdRevision: empty,
      cacheRv: empty,
      lagSeconds: empty,
      capacity: empty,
      waiters: empty,
      etcdQueue: empty,
      etcdBusySeconds: empty,
      readWaits: empty,
      readWaitsOverWall: empty,
    };
    expect(seriesCsv(series)).toBe(
      "time_s,etcd_revision,cache_rv,lag_s,capacity,waiters,etcd_queue,etcd_busy_seconds,read_waits,read_waits_over_wall\n",
    );
  });

  it("carries the waits over the wall of a real run: lag=4000 times most of them out into +Inf", () => {
    const view = { ringSegments: 8, seriesPoints: 600, maxOutcomes: 10, maxWaiters: 10 };
    const snapshot = run("lag=4000", 60).snapshot(view);
    const last = seriesCsv(snapshot.series).trimEnd().split("\n").at(-1)?.split(",") ?? [];
    const [waits, overWall] = last.slice(-2).map(Number) as [number, number];
    const { cumulative, bounds } = snapshot.readWait;
    const atOrBelow3 = cumulative[bounds.indexOf(3)] as number;
    expect(waits).toBeGreaterThan(1000);
    // The last sample trails the run's end by less than a step: compare with the sampled count.
    expect(overWall).toBeGreaterThan(waits * 0.8);
    expect(overWall).toBeLessThanOrEqual(snapshot.readWait.count - atOrBelow3);
    expect(snapshot.wall.readWaitBucket).toBe(bounds.length);
  });
});

describe("createRequestLog", () => {
  it("keeps each request once across frames that list it again", () => {
    const log = createRequestLog();
    const snapshot = recordedSnapshot();
    log.add(snapshot);
    log.add({ ...snapshot, nowNs: snapshot.nowNs + S });
    // 40 answers: three exact reads answered in two pages, each page at its own instant (the
    // cache walks a page before it answers), so each answer is a record; the second frame adds none.
    const ids = snapshot.recentOutcomes.map((outcome) => outcome.id);
    expect(ids).toHaveLength(40);
    expect(uniqueIds(snapshot)).toHaveLength(37);
    expect(log.records().map((record) => record.id)).toEqual(ids);
    expect(log.records().find((record) => record.outcome === "504")).toEqual({
      id: 9357,
      kind: "notOlderThan",
      outcome: "504",
      code: 504,
      endedAtS: 94.885285395,
      waitedS: 3.0001,
      message: "Timeout: Too large resource version: 5568, current: 5566",
    });
  });

  it("drops the oldest past its bound", () => {
    const log = createRequestLog(2);
    const snapshot = recordedSnapshot();
    log.add(snapshot);
    expect(log.records().map((record) => record.id)).toEqual(uniqueIds(snapshot).slice(-2));
  });

  it("starts over when the clock goes back (a new run)", () => {
    const log = createRequestLog();
    const snapshot = recordedSnapshot();
    log.add(snapshot);
    log.add({ ...snapshot, nowNs: 0, recentOutcomes: [] });
    expect(log.records()).toEqual([]);
  });
});

describe("requestHistoryJson", () => {
  it("is JSON with the scenario, the moment and the requests", () => {
    const log = createRequestLog();
    log.add(recordedSnapshot());
    const parsed = JSON.parse(requestHistoryJson("lag=800", 95 * S, log));
    expect(parsed).toMatchObject({ scenario: "lag=800", atS: 95 });
    expect(parsed.requests).toHaveLength(40);
    expect(parsed.requests[1]).toMatchObject({ id: 11629, outcome: "cache" });
    expect(parsed.requests[33]).toMatchObject({ id: 9357, outcome: "504", waitedS: 3.0001 });
  });
});
