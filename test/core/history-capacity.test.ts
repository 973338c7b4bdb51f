import { describe, expect, it } from "vitest";
import { capacityUpperBound, suggestedWatchChannelSize } from "../../src/sim/apiserver/capacity.ts";
import { calculateRetryAfterForUnreadyCache } from "../../src/sim/apiserver/retry-after.ts";

const S = 1_000_000_000;

describe("capacityUpperBound", () => {
  it("doubles the bound for a window just above 75 s, and a 300 s window (exactly 4×) quadruples it", () => {
    expect(capacityUpperBound(76 * S)).toBe(204_800);
    expect(capacityUpperBound(300 * S)).toBe(409_600);
    expect(capacityUpperBound(301 * S)).toBe(819_200);
  });
});

describe("suggestedWatchChannelSize", () => {
  it("rounds one second of history up and never goes below 10", () => {
    expect(suggestedWatchChannelSize(7501, 75 * S, true, false)).toBe(101);
    expect(suggestedWatchChannelSize(100, 75 * S, false, false)).toBe(10);
  });
});

describe("calculateRetryAfterForUnreadyCache", () => {
  it("truncates e^(0.06 s) and caps it at 30", () => {
    expect(calculateRetryAfterForUnreadyCache(30 * S)).toBe(6);
    expect(calculateRetryAfterForUnreadyCache(57 * S)).toBe(30);
  });
});
