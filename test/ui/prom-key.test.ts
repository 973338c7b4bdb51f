import { describe, expect, it } from "vitest";
import { readOpeningKeys } from "../../src/state/opening-keys.ts";
import { promSemanticsOf } from "../../src/state/prom-semantics.ts";

describe("the page key prom: which Prometheus the windowed figures follow", () => {
  it("is Prometheus 3 when the link says nothing", () => {
    expect(promSemanticsOf(readOpeningKeys({}).pageKeys)).toBe("3");
  });

  it("keeps 2 and 3 as written, with no banner", () => {
    for (const value of ["2", "3"]) {
      const keys = readOpeningKeys({ prom: value });
      expect(keys.issues).toEqual([]);
      expect(promSemanticsOf(keys.pageKeys)).toBe(value);
    }
  });

  it("reports an unknown value with what is allowed, drops it and follows Prometheus 3", () => {
    const keys = readOpeningKeys({ prom: "2.42", t: "10" });
    expect(keys.issues.map((issue) => issue.message)).toEqual([
      'prom: "2.42" is not valid: expected one of 3 (Prometheus 3), 2 (Prometheus 2); the windowed figures follow Prometheus 3',
    ]);
    expect(keys.pageKeys).toEqual({ t: "10" });
    expect(promSemanticsOf(keys.pageKeys)).toBe("3");
  });
});
