import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CHUNK, indexAt, shareSealedChunks } from "../../src/sim/lib/sealed-chunks.ts";
import { RevisionClock } from "../../src/sim/world/revision-clock.ts";

// The revision clock against one that keeps every revision's time, driven by a cache that keeps
// the clock's contract: it holds `current`, and later only revisions at or above what
// `lowestNext` said (its own while the watch is open; while closed, the relist's revision once
// read, else etcd's revision then, once the cache's own is compacted).

const WINDOW_NS = 50;

class EveryRevision {
  readonly timesNs: number[] = [];
  readonly revisions: number[] = [];
  record(atNs: number, revision: number): void {
    this.timesNs.push(atNs);
    this.revisions.push(revision);
  }
  reachedAt(revision: number): number | null {
    const i = this.revisions.findIndex((r) => r >= revision);
    return i < 0 ? null : (this.timesNs[i] as number);
  }
  revisionAt(atNs: number): number {
    let i = 0;
    while (i + 1 < this.timesNs.length && (this.timesNs[i + 1] as number) <= atNs) i++;
    return this.revisions[i] as number;
  }
}

type Op =
  | { kind: "write"; dtNs: number }
  | { kind: "take"; events: number }
  | { kind: "close" }
  | { kind: "compact"; share: number }
  | { kind: "read" }
  | { kind: "replace"; reopens: boolean };

const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("write"), dtNs: fc.nat(8) }), weight: 10 },
  { arbitrary: fc.record({ kind: fc.constant("take"), events: fc.nat(4) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant("close") }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant("compact"), share: fc.double({ min: 0, max: 1 }) }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant("read") }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("replace"), reopens: fc.boolean() }), weight: 1 },
);

function run(
  ops: Op[],
  check: (clock: RevisionClock, all: EveryRevision, s: State) => void,
  start = 10,
) {
  const s: State = {
    nowNs: 0,
    newest: start,
    cacheRv: start,
    open: true,
    compacted: 0,
    listRv: null,
  };
  const clock = new RevisionClock(s.newest, WINDOW_NS, {
    current: () => s.cacheRv,
    lowestNext: () => {
      if (s.open) return s.cacheRv;
      if (s.listRv !== null) return Math.max(s.cacheRv, s.listRv);
      return s.cacheRv < s.compacted ? s.newest : s.cacheRv;
    },
  });
  const all = new EveryRevision();
  all.record(0, s.newest);
  for (const o of ops) {
    if (o.kind === "write") {
      s.nowNs += o.dtNs;
      s.newest++;
      clock.record(s.nowNs, s.newest);
      all.record(s.nowNs, s.newest);
    } else if (o.kind === "take" && s.open) s.cacheRv = Math.min(s.newest, s.cacheRv + o.events);
    else if (o.kind === "close") {
      s.open = false;
      s.listRv = null;
    } else if (o.kind === "compact") {
      s.compacted = Math.max(
        s.compacted,
        Math.floor(s.compacted + o.share * (s.newest - s.compacted)),
      );
    } else if (o.kind === "read" && !s.open) s.listRv = s.newest;
    else if (o.kind === "replace" && !s.open && s.listRv !== null) {
      s.cacheRv = s.listRv;
      s.open = o.reopens;
    }
    check(clock, all, s);
  }
}

interface State {
  nowNs: number;
  newest: number;
  cacheRv: number;
  open: boolean;
  compacted: number;
  listRv: number | null;
}

describe("RevisionClock", () => {
  it("answers the cache's lag and the window's revisions as a clock of every revision does", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400, size: "max" }), (ops) => {
        run(ops, (clock, all, s) => {
          expect(clock.reachedAt(s.cacheRv + 1)).toBe(all.reachedAt(s.cacheRv + 1));
          for (let atNs = Math.max(0, s.nowNs - WINDOW_NS); atNs <= s.nowNs; atNs += 7) {
            expect(clock.revisionAt(atNs)).toBe(all.revisionAt(atNs));
          }
        });
      }),
    );
  });

  it("answers alike across its chunks' ends, with full chunks shared between clocks", () => {
    shareSealedChunks(true);
    try {
      fc.assert(
        fc.property(fc.array(op, { maxLength: 400, size: "max" }), fc.nat(300), (ops, before) => {
          // Two clocks of the same writes: the second finds the first's full chunks and keeps them.
          for (let copy = 0; copy < 2; copy++) {
            run(
              ops,
              (clock, all, s) => {
                expect(clock.reachedAt(s.cacheRv + 1)).toBe(all.reachedAt(s.cacheRv + 1));
                for (let atNs = Math.max(0, s.nowNs - WINDOW_NS); atNs <= s.nowNs; atNs += 7) {
                  expect(clock.revisionAt(atNs)).toBe(all.revisionAt(atNs));
                }
              },
              indexAt(2, 0) - before,
            );
          }
        }),
      );
    } finally {
      shareSealedChunks(false);
    }
  });

  it("keeps the window's times and one more for a cache stuck behind compaction", () => {
    const ops: Op[] = [{ kind: "close" }];
    for (let i = 0; i < 2000; i++)
      ops.push({ kind: "write", dtNs: 1 }, { kind: "compact", share: 1 });
    let most = 0;
    run(ops, (clock, all, s) => {
      most = Math.max(most, clock.kept);
      expect(clock.reachedAt(s.cacheRv + 1)).toBe(all.reachedAt(s.cacheRv + 1));
    });
    expect(most).toBeLessThanOrEqual(WINDOW_NS + 2);
  });

  it("keeps every time above the revision of a cache whose watch lags, however old", () => {
    const ops: Op[] = [];
    for (let i = 0; i < 2000; i++) ops.push({ kind: "write", dtNs: 1 });
    run(ops, (clock, _all, s) => expect(clock.kept).toBe(s.newest - s.cacheRv + 1));
  });

  it("gives its memory back once a cache that lagged catches up, answering as before", () => {
    const ops: Op[] = [];
    for (let i = 0; i < 5000; i++) ops.push({ kind: "write", dtNs: 1 });
    for (let i = 0; i < 1500; i++)
      ops.push({ kind: "take", events: 4 }, { kind: "write", dtNs: 1 });
    let most = 0;
    let last = 0;
    run(ops, (clock, all, s) => {
      most = Math.max(most, clock.capacity);
      last = clock.capacity;
      expect(clock.reachedAt(s.cacheRv + 1)).toBe(all.reachedAt(s.cacheRv + 1));
      expect(clock.revisionAt(s.nowNs - 3)).toBe(all.revisionAt(s.nowNs - 3));
    });
    // Room for the 5 000 times the lag kept, then for the window's in its chunk or two.
    expect(most).toBeGreaterThanOrEqual(5000);
    expect(last).toBeLessThanOrEqual(2 * CHUNK);
  });
});
