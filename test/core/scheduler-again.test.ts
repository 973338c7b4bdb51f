import { describe, expect, it } from "vitest";
import { Scheduler } from "../../src/sim/scheduler.ts";

// `again` lets an owner that keeps one event pending (etcd's completions, the watch stream's
// intake) reuse the record of the event now running; it must run in the order and hash of a new
// one: at equal times, after the events scheduled before it.

function run(reuse: boolean): { order: string[]; hash: string } {
  const scheduler = new Scheduler();
  const kind = scheduler.kind("tick");
  const order: string[] = [];
  let left = 3;
  const tick = (): void => {
    order.push(`tick@${scheduler.nowNs}`);
    if (--left === 0) return;
    if (reuse && current !== null) current = scheduler.again(current, scheduler.nowNs + 5, left);
    else current = scheduler.at(scheduler.nowNs + 5, kind, left, tick);
  };
  let current: ReturnType<Scheduler["at"]> | null = scheduler.at(5, kind, 3, tick);
  scheduler.at(10, scheduler.kind("other"), 0, () => order.push(`other@${scheduler.nowNs}`));
  scheduler.runUntil(100);
  return { order, hash: scheduler.traceHash() };
}

describe("Scheduler.again", () => {
  it("runs a reused record in the order, and with the trace hash, of a new event", () => {
    const reused = run(true);
    expect(reused.order).toEqual(["tick@5", "other@10", "tick@10", "tick@15"]);
    expect(reused).toEqual(run(false));
  });

  it("refuses an event that is not the one running", () => {
    const scheduler = new Scheduler();
    const kind = scheduler.kind("tick");
    const waiting = scheduler.at(50, kind, 1, () => {});
    scheduler.at(5, kind, 2, () => {
      expect(() => scheduler.again(waiting, 60, 1)).toThrow(/only the running event/);
    });
    scheduler.runUntil(10);
    expect(() => scheduler.again(waiting, 60, 1)).toThrow(/only the running event/);
  });
});
