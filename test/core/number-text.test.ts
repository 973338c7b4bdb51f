import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { numberText } from "../../src/content/number-text.ts";

// numberText stands in for toLocaleString("en-US") on the page without loading ICU: Node's ICU is
// the oracle, on numbers of every size and on the ties where rounding rules differ.

const locale = (n: number, digits: number) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits });

describe("numberText", () => {
  it("prints as toLocaleString('en-US') does", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: true, min: -1e22, max: 1e22 }),
          fc.integer({ min: -1e9, max: 1e9 }),
          fc.integer({ min: -100_000, max: 100_000 }).map((k) => k / 1000),
          fc.integer({ min: -100_000, max: 100_000 }).map((k) => k / 20),
        ),
        fc.integer({ min: 0, max: 6 }),
        (n, digits) => {
          expect(numberText(n, digits)).toBe(locale(n, digits));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("matches on the edges", () => {
    for (const n of [0, -0, 0.0005, -0.0005, 1.0005, 2.5, -2.5, 999.9996, 1e21, 123456789.125])
      for (const digits of [0, 1, 3]) expect(numberText(n, digits)).toBe(locale(n, digits));
    expect(numberText(12000)).toBe("12,000");
    expect(numberText(0.1)).toBe("0.1");
  });
});
