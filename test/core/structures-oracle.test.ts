import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { WaiterQueue } from "../../src/sim/apiserver/waiter-queue.ts";

// The optimised structures beside FreshnessWaiters, each against a naive reference driven by the
// same random operations (fixed seeds; a failing case becomes a named test in regressions.test.ts).

interface Item {
  readonly targetRv: number;
  readonly seq: number;
  done: boolean;
}

type QueueOp =
  | { readonly t: "push"; readonly rise: number }
  | { readonly t: "pop" }
  | { readonly t: "finish"; readonly nth: number }
  | { readonly t: "retain" };

/** The sorted waiter queue's meaning: a list kept in (target, arrival) order by a full sort. */
class NaiveQueue {
  items: Item[] = [];
  push(item: Item): void {
    this.items = [...this.items, item].sort((a, b) => a.targetRv - b.targetRv || a.seq - b.seq);
  }
}

/** Applies `ops` to both queues, comparing them after every step and at the end. */
function checkQueue(ops: QueueOp[]): void {
  const fast = new WaiterQueue<Item>();
  const naive = new NaiveQueue();
  let target = 10;
  let seq = 0;
  for (const o of ops) {
    if (o.t === "push") {
      target = Math.max(0, target + o.rise);
      const item = { targetRv: target, seq: seq++, done: false };
      fast.push(item);
      naive.push(item);
    } else if (o.t === "pop") {
      expect(fast.pop()).toBe(naive.items.shift());
    } else if (o.t === "finish") {
      const item = naive.items[o.nth % Math.max(1, naive.items.length)];
      if (item !== undefined) item.done = true;
    } else {
      fast.retain((w) => !w.done);
      naive.items = naive.items.filter((w) => !w.done);
    }
    expect(fast.size).toBe(naive.items.length);
    expect(fast.peek()).toBe(naive.items[0]);
  }
  // Everything left comes out in the reference's order.
  const rest: (Item | undefined)[] = [];
  while (fast.size > 0) rest.push(fast.pop());
  expect(rest).toEqual(naive.items);
}

describe("WaiterQueue against a fully sorted list", () => {
  it("peeks, pops and retains the same waiters in the same order", { timeout: 30_000 }, () => {
    const op = fc.oneof(
      // Targets mostly grow (etcd's revision when a read was sent), sometimes fall back.
      {
        weight: 5,
        arbitrary: fc.record({
          t: fc.constant("push" as const),
          rise: fc.integer({ min: -6, max: 4 }),
        }),
      },
      { weight: 3, arbitrary: fc.record({ t: fc.constant("pop" as const) }) },
      { weight: 2, arbitrary: fc.record({ t: fc.constant("finish" as const), nth: fc.nat(50) }) },
      { weight: 1, arbitrary: fc.record({ t: fc.constant("retain" as const) }) },
    );
    fc.assert(fc.property(fc.array(op, { maxLength: 6000, size: "max" }), checkQueue), {
      seed: 0x9a17,
      numRuns: 8,
    });
  });

  it("agrees over long runs without a purge (where its array compacts)", {
    timeout: 30_000,
  }, () => {
    const op = fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record({
          t: fc.constant("push" as const),
          rise: fc.integer({ min: -2, max: 3 }),
        }),
      },
      { weight: 4, arbitrary: fc.record({ t: fc.constant("pop" as const) }) },
    );
    fc.assert(fc.property(fc.array(op, { minLength: 5000, maxLength: 6000 }), checkQueue), {
      seed: 0x9a17,
      numRuns: 4,
      // Shrinking thousands of operations against the naive sort takes minutes: report as found.
      endOnFailure: true,
    });
  });
});
