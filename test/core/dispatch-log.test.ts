import { beforeAll, describe, expect, it } from "vitest";
import { DispatchLog } from "../../src/sim/apiserver/dispatch-log.ts";
import type { WatchCacheEvent } from "../../src/sim/apiserver/watch-cache-event.ts";
import { shareSealedChunks } from "../../src/sim/lib/sealed-chunks.ts";
import { chunkTestEvent } from "./chunk-event-fixture.ts";

// The cacher's dispatched events as chunks by absolute index, whose full chunks runs of one
// scenario share (lib/sealed-chunks.ts): each log reads back the events it was given, across
// chunk boundaries and releases, beside logs that wrote the same chunks or different ones.

const event = chunkTestEvent;

function fill(
  log: DispatchLog,
  from: number,
  count: number,
  make: (rv: number) => WatchCacheEvent,
) {
  const given: WatchCacheEvent[] = [];
  for (let rv = from; rv < from + count; rv++) {
    const e = make(rv);
    log.append(e);
    given.push(e);
  }
  return given;
}

describe("the dispatch log", () => {
  beforeAll(() => shareSealedChunks(true)); // as time travel has it

  it("reads back its own events across chunks and releases, beside logs sharing its history", () => {
    const a = new DispatchLog();
    const b = new DispatchLog();
    const c = new DispatchLog();
    const same = (rv: number) => event(rv, `p${rv % 50}`);
    const givenA = fill(a, 1, 9_000, same);
    const givenB = fill(b, 1, 9_000, same);
    // c delivers as many events (the same running counts) of other pods: its chunks are its own.
    const givenC = fill(c, 1, 9_000, (rv) => event(rv, `q${rv % 50}`, "node-1"));
    givenA.push(...fill(a, 9_001, 4_000, (rv) => event(rv, "after-a")));
    givenB.push(...fill(b, 9_001, 4_000, (rv) => event(rv, "after-b")));
    a.releaseBefore(8_500);
    for (const [log, given, from] of [
      [a, givenA, 8_500],
      [b, givenB, 0],
      [c, givenC, 0],
    ] as const) {
      expect(log.end).toBe(given.length);
      // Made again from the columns: equal to what was appended, field by field.
      for (let i = from; i < given.length; i++) {
        expect(log.at(i)).toEqual(given[i]);
        expect(log.rvAt(i)).toBe(given[i]?.rv);
      }
      const deliverable = given
        .slice(from)
        .filter((e) => e.object !== null || e.prevObject !== null);
      expect(log.deliverableBetween(from, log.end)).toBe(deliverable.length);
    }
    expect(() => a.at(8_499)).toThrow(/released/);
    expect(() => a.rvAt(8_499)).toThrow(/released/);
    expect(() => a.rvAt(a.end)).toThrow(/never written/);
    expect(a.retained).toBe(13_000 - 8_500);
    expect(a.held).toBeLessThan(a.retained + 4096); // whole chunks below the first live entry went
    expect(a.firstAbove(8_500, a.end, 10_000)).toBe(10_000);
  });
});
