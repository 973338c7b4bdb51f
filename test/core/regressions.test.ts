import { describe, expect, it } from "vitest";
import {
  fast,
  naive,
  runWaiters,
  type WaiterOp,
  type WaiterSetup,
} from "./oracles/freshness-waiters-driver.ts";

// Cases a random test found (or that a broken fast path needed before the random tests found it),
// kept by name so they run on every change whatever the random tests' seeds. A failing seed of
// properties.test.ts or of an oracle test is shrunk by fast-check and its counterexample lands
// here, with a line on what went wrong.

const V133: WaiterSetup = { version: "1.33", noRvGuard: false, timeoutMs: 1000, startRv: 1 };

describe("FreshnessWaiters regressions (against the naive reference)", () => {
  it("two reads parked at one instant, an RV reaching them one event after their deadline", () => {
    // Fails when a deadline event armed late takes a new sequence number instead of the one its
    // read reserved at park: the second read's check then runs after the stream's event.
    const ops: WaiterOp[] = [
      { t: "wait", ahead: 1, progress: false, nested: null },
      { t: "wait", ahead: 1, progress: false, nested: null },
      { t: "later", ms: "timeout", hops: 1, by: 1 },
    ];
    const log = runWaiters(fast, V133, ops);
    expect(log).toEqual(runWaiters(naive, V133, ops));
    // Both deadlines are checked before the RV arrives: both reads time out.
    expect(log.filter((line) => line.includes("Too large resource version"))).toHaveLength(2);
  });

  it("over a thousand reads woken while the first deadline is pending, then another parks", () => {
    // The arrivals list compacts with its arm cursor behind its head: the cursor must follow.
    const ops: WaiterOp[] = [
      { t: "herd", n: 700, ahead: 1 },
      { t: "herd", n: 700, ahead: 1 },
      { t: "bump", by: 1, broadcast: true, cause: "event" },
      { t: "wait", ahead: 1, progress: true, nested: null },
      { t: "advance", ms: 2000 },
    ];
    const log = runWaiters(fast, V133, ops);
    expect(log).toEqual(runWaiters(naive, V133, ops));
    expect(log.filter((line) => line.includes(": ok, waited 0 by event"))).toHaveLength(1400);
  });
});
