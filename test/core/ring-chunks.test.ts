import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventSlots } from "../../src/sim/apiserver/event-slots.ts";
import { PodBodies } from "../../src/sim/apiserver/pod-bodies.ts";
import type { WatchCacheEvent } from "../../src/sim/apiserver/watch-cache-event.ts";
import { chunkStart, shareSealedChunks } from "../../src/sim/lib/sealed-chunks.ts";
import { chunkTestEvent } from "./chunk-event-fixture.ts";

// The history ring's columns as chunks by absolute index, whose full chunks runs of one scenario
// share (lib/sealed-chunks.ts): each ring reads back the events it was given, beside rings that
// wrote the same chunks (then it reads their equal bodies) or different ones (then its own).

const event = chunkTestEvent;

function fill(slots: EventSlots, from: number, to: number, make: (rv: number) => WatchCacheEvent) {
  const given = new Map<number, WatchCacheEvent>();
  for (let i = from; i < to; i++) {
    const e = make(i + 1);
    slots.set(i, e);
    given.set(i, e);
  }
  return given;
}

describe("the ring's chunks", () => {
  beforeAll(() => shareSealedChunks(true)); // as time travel has it
  afterAll(() => shareSealedChunks(false));

  it("share full chunks written alike, and only those", () => {
    const [a, b, c] = [0, 1, 2].map(() => new EventSlots(new PodBodies()));
    if (a === undefined || b === undefined || c === undefined) throw new Error("three rings");
    const same = (rv: number) => event(rv, `p${rv % 50}`);
    // Started mid-chunk, as a ring laid out from a relist: 100 … 9 000 (chunk 0 holds 0 … 63),
    // chunks 1 and 2 full.
    const givenA = fill(a, 100, 9_000, same);
    const givenB = fill(b, 100, 9_000, same);
    const givenC = fill(c, 100, 9_000, (rv) => event(rv, `p${rv % 50}`, "node-1"));
    for (const [slots, given] of [
      [a, givenA],
      [b, givenB],
      [c, givenC],
    ] as const) {
      for (const [i, e] of given) {
        expect(slots.get(i)).toEqual(e);
        expect(slots.rvAt(i)).toBe(e.rv);
        expect(slots.recordTimeAt(i)).toBe(e.recordTimeNs);
      }
      expect(slots.sealed(9_000)).toEqual({ from: chunkStart(1), to: chunkStart(3) });
    }
    // An object whose rv is its event's is the stored body itself: b reads a's in full chunks.
    const body = (slots: EventSlots, i: number) => slots.get(i)?.object ?? "none";
    expect(body(b, 8_002)).toBe(body(a, 8_002));
    expect(body(b, 8_502)).not.toBe(body(a, 8_502)); // the newest chunk is each ring's own
    expect(body(c, 8_002)).not.toBe(body(a, 8_002)); // another run's pods differ: its own
    a.dropBefore(8_500);
    expect(a.get(chunkStart(3) - 1)).toBeNull();
    expect(a.heldSlots).toBe(4096);
    expect(a.sealed(9_000)).toEqual({ from: chunkStart(3), to: chunkStart(3) });
    expect(b.get(8_000)).toEqual(givenB.get(8_000));
  });
});
