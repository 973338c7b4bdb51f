import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type HistoryConfig, WatchCacheHistory } from "../../src/sim/apiserver/history.ts";
import { getIntervalLocked } from "../../src/sim/apiserver/history-get-interval.ts";
import { WatchCacheInterval } from "../../src/sim/apiserver/interval.ts";
import type { WatchCacheEvent } from "../../src/sim/apiserver/watch-cache-event.ts";

const S = 1_000_000_000;
const EFD = 75 * S;

const event = (n: number, recordTimeNs: number, rv = n): WatchCacheEvent => ({
  type: "ADDED",
  key: `event-${n}`,
  rv,
  recordTimeNs,
  object: null,
  prevObject: null,
});

function ring(capacity: number, lower: number, upper: number, extra: Partial<HistoryConfig> = {}) {
  const resizes: [number, number][] = [];
  const history = new WatchCacheHistory({
    capacity,
    lowerBoundCapacity: lower,
    upperBoundCapacity: upper,
    eventFreshDurationNs: EFD,
    onResize: (from, to) => resizes.push([from, to]),
    ...extra,
  });
  return { history, resizes };
}

const keys = (h: WatchCacheHistory): string[] => {
  const out: string[] = [];
  for (let i = h.startIndex; i < h.endIndex; i++) out.push(h.at(i)?.key ?? "?");
  return out;
};

/** Appends events 0…count−1, event i at i × stepNs. */
function appendEvery(h: WatchCacheHistory, count: number, stepNs: number, from = 0): void {
  for (let i = from; i < from + count; i++) h.updateCache(event(i, i * stepNs));
}

describe("WatchCacheHistory.updateCache", () => {
  it("doubles when full and the oldest event is fresh", () => {
    const { history, resizes } = ring(4, 2, 16);
    appendEvery(history, 5, S);
    expect([history.capacity, history.startIndex, history.endIndex]).toEqual([8, 0, 5]);
    expect(history.removedEventSinceRelist).toBe(false);
    expect(resizes).toEqual([[4, 8]]);
  });

  it("halves when full and the quarter point is stale", () => {
    const { history, resizes } = ring(8, 2, 16);
    appendEvery(history, 8, 40 * S);
    // The quarter point (index 6, at 240 s) is 120 s old when event 8 arrives at 360 s.
    history.updateCache(event(8, 360 * S));
    expect(history.capacity).toBe(4);
    expect(resizes).toEqual([[8, 4]]);
  });

  it("keeps its capacity between the two", () => {
    const { history, resizes } = ring(8, 2, 16);
    appendEvery(history, 8, 10 * S);
    // The oldest is exactly 75 s old (not fresh: strict <); the quarter point only 20 s.
    history.updateCache(event(8, 80 * S));
    expect([history.capacity, history.startIndex, history.endIndex]).toEqual([8, 1, 9]);
    expect(resizes).toEqual([]);
  });

  it("a shrink drops the oldest events and then evicts one more", () => {
    const { history } = ring(8, 2, 16);
    appendEvery(history, 8, 40 * S);
    history.updateCache(event(8, 360 * S));
    expect([history.startIndex, history.endIndex]).toEqual([5, 9]);
    expect(keys(history)).toEqual(["event-5", "event-6", "event-7", "event-8"]);
    expect(history.removedEventSinceRelist).toBe(true);
  });

  it("reads the oldest event as the shrink reference below capacity 4", () => {
    const { history } = ring(2, 1, 16);
    history.updateCache(event(0, 0));
    history.updateCache(event(1, 100 * S));
    history.updateCache(event(2, 200 * S));
    expect([history.capacity, history.startIndex, history.endIndex]).toEqual([1, 2, 3]);
  });

  it("flaps between two capacities with noHysteresis, and settles without it", () => {
    const run = (noHysteresis: boolean) => {
      const { history, resizes } = ring(8, 4, 16, { noHysteresis });
      appendEvery(history, 60, 6 * S);
      return resizes;
    };
    expect(run(false)).toEqual([[8, 16]]);
    const flapping = run(true);
    expect(flapping.filter(([a, b]) => b < a).length).toBeGreaterThanOrEqual(3);
    expect(flapping.filter(([a, b]) => b > a).length).toBeGreaterThanOrEqual(3);
  });

  it("resetLocked empties the ring, keeps its capacity and clears the eviction flag", () => {
    const { history } = ring(4, 4, 4);
    appendEvery(history, 6, 100 * S);
    history.resetLocked();
    expect([history.capacity, history.startIndex, history.endIndex]).toEqual([4, 6, 6]);
    expect(history.removedEventSinceRelist).toBe(false);
    expect(history.oldestRv()).toBeNull();
  });

  it("allocates by occupancy, so a 1.6 G-slot capacity costs only what it holds", () => {
    const { history } = ring(1_677_721_600, 100, 1_677_721_600);
    appendEvery(history, 5000, 0);
    expect([history.capacity, history.size]).toEqual([1_677_721_600, 5000]);
    expect(history.at(4999)?.key).toBe("event-4999");
  });
});

describe("getIntervalLocked", () => {
  const filled = () => {
    const { history } = ring(4, 4, 4);
    for (let i = 0; i < 6; i++) history.updateCache(event(i, i * S, 10 + i));
    return history; // RVs 12…15 buffered, two evicted
  };

  it("answers 410 with oldest − 1 once an event was evicted", () => {
    const result = getIntervalLocked(filled(), 10, 5, () => true);
    expect(result).toMatchObject({ code: 410, message: "too old resource version: 10 (11)" });
  });

  it("starts at the first buffered event with a higher RV", () => {
    const history = filled();
    const result = getIntervalLocked(history, 13, 5, history.isIndexValid);
    expect(result).toBeInstanceOf(WatchCacheInterval);
    const interval = result as WatchCacheInterval;
    expect([interval.startIndex, interval.endIndex]).toEqual([4, 6]);
    expect(interval.next().event?.rv).toBe(14);
  });

  it("measures from the list RV while nothing was evicted since the relist", () => {
    const { history } = ring(4, 4, 4);
    history.resetLocked();
    expect(getIntervalLocked(history, 9, 10, () => true)).toMatchObject({
      message: "too old resource version: 9 (10)",
    });
    expect(getIntervalLocked(history, 10, 10, () => true)).toBeInstanceOf(WatchCacheInterval);
  });

  it("is not initialized with no events and no relist", () => {
    const { history } = ring(4, 4, 4);
    expect(getIntervalLocked(history, 1, 0, () => true)).toEqual({
      kind: "plain",
      message: "watch cache isn't correctly initialized",
    });
  });
});

describe("WatchCacheHistory (property, seed 20261129)", () => {
  const op = fc.oneof(
    {
      weight: 12,
      arbitrary: fc.record({
        kind: fc.constant("append" as const),
        stepNs: fc.integer({ min: 0, max: 60 * S }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant("reset" as const), stepNs: fc.constant(0) }),
    },
  );
  const config = fc
    .record({ lower: fc.integer({ min: 1, max: 8 }), span: fc.integer({ min: 0, max: 4 }) })
    .chain(({ lower, span }) =>
      fc.record({
        lower: fc.constant(lower),
        upper: fc.constant(lower << span),
        capacity: fc.integer({ min: lower, max: lower << span }),
      }),
    );

  it("resizes only to min(2c, upper) or max(floor(c/2), lower), and holds the last appended events", () => {
    fc.assert(
      fc.property(config, fc.array(op, { maxLength: 300 }), ({ lower, upper, capacity }, ops) => {
        const { history, resizes } = ring(capacity, lower, upper);
        const sinceReset: string[] = [];
        let nowNs = 0;
        for (const [n, o] of ops.entries()) {
          const before = resizes.length;
          if (o.kind === "reset") {
            history.resetLocked();
            sinceReset.length = 0;
          } else {
            nowNs += o.stepNs;
            history.updateCache(event(n, nowNs));
            sinceReset.push(`event-${n}`);
          }
          for (const [from, to] of resizes.slice(before)) {
            expect([Math.min(2 * from, upper), Math.max(Math.floor(from / 2), lower)]).toContain(
              to,
            );
          }
          expect(history.size).toBeLessThanOrEqual(history.capacity);
          expect(keys(history)).toEqual(sinceReset.slice(sinceReset.length - history.size));
        }
      }),
      { seed: 20261129, numRuns: 200 },
    );
  });
});
