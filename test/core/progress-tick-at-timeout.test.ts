import { describe, expect, it } from "vitest";
import { fast, runWaiters } from "./oracles/freshness-waiters-driver.ts";

// upstream: progress/watch_progress.go ConditionalProgressRequester.Run asks etcd only if a read
// still waits when its 100 ms timer fires. A read parked at 0 with a 3 s timeout sets its timer
// before the requester's 30th tick (set at 2.9 s) that falls on 3 s: its timer fires first, the
// read leaves, and the tick finds nobody waiting (the oracle's random-102 against v0.37.2).

describe("the progress tick that falls on a waiter's timeout", () => {
  it("sends no request once the read has left", () => {
    const setup = { version: "1.37", noRvGuard: false, timeoutMs: 3000, startRv: 10 } as const;
    const log = runWaiters(fast, setup, [
      { t: "wait", ahead: 5, progress: true, nested: null },
      { t: "advance", ms: 4000 },
    ]);
    const requests = log.filter((l) => l.endsWith("progress request"));
    // At 0, 100 ms, …, 2.9 s: 30 requests, none at 3 s.
    expect(requests.length).toBe(30);
    expect(requests.at(-1)).toBe("2900000000 progress request");
  });
});
