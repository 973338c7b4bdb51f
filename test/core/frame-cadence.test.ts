import { describe, expect, it } from "vitest";
import { createFrameCadence } from "../../src/worker/frame-cadence.ts";

describe("the page's frame cadence", () => {
  it("expects the next request one frame after the last, by the shortest recent spacing", () => {
    const cadence = createFrameCadence();
    expect(cadence.nextDueMs(0)).toBe(Number.NEGATIVE_INFINITY);
    cadence.request(1000);
    // One request alone: a 60 Hz display, less the 2 ms the answer needs to arrive.
    expect(cadence.nextDueMs(1005)).toBeCloseTo(1000 + 1000 / 60 - 2);
    cadence.request(1020);
    cadence.request(1060); // a skipped frame does not make the next one due later
    expect(cadence.nextDueMs(1065)).toBe(1060 + 20 - 2);
  });

  it("leaves the worker idle once the page stopped asking (a hidden tab)", () => {
    const cadence = createFrameCadence();
    cadence.request(1000);
    cadence.request(1016);
    expect(cadence.nextDueMs(1100)).toBe(1016 + 16 - 2);
    expect(cadence.nextDueMs(2017)).toBe(Number.POSITIVE_INFINITY);
  });

  it("still expects a page whose requests come a few frames late (a held-up main thread)", () => {
    const cadence = createFrameCadence();
    cadence.request(1000);
    cadence.request(1016);
    // 300 ms without a request: the page is late, not gone, so the worker has no idle time.
    expect(cadence.nextDueMs(1316)).toBe(1016 + 16 - 2);
  });
});
