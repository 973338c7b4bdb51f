import { describe, expect, it } from "vitest";
import { limitValidChecks } from "../../src/conformance/harness/interval-validator.ts";

describe("limitValidChecks", () => {
  it("answers as usual for the first N checks, then invalid for every later one", () => {
    const seen: number[] = [];
    const validator = limitValidChecks((i) => {
      seen.push(i);
      return i >= 5;
    }, 2);
    expect([validator(7), validator(3), validator(9), validator(9)]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(seen).toEqual([7, 3]);
  });

  it("keeps the usual check when the limit is null", () => {
    const usual = (i: number) => i >= 5;
    expect(limitValidChecks(usual, null)).toBe(usual);
  });
});
