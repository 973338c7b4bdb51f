import { describe, expect, it } from "vitest";
import type { OutcomeFile } from "../../src/conformance/oracle/compare.ts";
import { coverage, coverageTable } from "../../src/conformance/oracle/coverage.ts";
import { scriptFor } from "../../src/conformance/oracle/versions.ts";
import { randomScript } from "../../src/sim/script/random-script.ts";
import { runScript } from "../../src/sim/script/run-script.ts";

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
    // Seeds whose 429s are all of one kind on 1.37 (the model's outcomes, which equal the real
    // code's on the corpus): random-7 an unready cache's, random-52 the skip gate's.
    const rowsOf = (seed: number) => {
      const s = randomScript(seed);
      const rows = coverage([s], new Map([[s.name, runScript(s).outcome]]));
      return new Map(rows.map((r) => [r.row, r.scripts]));
    };
    const [unready, skipped] = [rowsOf(7), rowsOf(52)];
    const both = (rows: Map<string, number | null>) =>
      ["429 while the cache is (re)initializing", "429 from the skip gate"].map((r) => rows.get(r));
    expect(both(unready)).toEqual([1, 0]);
    expect(both(skipped)).toEqual([0, 1]);
  });
});
