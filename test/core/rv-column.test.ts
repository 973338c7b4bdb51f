import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KeyColumns } from "../../src/sim/etcd/key-columns.ts";
import { firstAbove } from "../../src/sim/lib/bisect.ts";
import { RvColumn } from "../../src/sim/lib/rv-column.ts";
import { SealedChunks, shareSealedChunks } from "../../src/sim/lib/sealed-chunks.ts";

// The 4-byte column of RVs, revisions and log indexes (lib/rv-column.ts) keeps what does not fit
// 32 signed bits beside it: every value, the −1 that etcd uses for "none", the slot value that
// marks a wide one and those past 2^31 − 1 and 2^32 − 1 alike, reads back as it was set.

const EDGES = [
  0,
  -1,
  1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) + 1,
  -(2 ** 31),
  2 ** 32 - 2,
  2 ** 32 - 1,
  2 ** 32,
  2 ** 53,
  -0,
  0.5,
  -1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];

describe("RvColumn", () => {
  it("reads back every value it was set to, wide or not, after overwrites and growth", () => {
    const column = new RvColumn(EDGES.length);
    for (const [slot, value] of EDGES.entries()) column.set(slot, value);
    column.grow(2 * EDGES.length);
    expect(EDGES.map((_, slot) => column.get(slot))).toEqual(EDGES); // toEqual tells −0 from 0
    expect(column.get(EDGES.length)).toBe(0); // a grown slot
    // Each slot set again to its mirror's value: wide over narrow and narrow over wide.
    const mirror = [...EDGES].reverse();
    for (const [slot, value] of mirror.entries()) column.set(slot, value);
    expect(mirror.map((_, slot) => column.get(slot))).toEqual(mirror);
  });

  it("tells equal columns from ones that differ only in a wide value or in −0", () => {
    const filled = (values: number[]) => {
      const column = new RvColumn(values.length);
      for (const [slot, value] of values.entries()) column.set(slot, value);
      return column;
    };
    expect(filled(EDGES).sameAs(filled(EDGES))).toBe(true);
    expect(filled([1, 2 ** 32]).sameAs(filled([1, 2 ** 32 + 1]))).toBe(false);
    expect(filled([1, 0]).sameAs(filled([1, -0]))).toBe(false);
    // A slot that was wide and is narrow again leaves nothing behind to compare.
    const rewritten = filled([1, 2 ** 40]);
    rewritten.set(1, 7);
    expect(rewritten.sameAs(filled([1, 7]))).toBe(true);
  });

  it("finds the first value above x as a search of the values would", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1, max: 6 }), { maxLength: 40 }),
        fc.boolean(),
        fc.integer({ min: -6, max: 60 }),
        fc.boolean(),
        (steps, wide, offset, half) => {
          // Ascending values from −1, past 2^31 when `wide`; x among them, whole or not.
          let value = wide ? 2 ** 31 - 4 : -1;
          const x = value + offset + (half ? 0.5 : 0);
          const values = steps.map((step) => (value += Math.max(step, 0)));
          const column = new RvColumn(values.length);
          for (const [slot, v] of values.entries()) column.set(slot, v);
          expect(column.firstAbove(x, 0, values.length)).toBe(
            firstAbove(values, x, 0, values.length),
          );
        },
      ),
      { seed: 12 },
    );
  });

  it("is shared as a sealed chunk only with a column of the same values", () => {
    shareSealedChunks(true);
    try {
      const registry = new SealedChunks<RvColumn>((a, b) => a.sameAs(b));
      const make = (last: number) => {
        const column = new RvColumn(3);
        column.set(0, -1);
        column.set(1, 2 ** 32 - 1);
        column.set(2, last);
        return column;
      };
      const first = make(2 ** 32);
      expect(registry.seal(0, first)).toBe(first);
      expect(registry.seal(0, make(2 ** 32))).toBe(first);
      const other = make(2 ** 32 + 1);
      expect(registry.seal(0, other)).toBe(other);
      expect(other.get(2)).toBe(2 ** 32 + 1);
      expect(first.get(2)).toBe(2 ** 32);
    } finally {
      shareSealedChunks(false);
    }
  });
});

describe("etcd's key columns in 4 bytes", () => {
  const body = { namespace: "ns", name: "p", nodeName: "", labels: {} };

  it("read a new key as revision 0 and event −1, and any later write exactly", () => {
    const keys = new KeyColumns();
    const index = keys.add(1_000_000, body);
    expect([keys.rev(index), keys.event(index)]).toEqual([0, -1]);
    for (const [rev, event] of [
      [2 ** 31 - 1, 2 ** 31 - 2],
      [2 ** 32 - 1, 2 ** 31],
      [2 ** 32 + 5, 2 ** 32],
      [3, 2],
    ] as const) {
      keys.written(index, rev, event, body);
      expect([keys.rev(index), keys.event(index)]).toEqual([rev, event]);
    }
    // Keys added after it, past the columns' first size, leave it as it was.
    for (let i = 1; i <= 2_000; i++) keys.add(1_000_000 + i, body);
    expect([keys.rev(index), keys.event(index), keys.event(2_000)]).toEqual([3, 2, -1]);
  });
});
