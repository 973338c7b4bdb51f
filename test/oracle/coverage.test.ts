import { describe, expect, it } from "vitest";
import type { OutcomeFile } from "../../src/conformance/oracle/compare.ts";
import { coverage, coverageTable } from "../../src/conformance/oracle/coverage.ts";
import { scriptFor } from "../../src/conformance/oracle/versions.ts";
import { randomScript } from "../../src/sim/script/random-script.ts";

// The coverage table (docs/oracle.md, "The corpus"): counted under the script's own minor.

const script = { ...randomScript(1), gates: {} };
const answered: OutcomeFile = {
  format: "wcl-oracle-outcome/1",
  script: script.name,
  side: "test",
  requests: [],
  metrics: "",
};
const rowsFor = (k8s: "1.33" | "1.34" | "1.37") => {
  const s = scriptFor(script, k8s);
  return new Map(coverage([s], new Map([[s.name, answered]])).map((r) => [r.row, r.scripts]));
};

describe("the coverage table", () => {
  it("says a gate's rows are not in a minor that lacks the gate", () => {
    const old = rowsFor("1.34");
    for (const row of ["skip-fallback gate on", "skip-fallback gate off", "429 from the skip gate"])
      expect(old.get(row)).toBeNull();
    expect(rowsFor("1.37").get("skip-fallback gate off")).toBe(1);
    const table = coverageTable(coverage([scriptFor(script, "1.33")], new Map()), 1);
    expect(table).toContain("| skip-fallback gate on | not in this version |");
    expect(table).toContain("| LIST RV=0 | **0: not covered** |");
  });

  it("takes a gate the script does not name at its minor's default", () => {
    // ListFromCacheSnapshot: alpha and off in 1.33, beta and on from 1.34.
    expect(rowsFor("1.33").get("ListFromCacheSnapshot off")).toBe(1);
    expect(rowsFor("1.33").get("ListFromCacheSnapshot on")).toBe(0);
    expect(rowsFor("1.34").get("ListFromCacheSnapshot on")).toBe(1);
  });

  it("tells a 429 of an unready cache from the skip gate's", () => {
    const s = scriptFor(script, "1.37");
    const with429 = (message: string) =>
      new Map(
        coverage(
          [s],
          new Map([
            [
              s.name,
              {
                ...answered,
                requests: [
                  {
                    id: "r1",
                    sentAtNs: 0,
                    answeredAtNs: 1,
                    code: 429,
                    message,
                    retryAfterSeconds: 1,
                    listRV: null,
                    count: null,
                    keysDigest: null,
                    firstKey: null,
                    lastKey: null,
                    continue: null,
                    storageCalls: [],
                  },
                ],
              } as OutcomeFile,
            ],
          ]),
        ).map((r) => [r.row, r.scripts]),
      );
    const unready = with429("storage is (re)initializing");
    expect([
      unready.get("429 while the cache is (re)initializing"),
      unready.get("429 from the skip gate"),
    ]).toEqual([1, 0]);
    const skipped = with429("Timeout: Too large resource version: 13, current: 11");
    expect([
      skipped.get("429 while the cache is (re)initializing"),
      skipped.get("429 from the skip gate"),
    ]).toEqual([0, 1]);
  });
});
