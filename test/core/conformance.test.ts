import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { KNOWN_KINDS } from "../../src/conformance/kinds/index.ts";
import { parseVectorFile, runCases } from "../../src/conformance/runner.ts";

// Every upstream kind (docs/conformance.md); each must be run (never SKIP) and pass on the upstream vectors.
const SCHEMA_KINDS = [...KNOWN_KINDS];

const file = parseVectorFile(readFileSync("test/data/upstream.json", "utf8"));
if ("error" in file) throw new Error(file.error);
const reports = runCases(file.cases);

describe("conformance: test/data/upstream.json", () => {
  it.each(SCHEMA_KINDS)("passes every %s case", (kind) => {
    const ofKind = reports.filter((r) => r.kind === kind);
    expect(ofKind.length).toBeGreaterThan(0);
    expect(ofKind.filter((r) => r.verdict !== "PASS")).toEqual([]);
  });

  it("passes all 107 cases: none fails and none is skipped", () => {
    expect(reports.filter((r) => r.verdict !== "PASS")).toEqual([]);
    expect(reports).toHaveLength(107);
  });
});
