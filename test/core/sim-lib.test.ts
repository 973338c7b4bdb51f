import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { at, defined } from "../../src/sim/lib/at.ts";
import { bisect, firstAbove, firstAboveInRing } from "../../src/sim/lib/bisect.ts";
import { Fifo } from "../../src/sim/lib/fifo.ts";
import { MinHeap } from "../../src/sim/lib/min-heap.ts";
import { numberFifo } from "../../src/sim/lib/number-fifo.ts";
import { smallInteger } from "../../src/sim/lib/small-integer.ts";

// The model's generic structures (src/sim/lib/) against the obvious slow versions of each.

describe("bisect", () => {
  it("finds where a monotone predicate turns true, over any offset range", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50 })),
        fc.integer({ min: -5, max: 55 }),
        fc.nat(),
        fc.nat(),
        (raw, target, a, b) => {
          const xs = [...raw].sort((x, y) => x - y);
          const lo = xs.length === 0 ? 0 : a % (xs.length + 1);
          const hi = lo + (xs.length === 0 ? 0 : b % (xs.length - lo + 1));
          let expected = hi;
          for (let i = lo; i < hi; i++) {
            if ((xs[i] ?? 0) > target) {
              expected = i;
              break;
            }
          }
          expect(bisect(lo, hi, (i) => at(xs, i) > target)).toBe(expected);
        },
      ),
    );
  });

  it("probes the midpoints Go's sort.Search probes", () => {
    const probes: number[] = [];
    bisect(0, 10, (i) => {
      probes.push(i);
      return i >= 7;
    });
    // sort.Search(10, f): h = int(uint(i+j) >> 1) → 5, 8, 7, 6.
    expect(probes).toEqual([5, 8, 7, 6]);
  });

  it("refuses a range that ends before it starts", () => {
    expect(() => bisect(3, 2, () => true)).toThrow("bisect: empty range [3, 2)");
  });

  it("firstAbove and firstAboveInRing answer as bisect does, wherever the ring starts", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1 }),
        fc.integer({ min: -5, max: 55 }),
        fc.nat(),
        fc.nat(),
        (raw, target, rotate, spare) => {
          const xs = [...raw].sort((x, y) => x - y);
          const expected = bisect(0, xs.length, (i) => at(xs, i) > target);
          expect(firstAbove(xs, target, 0, xs.length)).toBe(expected);
          // The same values laid in a larger ring from `head` on, wrapping past its end.
          const ring = new Float64Array(xs.length + (spare % 4));
          const head = rotate % ring.length;
          xs.forEach((x, i) => {
            ring[(head + i) % ring.length] = x;
          });
          expect(firstAboveInRing(ring, head, xs.length, target)).toBe(expected);
        },
      ),
    );
  });
});

describe("at and defined", () => {
  it("read what the index holds and fail on an index outside the array", () => {
    const xs = [10, 20, 30];
    expect(at(xs, 2)).toBe(30);
    expect(defined(xs[0])).toBe(10);
    expect(at(new Float64Array([1.5]), 0)).toBe(1.5);
    expect(() => at(xs, 3)).toThrow("at: index 3 outside [0, 3)");
    expect(() => at(xs, -1)).toThrow("at: index -1 outside [0, 3)");
    expect(() => defined(xs[3])).toThrow("defined: an indexed read found nothing");
  });
});

describe("MinHeap", () => {
  it("pops by key, ties by sequence, like a sorted array", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constant(-1), fc.constant(-2)), {
          maxLength: 300,
        }),
        (ops) => {
          type Item = { t: number; seq: number };
          const heap = new MinHeap<Item>();
          let naive: Item[] = [];
          let seq = 0;
          for (const op of ops) {
            if (op === -1) {
              expect(heap.pop()).toBe(naive.shift());
            } else if (op === -2) {
              // Drops every item with an odd time: the slots of the rest are renumbered.
              heap.retain((item) => item.t % 2 === 0);
              naive = naive.filter((item) => item.t % 2 === 0);
            } else {
              const item = { t: op, seq: seq++ };
              heap.push(item, item.t, item.seq);
              naive.push(item);
              naive.sort((a, b) => a.t - b.t || a.seq - b.seq);
            }
            expect(heap.size).toBe(naive.length);
            expect(heap.peek()).toBe(naive[0]);
            expect([...heap.values()].sort((a, b) => a.seq - b.seq)).toEqual(
              [...naive].sort((a, b) => a.seq - b.seq),
            );
          }
        },
      ),
    );
  });
});

describe.each([
  ["Fifo", (limit: number) => new Fifo<number>(limit)],
  ["NumberFifo", (limit: number) => numberFifo(limit)],
])("%s", (_name, make) => {
  it("keeps arrival order across growth, wrap-around and clearing, like an array", () => {
    // Mostly pushes, so the queue grows while its head has moved (growth across wrap-around).
    const op = fc.oneof(
      { arbitrary: fc.double({ noNaN: true }), weight: 12 },
      { arbitrary: fc.constant("shift" as const), weight: 6 },
      { arbitrary: fc.record({ replace: fc.nat(), by: fc.nat() }), weight: 2 },
      { arbitrary: fc.constant("clear" as const), weight: 1 },
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300, size: "max" }), (ops) => {
        const fifo = make(1000);
        const naive: number[] = [];
        for (const o of ops) {
          if (o === "shift") expect(fifo.shift()).toBe(naive.shift());
          else if (o === "clear") {
            fifo.clear();
            naive.length = 0;
          } else if (typeof o === "object") {
            if (naive.length === 0) continue;
            const offset = o.replace % naive.length;
            fifo.replace(offset, o.by);
            naive[offset] = o.by;
          } else {
            fifo.push(o);
            naive.push(o);
          }
          expect(fifo.length).toBe(naive.length);
          expect(fifo.peek()).toBe(naive[0]);
          expect(fifo.at(naive.length - 1)).toBe(naive[naive.length - 1]);
        }
        expect(Array.from({ length: naive.length }, (_, i) => fifo.at(i))).toEqual(naive);
      }),
    );
  });

  it("gives back the room it grew to once it drains, keeping its order", () => {
    const fifo = make(100_000);
    const naive: number[] = [];
    for (let i = 0; i < 70_000; i++) {
      fifo.push(i);
      naive.push(i);
    }
    expect(fifo.capacity).toBe(131_072);
    // Shifts and a few pushes, so the ring shrinks while its head has wrapped around.
    for (let i = 0; naive.length > 10; i++) {
      expect(fifo.shift()).toBe(naive.shift());
      if (i % 7 === 0) {
        fifo.push(-i);
        naive.push(-i);
      }
    }
    expect(fifo.capacity).toBeLessThanOrEqual(64);
    expect(Array.from({ length: naive.length }, (_, i) => fifo.at(i))).toEqual(naive);
  });

  it("fails loudly past its bound", () => {
    const fifo = make(2);
    fifo.push(1);
    fifo.push(2);
    expect(() => fifo.push(3)).toThrow("fifo: more than 2 items queued");
  });
});

describe("smallInteger", () => {
  it("gives back the number it was given (a negative zero as zero)", () => {
    const numbers = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(2 ** 31, 2 ** 32, 2 ** 53));
    fc.assert(
      fc.property(
        numbers.filter((x) => !Object.is(x, -0)),
        (x) => {
          expect(smallInteger(x)).toBe(x);
        },
      ),
    );
    expect(smallInteger(-0)).toBe(0);
  });
});
