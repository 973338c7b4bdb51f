import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UndoLog } from "../../src/sim/apiserver/undo-log.ts";
import { keyOfId } from "../../src/sim/lib/key-ids.ts";
import { shareSealedChunks } from "../../src/sim/lib/sealed-chunks.ts";
import type { Pod } from "../../src/sim/storage/pod.ts";

// The snapshots' undo log as chunks by absolute index, whose full chunks runs of one scenario
// share (lib/sealed-chunks.ts): each log reads back its own changes across chunks and drops,
// beside logs that wrote the same chunks or different ones.

interface Change {
  key: string;
  seq: number;
  prevRv: number;
  prevBody: Pod | null;
  earlier: number;
}

const pod = (name: string, rv: number): Pod => ({
  namespace: "default",
  name,
  rv,
  nodeName: "",
  labels: {},
});

function fill(log: UndoLog, count: number, keyOf: (seq: number) => string): Change[] {
  const changes: Change[] = [];
  for (let n = 0; n < count; n++) {
    const seq = log.end + 1;
    const key = keyOf(seq);
    const change = { key, seq, prevRv: seq - 1, prevBody: pod(key, seq - 1), earlier: seq - 30 };
    log.push(change.key, change.seq, change.prevRv, change.prevBody, change.earlier);
    changes.push(change);
  }
  return changes;
}

const read = (log: UndoLog, from: number, to: number) =>
  Array.from({ length: to - from }, (_, n) => {
    const i = from + n;
    return {
      key: keyOfId(log.keyIdAt(i)),
      seq: log.seqAt(i),
      prevRv: log.prevRvAt(i),
      prevBody: log.prevBodyAt(i),
      earlier: log.earlierAt(i),
    };
  });

describe("the snapshots' undo log", () => {
  beforeAll(() => shareSealedChunks(true)); // as time travel has it
  afterAll(() => shareSealedChunks(false));

  it("reads back its own changes across chunks and drops, beside logs sharing its history", () => {
    const a = new UndoLog();
    const b = new UndoLog();
    const c = new UndoLog();
    const changesA = fill(a, 9_000, (seq) => `/pods/default/p${seq % 40}`);
    const changesB = fill(b, 9_000, (seq) => `/pods/default/p${seq % 40}`);
    // The same numbers for other keys: c's chunks are its own.
    const changesC = fill(c, 9_000, (seq) => `/pods/default/q${seq % 40}`);
    changesA.push(...fill(a, 3_000, () => "/pods/default/after-a"));
    changesB.push(...fill(b, 3_000, () => "/pods/default/after-b"));
    for (let n = 0; n < 8_200; n++) a.dropOldest();
    expect(a.head).toBe(8_200);
    expect(read(a, 8_200, a.end)).toEqual(changesA.slice(8_200));
    expect(read(b, 0, b.end)).toEqual(changesB);
    expect(read(c, 0, c.end)).toEqual(changesC);
    expect(a.held).toBeLessThan(a.end - a.head + 4096); // whole chunks below the head went
    a.clear();
    expect(fill(a, 2, () => "/pods/default/x")).toEqual(read(a, 0, 2));
  });

  it("reads back values beyond 4 bytes exactly, and shares a full chunk only with its equal", () => {
    // Numbers a 4-byte slot cannot hold, beside -1 ("none") and the signed slot's bounds.
    const odd = [2 ** 32 - 1, 2 ** 32, 2 ** 53, -1, -0, 0.3, 2 ** 31, -(2 ** 31), 2 ** 31 - 1];
    const at = (n: number) => odd[n % odd.length] ?? 0;
    const fillOdd = (log: UndoLog, variant: number) => {
      const changes: Change[] = [];
      for (let n = 0; n < 5_000; n++) {
        const key = `/pods/default/w${n % 7}`;
        // The variant shows only in a value kept beside the column, never in its 4-byte slots.
        const seq = n === 4_000 ? 2 ** 40 + variant : at(n + 1);
        const change = { key, seq, prevRv: at(n + 2), prevBody: pod(key, n), earlier: at(n + 3) };
        log.push(change.key, change.seq, change.prevRv, change.prevBody, change.earlier);
        changes.push(change);
      }
      return changes;
    };
    const [a, b, c] = [0, 0, 1].map(() => new UndoLog());
    if (a === undefined || b === undefined || c === undefined) throw new Error("three logs");
    const given = [fillOdd(a, 0), fillOdd(b, 0), fillOdd(c, 1)];
    for (const [k, log] of [a, b, c].entries()) expect(read(log, 0, log.end)).toEqual(given[k]);
    expect(read(a, 0, 1)[0]?.earlier).toBe(-1);
    // Chunks 0 (0 … 63) and 1 (… 4 159, with index 4 000) are full, chunk 2 is each log's own.
    expect(b.sealed).toEqual({ from: 0, to: 4_160 });
    expect(b.prevBodyAt(4_001)).toBe(a.prevBodyAt(4_001)); // b reads a's equal chunk
    expect(b.prevBodyAt(4_500)).not.toBe(a.prevBodyAt(4_500));
    expect(c.prevBodyAt(4_001)).not.toBe(a.prevBodyAt(4_001)); // c's differs: its own
  });
});
