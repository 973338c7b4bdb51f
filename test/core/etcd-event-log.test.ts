import { beforeAll, describe, expect, it } from "vitest";
import { EventLog, type EventTypeCode, MODIFIED } from "../../src/sim/etcd/event-log.ts";
import { defined } from "../../src/sim/lib/at.ts";
import { shareSealedChunks } from "../../src/sim/lib/sealed-chunks.ts";
import type { Pod } from "../../src/sim/storage/pod.ts";

// etcd's log as chunks by absolute index, whose full chunks runs of one scenario share
// (lib/sealed-chunks.ts): every read answers what this log was given, across chunk boundaries and
// compactions, whichever other log wrote the same chunks first or wrote different ones.

interface Entry {
  revision: number;
  keyIndex: number;
  type: EventTypeCode;
  prevRevision: number;
  /** Each log's own object: equal values, never the same object, in two logs. */
  prevBody: Omit<Pod, "rv"> | null;
  /** The absolute index of the key's previous event, -1 for none. */
  prevIndex: number;
}

/** Pushes `count` events with revisions from `from`, the key and type a function of the revision. */
function fill(log: EventLog, model: Entry[], from: number, count: number, salt: number) {
  for (let revision = from; revision < from + count; revision++) {
    const entry: Entry = {
      revision,
      keyIndex: (revision * 7 + salt) % 1000,
      type: (revision % 3) as EventTypeCode,
      prevRevision: revision % 5 === 0 ? -1 : revision - 1,
      prevBody:
        revision % 5 === 0
          ? null
          : {
              namespace: "ns",
              name: `p${revision % 1000}`,
              nodeName: "",
              labels: { salt: `${salt}` },
            },
      // Up to 5 000 events back: across chunks, and before the oldest kept event.
      prevIndex: revision % 4 === 0 ? -1 : Math.max(-1, model.length - 1 - (revision % 5_000)),
    };
    const { prevRevision, prevBody, prevIndex } = entry;
    log.push(entry.revision, entry.keyIndex, entry.type, prevRevision, prevBody, prevIndex);
    model.push(entry);
  }
}

function expectReads(log: EventLog, model: Entry[]) {
  const kept = model.slice(log.base);
  const read = kept.map((_, at) => ({
    revision: log.revisionAt(at),
    keyIndex: log.keyIndexAt(at),
    type: log.typeAt(at),
    prevRevision: log.prevRevisionAt(at),
    prevBody: log.prevBodyAt(at),
    prevIndex: log.prevIndexAt(at),
  }));
  expect(read).toEqual(kept);
  // firstAfter below the oldest, along the kept revisions (consecutive here) and past the newest.
  const first = kept[0]?.revision ?? 0;
  for (let rev = first - 2; rev <= first + kept.length + 1; rev += 97) {
    expect(log.firstAfter(rev)).toBe(Math.min(Math.max(rev - first + 1, 0), kept.length));
  }
}

describe("etcd's event log", () => {
  beforeAll(() => shareSealedChunks(true)); // as time travel has it

  it("reads back what it was given across chunks and compactions", () => {
    const log = new EventLog();
    const model: Entry[] = [];
    fill(log, model, 1, 10_000, 0);
    expectReads(log, model);
    log.dropOldest(log.firstAfter(6_000)); // a compaction at revision 6001 keeps 6001 on
    expect(log.revisionAt(0)).toBe(6_001);
    expect(log.base).toBe(6_000);
    fill(log, model, 10_001, 5_000, 0);
    expectReads(log, model);
    expect(log.capacity).toBeLessThan(3 * 4096 + 4096); // whole chunks below the oldest went
    log.dropOldest(log.length); // everything compacted, on a chunk boundary or not
    expect(log.length).toBe(0);
    expect(log.firstAfter(0)).toBe(0);
    fill(log, model, 15_001, 3, 0);
    expectReads(log, model);
  });

  it("keeps its own values where another log wrote the same chunks, then different ones", () => {
    const a = new EventLog();
    const b = new EventLog();
    const modelA: Entry[] = [];
    const modelB: Entry[] = [];
    fill(a, modelA, 1, 9_000, 0);
    fill(b, modelB, 1, 9_000, 0); // the same history: its full chunks are a's
    fill(a, modelA, 9_001, 9_000, 1); // then the two differ (a twin, a fork)
    fill(b, modelB, 9_001, 9_000, 2);
    expectReads(a, modelA);
    expectReads(b, modelB);
    // A log that wrote a chunk differing only in its last event keeps that event.
    const c = new EventLog();
    const modelC: Entry[] = [];
    fill(c, modelC, 1, 4_095, 0);
    c.push(4_096, 999, MODIFIED, -1, null, 17);
    modelC.push({
      revision: 4_096,
      keyIndex: 999,
      type: MODIFIED,
      prevRevision: -1,
      prevBody: null,
      prevIndex: 17,
    });
    // ... or only in its last event's body.
    const d = new EventLog();
    const modelD: Entry[] = [];
    fill(d, modelD, 1, 4_095, 0);
    const body = { namespace: "ns", name: "p96", nodeName: "n", labels: { salt: "0" } };
    d.push(4_096, (4_096 * 7) % 1000, MODIFIED, 4_095, body, 4_094);
    modelD.push({
      revision: 4_096,
      keyIndex: (4_096 * 7) % 1000,
      type: MODIFIED,
      prevRevision: 4_095,
      prevBody: body,
      prevIndex: 4_094,
    });
    expectReads(d, modelD);
    expectReads(c, modelC);
    expectReads(a, modelA);
  });

  it("reads back revisions past 2^31 − 1 and 2^32 − 1 exactly, in shared chunks or its own", () => {
    // Revisions in 4 bytes (lib/rv-column.ts): each start crosses one limit within a chunk.
    for (const from of [2 ** 31 - 5_000, 2 ** 32 - 6_000]) {
      const logs = [new EventLog(), new EventLog(), new EventLog()];
      const models: Entry[][] = [[], [], []];
      for (const [i, log] of logs.entries()) {
        fill(log, defined(models[i]), from, 9_000, 0);
        fill(log, defined(models[i]), from + 9_000, 9_000, i === 2 ? 1 : 0); // the third differs
      }
      for (const [i, log] of logs.entries()) expectReads(log, defined(models[i]));
      const first = defined(logs[0]);
      first.dropOldest(first.firstAfter(from + 7_000));
      expect(first.revisionAt(0)).toBe(from + 7_001);
      for (const [i, log] of logs.entries()) expectReads(log, defined(models[i]));
    }
  });
});
