import { describe, expect, it } from "vitest";
import { EtcdKv } from "../../src/sim/etcd/kv.ts";
import type { EtcdRequestReason } from "../../src/sim/etcd/server.ts";
import { EtcdServer } from "../../src/sim/etcd/server.ts";
import { FLAT_ETCD_COST } from "../../src/sim/list-costs.ts";
import type { K8sVersion } from "../../src/sim/scenario/k8s-version.ts";
import { Scheduler } from "../../src/sim/scheduler.ts";
import type { ApiError } from "../../src/sim/storage/errors.ts";
import type { ListOptions } from "../../src/sim/storage/interfaces.ts";
import { newRequestContext } from "../../src/sim/storage/request-context.ts";
import { ms, seconds } from "../../src/sim/time.ts";
import { podSpec } from "../../src/sim/world/pods.ts";
import { listOptions } from "./fixtures/cacher.ts";

const LIST = listOptions({ limit: 500 });
const LIST_ALL = listOptions({});

function server(pods: number, concurrency = 2, latencyMs = 2, k8s: K8sVersion = "1.37") {
  const scheduler = new Scheduler();
  const kv = new EtcdKv(1, "/pods/");
  for (let i = 0; i < pods; i++) kv.create(podSpec(i));
  const counts: Partial<Record<EtcdRequestReason, number>> = {};
  const bookmarks: [number, number][] = [];
  const etcd = new EtcdServer(
    scheduler,
    kv,
    {
      concurrency: () => concurrency,
      latencyNs: () => ms(latencyMs),
      objectBytes: 2048,
      transfer: FLAT_ETCD_COST,
      answered: (reason) => {
        counts[reason] = (counts[reason] ?? 0) + 1;
      },
    },
    {
      count: (reason) => {
        counts[reason] = (counts[reason] ?? 0) + 1;
      },
      listed: () => {},
      onPodCommit: () => {},
      onProgressNotify: (rv) => bookmarks.push([scheduler.nowNs, rv]),
      onCompact: () => {},
      onRevision: () => {},
    },
    k8s,
  );
  return { scheduler, kv, etcd, counts, bookmarks };
}

type Answer = { atNs: number; err: ApiError | null; count: number | null; rv: number | null };

/** A LIST whose caller's context ends at `deadlineNs` (none by default). */
function list(
  s: ReturnType<typeof server>,
  opts: ListOptions,
  answers: Answer[],
  deadlineNs = Number.POSITIVE_INFINITY,
): void {
  const ctx = { ...newRequestContext(answers.length, "consistent"), deadlineNs };
  s.etcd.getList("/pods/", opts, ctx, (err, page) =>
    answers.push({
      atNs: s.scheduler.nowNs,
      err,
      count: page?.count ?? null,
      rv: page?.rv ?? null,
    }),
  );
}

describe("EtcdServer", () => {
  it("reads a non-recursive LIST with an RV and a limit at its current revision", () => {
    // upstream: storage/interfaces.go ValidateListOptions, the legacy case needs Recursive
    const answers: Answer[] = [];
    const s = server(10);
    const single = { ...listOptions({ resourceVersion: "5", limit: 1 }), recursive: false };
    list(s, single, answers);
    list(s, listOptions({ resourceVersion: "5", limit: 1 }), answers);
    s.scheduler.runUntil(seconds(1));
    expect(answers.map((a) => [a.err, a.rv])).toEqual([
      [null, 11],
      [null, 5],
    ]);
  });

  it("answers an Exact LIST above its revision 504 Too large (1.34+), etcd's own error in 1.33", () => {
    const exactAbove = listOptions({ resourceVersion: "50", resourceVersionMatch: "Exact" });
    const answers: Record<string, Answer[]> = { "1.33": [], "1.34": [], "1.37": [] };
    for (const k8s of ["1.33", "1.34", "1.37"] as const) {
      const s = server(10, 2, 2, k8s);
      list(s, exactAbove, answers[k8s] as Answer[]);
      s.scheduler.runUntil(seconds(1));
    }
    // upstream: etcd3/store.go listReadError (1.34+), NewTooLargeResourceVersionError(rv, cur, 0)
    for (const k8s of ["1.34", "1.37"]) {
      expect(answers[k8s]?.[0]?.err).toEqual({
        kind: "status",
        code: 504,
        reason: "Timeout",
        message: "Timeout: Too large resource version: 50, current: 11",
        retryAfterSeconds: 0,
        causes: [{ type: "ResourceVersionTooLarge", message: "Too large resource version" }],
      });
    }
    expect(answers["1.33"]?.[0]?.err).toEqual({
      kind: "plain",
      message: "etcdserver: mvcc: required revision is a future revision",
    });
  });

  it("reads the current revision again, queued, before its 504 for a future revision (1.34+)", () => {
    // upstream: etcd3/store.go listReadError calls GetCurrentResourceVersion after ErrFutureRev.
    // The range costs 2 ms (no objects), the quorum read 2 ms + 10 µs; each reads at its service
    // start, so a write at 1 ms is seen by the second read only: the 504's "current" is its.
    const s = server(10, 1);
    const answers: Answer[] = [];
    list(s, listOptions({ resourceVersion: "50", resourceVersionMatch: "Exact" }), answers);
    s.scheduler.runUntil(ms(1));
    s.etcd.writePod(podSpec(3));
    s.scheduler.runUntil(seconds(1));
    expect(answers.map((a) => [a.atNs, a.err?.message])).toEqual([
      [ms(4) + 10_000, "Timeout: Too large resource version: 50, current: 12"],
    ]);
    expect(s.counts.current_rv).toBe(1);
  });

  it("charges a LIST and a Get refused for their minimum RV the objects etcd returned", () => {
    // upstream: etcd3/store.go GetList and Get check the minimum RV against etcd's answer, so
    // the range has read its objects: 2 ms + 10 × 10 µs for the LIST, 2 ms + 10 µs for the Get.
    const s = server(10, 2);
    const answers: Answer[] = [];
    list(s, listOptions({ resourceVersion: "50", resourceVersionMatch: "NotOlderThan" }), answers);
    const got: number[] = [];
    s.etcd.get(
      "/pods/default/pod-1",
      { resourceVersion: "50", ignoreNotFound: false },
      newRequestContext(9),
      (err) => {
        if (err !== null) got.push(s.scheduler.nowNs);
      },
    );
    s.scheduler.runUntil(seconds(1));
    expect(answers.map((a) => [a.atNs, a.err?.message])).toEqual([
      [ms(2) + 100_000, "Timeout: Too large resource version: 50, current: 11"],
    ]);
    expect(got).toEqual([ms(2) + 10_000]);
  });

  it("serves range requests FIFO on its slots, each etcdLatency + 10 µs per object", () => {
    const s = server(1000, 2);
    const answers: Answer[] = [];
    for (let i = 0; i < 3; i++) list(s, LIST, answers);
    expect(s.etcd.ranges.inFlight).toBe(2);
    expect(s.etcd.ranges.queued).toBe(1);
    s.scheduler.runUntil(seconds(1));
    // 2 ms + 500 × 10 µs = 7 ms; the third waits for a slot.
    expect(answers.map((a) => a.atNs)).toEqual([ms(7), ms(7), ms(14)]);
    expect(answers.map((a) => a.count)).toEqual([500, 500, 500]);
    expect(s.counts.delegated).toBe(3);
  });

  it("reads the revision current when a request's service starts", () => {
    const s = server(10, 1);
    const answers: Answer[] = [];
    list(s, LIST, answers);
    list(s, LIST, answers);
    s.etcd.writePod(podSpec(3));
    expect(s.etcd.ranges.queued).toBe(1);
    s.scheduler.runUntil(seconds(1));
    expect(answers.map((a) => a.rv)).toEqual([11, 12]);
    expect(s.counts.write).toBe(1);
  });

  it("fails a request at its caller's deadline: dropped from the queue, or its answer discarded", () => {
    // 1 000 objects cost 12 ms on one slot. Request 0 is in service at its deadline (5 ms): it
    // fails then and holds the slot until 12 ms. Request 1 joined the queue at 0 with a deadline
    // of 20 ms, request 2 at 1 ms with one of 10 ms (out of queue order): 2 is dropped at 10 ms,
    // 1 served from 12 ms (done at 24 ms, past its deadline: failed at 20 ms), 3 (no deadline)
    // from 24 ms.
    const s = server(1000, 1, 2);
    const answers: Answer[] = [];
    list(s, LIST_ALL, answers, ms(5));
    list(s, LIST_ALL, answers, ms(20));
    s.scheduler.runUntil(ms(1));
    list(s, LIST_ALL, answers, ms(10));
    list(s, LIST_ALL, answers);
    s.scheduler.runUntil(ms(2));
    expect(s.etcd.ranges.queued).toBe(3);
    s.scheduler.runUntil(ms(11));
    expect(s.etcd.ranges.queued).toBe(2);
    s.scheduler.runUntil(seconds(1));
    const seen = answers.map((a) => [a.atNs, a.err?.message ?? a.count]);
    expect(seen).toEqual([
      [ms(5), "context deadline exceeded"],
      [ms(10), "context deadline exceeded"],
      [ms(20), "context deadline exceeded"],
      [ms(36), 1000],
    ]);
    expect(s.etcd.ranges.queued).toBe(0);
  });

  it("fails at once a request whose caller's deadline has passed, without queueing it", () => {
    const s = server(10, 1, 2);
    const answers: Answer[] = [];
    s.scheduler.runUntil(ms(3));
    list(s, LIST, answers, ms(3));
    expect(answers.map((a) => [a.atNs, a.err?.message])).toEqual([
      [ms(3), "context deadline exceeded"],
    ]);
    expect(s.etcd.ranges.queued + s.etcd.ranges.inFlight).toBe(0);
    expect(s.counts.delegated).toBeUndefined();
  });

  it("answers 410 to a LIST at a revision below the compacted one", () => {
    const s = server(10);
    for (let i = 0; i < 5; i++) s.etcd.writePod(podSpec(i));
    s.etcd.compact(14);
    const answers: Answer[] = [];
    list(s, { ...LIST, resourceVersion: "12", resourceVersionMatch: "Exact" }, answers);
    list(s, { ...LIST, resourceVersion: "14", resourceVersionMatch: "Exact" }, answers);
    s.scheduler.runUntil(seconds(1));
    expect(answers[0]?.err).toMatchObject({
      code: 410,
      message: "The resourceVersion for the provided list is too old.",
    });
    expect(answers[1]).toMatchObject({ err: null, rv: 14, count: 10 });
  });

  it("answers a progress request with a bookmark at its current revision one latency later", () => {
    const s = server(10, 1, 5);
    s.etcd.requestWatchProgress();
    s.etcd.writeOutside();
    s.scheduler.runUntil(seconds(1));
    expect(s.bookmarks).toEqual([[ms(5), 12]]);
    expect(s.counts.progress).toBe(1);
  });

  it("reads the current revision in one slot for GetCurrentResourceVersion", () => {
    const s = server(10, 1, 2);
    const got: [number, number | null][] = [];
    s.etcd.getCurrentResourceVersion(newRequestContext(1), (_err, rv) =>
      got.push([s.scheduler.nowNs, rv]),
    );
    s.scheduler.runUntil(seconds(1));
    expect(got).toEqual([[ms(2) + 10_000, 11]]);
    expect(s.counts.current_rv).toBe(1);
  });
});
