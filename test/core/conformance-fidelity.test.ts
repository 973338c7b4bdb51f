import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseVectorFile, runCases } from "../../src/conformance/runner.ts";

// The project's own cases in the vectors' format (docs/fidelity.md, "Conformance cases of our
// own"): each traced to the upstream function in its note. Every one must run and pass.
const FILES = ["test/data/fidelity-stream.json", "test/data/fidelity-metrics.json"];

describe.each(FILES)("conformance: %s", (path) => {
  const file = parseVectorFile(readFileSync(path, "utf8"));
  if ("error" in file) throw new Error(file.error);
  const reports = runCases(file.cases);

  it("runs every case, and every case passes", () => {
    expect(reports.length).toBeGreaterThan(0);
    expect(reports.filter((r) => r.verdict !== "PASS")).toEqual([]);
  });
});
