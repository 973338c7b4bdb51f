import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Scheduler } from "../../src/sim/scheduler.ts";
import type { Deadlined } from "../../src/sim/world/request-deadlines.ts";
import { RequestDeadlines } from "../../src/sim/world/request-deadlines.ts";

// The deadline queue against its naive reference, one scheduler event per watched attempt
// (upstream: server/filters/timeout.go gives each request its own context deadline): the same
// attempts time out at the same instants, however many answered entries the queue sweeps away,
// and an answered queue does not keep what it held.

const TIMEOUT_NS = 1_000_000;

class Attempt implements Deadlined {
  awaiting = true;
  readonly id: number;
  readonly deadlineNs: number;
  private readonly passed: string[];
  private readonly scheduler: Scheduler;

  constructor(id: number, deadlineNs: number, passed: string[], scheduler: Scheduler) {
    this.id = id;
    this.deadlineNs = deadlineNs;
    this.passed = passed;
    this.scheduler = scheduler;
  }

  deadlinePassed(): void {
    this.awaiting = false;
    this.passed.push(`${this.id}@${this.scheduler.nowNs}`);
  }
}

/** Ops: a new attempt now (true), or the answer of the `n`-th attempt still waiting; time moves. */
type Op = { watch: boolean; pick: number; stepNs: number };

function run(ops: readonly Op[], naive: boolean) {
  const scheduler = new Scheduler();
  const deadlines = new RequestDeadlines(scheduler);
  const passed: string[] = [];
  const waiting: Attempt[] = [];
  let ids = 0;
  let mostSlots = 0;
  for (const op of ops) {
    scheduler.runUntil(scheduler.nowNs + op.stepNs);
    for (let i = waiting.length - 1; i >= 0; i--) if (!waiting[i]?.awaiting) waiting.splice(i, 1);
    if (op.watch) {
      const attempt = new Attempt(++ids, scheduler.nowNs + TIMEOUT_NS, passed, scheduler);
      waiting.push(attempt);
      if (naive)
        scheduler.at(
          attempt.deadlineNs,
          0,
          attempt.id,
          () => attempt.awaiting && attempt.deadlinePassed(),
        );
      else deadlines.watch(attempt);
    } else if (waiting.length > 0) {
      const answered = waiting.splice(op.pick % waiting.length, 1)[0];
      if (answered !== undefined) answered.awaiting = false;
    }
    mostSlots = Math.max(mostSlots, deadlines.slots);
  }
  scheduler.runUntil(scheduler.nowNs + 2 * TIMEOUT_NS);
  return { passed, mostSlots };
}

describe("request deadlines", () => {
  it("time out the same attempts at the same instants as one event per attempt", () => {
    const op = fc.record({
      watch: fc.boolean(),
      pick: fc.nat(),
      // Short steps, so thousands wait within one timeout and the queue is swept.
      stepNs: fc.integer({ min: 0, max: 150 }),
    });
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 20_000, size: "max" }), (ops) => {
        expect(run(ops, false).passed).toEqual(run(ops, true).passed);
      }),
      { numRuns: 40 },
    );
  });

  it("keep no room for attempts long answered, however long the timeout", () => {
    // 200 000 attempts within one timeout, each answered at once after it was watched.
    const ops: Op[] = Array.from({ length: 400_000 }, (_, i) => ({
      watch: i % 2 === 0,
      pick: 0,
      stepNs: 1,
    }));
    const { passed, mostSlots } = run(ops, false);
    expect(passed).toEqual([]);
    // Held at most while the timeout runs: a sweep's worth of entries, not 200 000.
    expect(mostSlots).toBeLessThanOrEqual(16_384);
  });
});
