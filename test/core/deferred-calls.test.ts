import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DeferredCalls } from "../../src/sim/deferred-calls.ts";
import { Scheduler } from "../../src/sim/scheduler.ts";

// DeferredCalls keeps one scheduler event pending for many calls; its reference is the naive
// form it replaced, one `scheduler.after` with a closure per call. Both are driven by the same
// random plan: calls asked for at random instants with random delays (equal ones, longer ones,
// shorter ones that overtake the queue), other events of their own in between, and calls that
// ask for more calls when they run. The calls must run in the same order, at the same instants,
// and the scheduler's trace hash must be the same.

interface Ask {
  /** When the call is asked for (by an event of its own at that instant). */
  readonly atNs: number;
  readonly delayNs: number;
  /** Delays of the calls this call asks for when it runs. */
  readonly follows: readonly number[];
}

interface Plan {
  readonly asks: readonly Ask[];
  /** Other events, at these instants. */
  readonly others: readonly number[];
}

type Later = (delayNs: number, id: number, label: string, follows: readonly number[]) => void;

function run(plan: Plan, deferred: boolean): { order: string[]; hash: string } {
  const scheduler = new Scheduler();
  const order: string[] = [];
  const other = scheduler.kind("other");
  const asker = scheduler.kind("ask");
  let nextId = 0;
  const ran = (id: number, label: string, follows: readonly number[]): void => {
    order.push(`${label}#${id}@${scheduler.nowNs}`);
    for (const delayNs of follows) later(delayNs, nextId++, `${label}>`, []);
  };
  const calls = new DeferredCalls<string, readonly number[]>(scheduler, "walk", ran);
  const later: Later = deferred
    ? (delayNs, id, label, follows) => calls.after(delayNs, id, label, follows)
    : (delayNs, id, label, follows) => {
        // The kind is registered on the first call asked for, as DeferredCalls does.
        const kind = scheduler.kind("walk");
        scheduler.after(delayNs, kind, id, () => ran(id, label, follows));
      };
  plan.asks.forEach((ask, i) => {
    scheduler.at(ask.atNs, asker, i, () => later(ask.delayNs, nextId++, `c${i}`, ask.follows));
  });
  for (const atNs of plan.others) {
    scheduler.at(atNs, other, 0, () => order.push(`other@${scheduler.nowNs}`));
  }
  scheduler.runUntil(1_000_000);
  return { order, hash: scheduler.traceHash() };
}

const delay = fc.oneof(fc.constant(5), fc.constant(0), fc.integer({ min: 0, max: 30 }));
const plans: fc.Arbitrary<Plan> = fc.record({
  asks: fc.array(
    fc.record({
      atNs: fc.integer({ min: 0, max: 100 }),
      delayNs: delay,
      follows: fc.array(delay, { maxLength: 2 }),
    }),
    { maxLength: 40 },
  ),
  others: fc.array(fc.integer({ min: 0, max: 150 }), { maxLength: 10 }),
});

describe("DeferredCalls", () => {
  it("runs every call where its own scheduler event would run, trace hash included", () => {
    fc.assert(
      fc.property(plans, (plan) => {
        expect(run(plan, true)).toEqual(run(plan, false));
      }),
      { seed: 38, numRuns: 400 },
    );
  });

  it("keeps a shorter delay's call ahead of longer ones queued before it", () => {
    const plan: Plan = {
      asks: [
        { atNs: 0, delayNs: 10, follows: [] },
        { atNs: 0, delayNs: 10, follows: [] },
        { atNs: 2, delayNs: 3, follows: [] },
        { atNs: 2, delayNs: 8, follows: [] },
      ],
      others: [10],
    };
    const deferred = run(plan, true);
    expect(deferred.order).toEqual(["c2#2@5", "other@10", "c0#0@10", "c1#1@10", "c3#3@10"]);
    expect(deferred).toEqual(run(plan, false));
  });
});
