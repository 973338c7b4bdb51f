import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { podKey } from "../../src/sim/apiserver/pod.ts";
import { WaiterQueue } from "../../src/sim/apiserver/waiter-queue.ts";
import { EtcdKv } from "../../src/sim/etcd/kv.ts";
import { NaiveKv } from "./oracles/naive-kv.ts";

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

type KvOp =
  | {
      readonly t: "write";
      readonly ns: number;
      readonly name: number;
      readonly node: number;
      readonly remove: boolean;
    }
  | { readonly t: "outside" }
  | { readonly t: "compact"; readonly back: number }
  | {
      readonly t: "read";
      readonly prefix: number;
      readonly back: number;
      readonly limit: number;
      readonly after: number;
    };

const PREFIX = "/registry/pods/";
const NAMESPACES = ["a", "b", "bb"];
const prefixes = [PREFIX, `${PREFIX}a/`, `${PREFIX}b`, `${PREFIX}bb/pod-1`, "/registry/other/"];

describe("etcd's key records against the whole log", () => {
  it("reads, counts and logs the same at every revision, compactions included", () => {
    const op: fc.Arbitrary<KvOp> = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          t: fc.constant("write" as const),
          ns: fc.nat(2),
          name: fc.nat(7),
          node: fc.nat(2),
          remove: fc.boolean(),
        }),
      },
      { weight: 1, arbitrary: fc.record({ t: fc.constant("outside" as const) }) },
      { weight: 1, arbitrary: fc.record({ t: fc.constant("compact" as const), back: fc.nat(12) }) },
      {
        weight: 4,
        arbitrary: fc.record({
          t: fc.constant("read" as const),
          prefix: fc.nat(prefixes.length - 1),
          back: fc.nat(15),
          limit: fc.nat(4),
          after: fc.integer({ min: -1, max: 30 }),
        }),
      },
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 150, size: "max" }), (ops) => {
        const fast = new EtcdKv(3, PREFIX);
        const naive = new NaiveKv(3, PREFIX);
        for (const o of ops) {
          if (o.t === "write") {
            const pod = { namespace: NAMESPACES[o.ns] as string, name: `pod-${o.name}` };
            const spec = { ...pod, nodeName: `node-${o.node}`, labels: { app: `x${o.node}` } };
            const exists = naive.current(podKey(PREFIX, pod)) !== null;
            if (!exists) expect(fast.create(spec)).toEqual(naive.create(spec));
            else if (o.remove)
              expect(fast.delete(pod.namespace, pod.name)).toEqual(
                naive.delete(pod.namespace, pod.name),
              );
            else expect(fast.update(spec)).toEqual(naive.update(spec));
          } else if (o.t === "outside") {
            expect(fast.writeOutside()).toBe(naive.writeOutside());
          } else if (o.t === "compact") {
            const rev = Math.max(1, naive.revision - o.back);
            fast.compact(rev);
            naive.compact(rev);
          } else {
            const prefix = prefixes[o.prefix] as string;
            const rev = Math.max(1, naive.revision - o.back);
            // A continue key: a key that exists, one that sorts just after it, or none.
            const keys = naive.log.map((e) => e.key);
            const key = keys[o.after % Math.max(1, keys.length)];
            const after =
              o.after < 0 || key === undefined ? "" : o.after % 2 === 0 ? key : `${key}\x00`;
            expect(fast.rangeAt(prefix, rev, o.limit, after)).toEqual(
              naive.rangeAt(prefix, rev, o.limit, after),
            );
            if (key !== undefined) expect(fast.getAt(key, rev)).toEqual(naive.getAt(key, rev));
            if (rev >= naive.compactedRevision) {
              expect(fast.countAt(prefix, rev)).toBe(naive.countAt(prefix, rev));
            }
            expect(fast.firstEventAfter(rev)).toBe(naive.firstEventAfter(rev));
          }
          expect([fast.revision, fast.compactedRevision, fast.podCount, fast.logEnd]).toEqual([
            naive.revision,
            naive.compactedRevision,
            naive.podCount,
            naive.logEnd,
          ]);
          // The events a watch may still read: from the compacted revision on.
          const from = fast.firstEventAfter(fast.compactedRevision - 1);
          expect(from).toBe(naive.firstEventAfter(naive.compactedRevision - 1));
          for (let i = from ?? fast.logEnd; i < fast.logEnd; i++) {
            expect(fast.eventAt(i)).toEqual(naive.eventAt(i));
          }
        }
      }),
      { seed: 0xe7cd, numRuns: 60 },
    );
  });
});
