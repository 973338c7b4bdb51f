import { describe, expect, it } from "vitest";
import { createRequestLog, requestHistoryJson } from "../../src/ui/export/requestLog.ts";
import { seriesCsv } from "../../src/ui/export/seriesCsv.ts";
import { run } from "../core/simulation-helpers.ts";
import { recordedSnapshot } from "./fixtures/snapshot.ts";

const S = 1_000_000_000;

describe("seriesCsv", () => {
  it("writes a header row and one row per point, time in plain seconds", () => {
    const lines = seriesCsv(recordedSnapshot().series).trimEnd().split("\n");
    expect(lines[0]).toBe(
      "time_s,etcd_revision,cache_rv,lag_s,capacity,waiters,etcd_queue,etcd_busy_seconds,read_waits,read_waits_over_wall",
    );
    expect(lines).toHaveLength(61);
    expect(lines[1]).toBe("36,44080,44066,0.2,200,7,0,0,0,0");
    expect(lines.at(-1)).toBe("95,48210,48152,1.84,400,7,13,166.5,0,0");
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
    expect(log.records().map((record) => record.id)).toEqual(
      snapshot.recentOutcomes.map((outcome) => outcome.id),
    );
    expect(log.records()[2]).toEqual({
      id: 8995,
      kind: "notOlderThan",
      outcome: "504",
      code: 504,
      endedAtS: 94.2,
      waitedS: 3,
      message: "Timeout: Too large resource version: 48101, current: 48020",
    });
  });

  it("drops the oldest past its bound", () => {
    const log = createRequestLog(2);
    const snapshot = recordedSnapshot();
    log.add(snapshot);
    const ids = snapshot.recentOutcomes.map((outcome) => outcome.id);
    expect(log.records().map((record) => record.id)).toEqual(ids.slice(-2));
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
    expect(parsed.requests).toHaveLength(recordedSnapshot().recentOutcomes.length);
    expect(parsed.requests[0]).toMatchObject({ id: 8990, outcome: "fallback", waitedS: 3 });
  });
});
