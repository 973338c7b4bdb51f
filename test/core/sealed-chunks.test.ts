import { describe, expect, it } from "vitest";
import { DispatchLog } from "../../src/sim/apiserver/dispatch-log.ts";
import { UndoLog } from "../../src/sim/apiserver/undo-log.ts";
import { EventLog, MODIFIED } from "../../src/sim/etcd/event-log.ts";
import { keyOfId } from "../../src/sim/lib/key-ids.ts";
import {
  CHUNK,
  chunkOf,
  chunkStart,
  FIRST_CHUNK_ENTRIES,
  indexAt,
  SealedChunks,
  sameBytes,
  shareSealedChunks,
  slotOf,
  withoutSharing,
} from "../../src/sim/lib/sealed-chunks.ts";
import { RevisionClock } from "../../src/sim/world/revision-clock.ts";
import { chunkTestEvent } from "./chunk-event-fixture.ts";

// The chunked columns' layout: absolute index 0 sits near the end of chunk 0, so every column
// starts a second chunk, and seals its first, after a few entries, while V8 still interprets
// the code around them (docs/benchmarks.md at 97e105f, "The default scenario's first run"). Every
// later chunk holds CHUNK entries.

describe("the chunked columns' layout", () => {
  it("puts every absolute index in one slot of one chunk, the first chunk short", () => {
    expect(FIRST_CHUNK_ENTRIES).toBeLessThan(CHUNK);
    expect(chunkOf(FIRST_CHUNK_ENTRIES - 1)).toBe(0);
    expect(chunkOf(FIRST_CHUNK_ENTRIES)).toBe(1);
    expect(chunkStart(0)).toBe(0);
    expect(chunkStart(1)).toBe(FIRST_CHUNK_ENTRIES);
    for (let index = 0; index < 3 * CHUNK; index += 7) {
      const chunk = chunkOf(index);
      expect(indexAt(chunk, slotOf(index))).toBe(index);
      expect(index).toBeGreaterThanOrEqual(chunkStart(chunk));
      expect(index).toBeLessThan(chunkStart(chunk + 1));
    }
    for (let chunk = 1; chunk < 4; chunk++)
      expect(chunkStart(chunk + 1) - chunkStart(chunk)).toBe(CHUNK);
  });

  it("seals each log's first chunk after its first entries, not after a whole chunk", () => {
    const etcd = new EventLog();
    const undo = new UndoLog();
    const dispatched = new DispatchLog();
    for (let i = 0; i < FIRST_CHUNK_ENTRIES; i++) {
      expect(etcd.sealed.to).toBe(0);
      etcd.push(i + 1, i, MODIFIED, i, null, -1);
      undo.push(`p${i}`, i + 1, i, null, -1);
      dispatched.append(chunkTestEvent(i + 1, `p${i}`));
    }
    const first = { from: 0, to: FIRST_CHUNK_ENTRIES };
    expect(etcd.sealed).toEqual(first);
    expect(undo.sealed).toEqual(first);
    expect(dispatched.sealed).toEqual(first);
    // Read back across the boundary.
    etcd.push(100, 7, MODIFIED, 99, null, -1);
    expect(etcd.revisionAt(FIRST_CHUNK_ENTRIES - 1)).toBe(FIRST_CHUNK_ENTRIES);
    expect(etcd.revisionAt(FIRST_CHUNK_ENTRIES)).toBe(100);
    expect(etcd.firstAfter(FIRST_CHUNK_ENTRIES)).toBe(FIRST_CHUNK_ENTRIES);
    expect(dispatched.at(FIRST_CHUNK_ENTRIES - 1).rv).toBe(FIRST_CHUNK_ENTRIES);
    expect(keyOfId(undo.keyIdAt(0))).toBe("p0");
  });

  it("counts the revision clock's chunks from its first revision, wherever a run starts", () => {
    const start = 1_001; // a run whose objects were created up to revision 1 001
    const clock = new RevisionClock(start, 60e9, { current: () => start, lowestNext: () => start });
    const last = start + FIRST_CHUNK_ENTRIES - 1; // the first chunk's last revision
    for (let r = start + 1; r < last; r++) {
      clock.record(r * 1e6, r);
      expect(clock.sealed.to).toBe(start);
    }
    clock.record(last * 1e6, last);
    expect(clock.sealed).toEqual({ from: start, to: start + FIRST_CHUNK_ENTRIES });
    expect(clock.reachedAt(start + 1)).toBe((start + 1) * 1e6);
  });
});

describe("sealing without sharing", () => {
  const chunkOfTwos = () => new Float64Array(CHUNK).fill(2);

  it("keeps nothing a scratch seals, and shares again after it", () => {
    shareSealedChunks(true);
    try {
      const registry = new SealedChunks<Float64Array>(sameBytes);
      const scratch = chunkOfTwos();
      withoutSharing(() => expect(registry.seal(7, scratch)).toBe(scratch));
      const first = chunkOfTwos();
      expect(registry.seal(7, first)).toBe(first); // not the scratch's
      expect(registry.seal(7, chunkOfTwos())).toBe(first); // shared again
    } finally {
      shareSealedChunks(false);
    }
  });

  it("restores sharing when the scratch throws", () => {
    shareSealedChunks(true);
    try {
      expect(() =>
        withoutSharing(() => {
          throw new Error("scratch failed");
        }),
      ).toThrow("scratch failed");
      const registry = new SealedChunks<Float64Array>(sameBytes);
      const first = chunkOfTwos();
      registry.seal(3, first);
      expect(registry.seal(3, chunkOfTwos())).toBe(first);
    } finally {
      shareSealedChunks(false);
    }
  });
});
