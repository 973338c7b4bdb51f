import { describe, expect, it } from "vitest";
import { FirstByKey } from "../../src/sim/lib/first-by-key.ts";

// The first value met per key number is the one kept; later values never replace it.

describe("the first value per key number", () => {
  it("keeps the first value met for each key and hands it back for later ones", () => {
    const firsts = new FirstByKey<{ v: number }>();
    const a = { v: 1 };
    const b = { v: 1 };
    expect(firsts.get(5)).toBeNull();
    expect(firsts.first(5, a)).toBe(a);
    expect(firsts.first(5, b)).toBe(a);
    expect(firsts.get(5)).toBe(a);
    // Keys below and above are their own.
    expect(firsts.get(4)).toBeNull();
    expect(firsts.first(2, b)).toBe(b);
    expect(firsts.get(9)).toBeNull();
  });
});
