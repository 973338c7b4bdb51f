import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MalformedCase } from "../../src/conformance/malformed.ts";
import {
  DEFAULT_REGISTRY,
  formatReport,
  parseVectorFile,
  runCases,
} from "../../src/conformance/runner.ts";
import { parseSteps } from "../../src/conformance/schema/ops.ts";

// Proof that the runner can fail: real cases with one expectation broken must be reported FAIL,
// malformed cases FAIL with a reason, and kinds or ops it does not run SKIP (never PASS).

type Case = {
  kind: string;
  name: string;
  input: Record<string, unknown>;
  expected: Record<string, unknown>;
};

const file = parseVectorFile(readFileSync("test/data/upstream.json", "utf8"));
if ("error" in file) throw new Error(file.error);
const cases = file.cases as Case[];

function realCase(kind: string, index = 0): Case {
  const found = cases.filter((c) => c.kind === kind)[index];
  if (found === undefined) throw new Error(`no case of kind ${kind}`);
  return structuredClone(found);
}

const verdictOf = (c: unknown) => {
  const [report] = runCases([c]);
  if (report === undefined) throw new Error("no report");
  return report;
};

describe("the runner reports a broken expectation as FAIL", () => {
  it.each([
    [
      "history.resize",
      (c: Case) => (c.expected["capacity"] = (c.expected["capacity"] as number) + 1),
    ],
    ["history.resize", (c: Case) => (c.expected["retainedKeys"] as string[]).reverse()],
    ["capacityUpperBound", (c: Case) => (c.expected["upperBoundCapacity"] = 102401)],
    ["suggestedWatchChannelSize", (c: Case) => (c.expected["channelSize"] = 11)],
    ["retryAfterUnreadyCache", (c: Case) => (c.expected["retryAfterSeconds"] = 2)],
    [
      "cacher.getWatchCacheResourceVersion",
      (c: Case) => (c.expected["requiredResourceVersion"] = 1),
    ],
    [
      "cacher.bookmarkAfterResourceVersion",
      (c: Case) => (c.expected["bookmarkAfterResourceVersion"] = 7),
    ],
    ["cacher.computeListLimit", (c: Case) => (c.expected["limit"] = 5)],
    ["intervalBuffer.isFull", (c: Case) => (c.expected["isFull"] = !c.expected["isFull"])],
    ["intervalBuffer.isEmpty", (c: Case) => (c.expected["isEmpty"] = !c.expected["isEmpty"])],
    ["intervalBuffer.fill", (c: Case) => (c.expected["copiedPerFill"] as number[]).push(0)],
    ["interval.historySource", (c: Case) => (c.expected["historyCapacity"] = 211)],
  ])("%s with one expectation changed", (kind, breakIt) => {
    const c = realCase(kind, 1);
    expect(verdictOf(c).verdict).toBe("PASS");
    breakIt(c);
    expect(verdictOf(c).verdict).toBe("FAIL");
  });

  it("interval.historySource with a wrong invalidation message", () => {
    const c = realCase("interval.historySource", 2);
    const probes = c.expected["invalidationProbes"] as { message: string }[];
    (probes[1] as { message: string }).message =
      "cache interval invalidated, interval startIndex: 101";
    const report = verdictOf(c);
    expect(report.verdict).toBe("FAIL");
    expect(report.reason).toContain("invalidationProbes[1].message");
  });

  it("history.resize doubled in a ring whose events are all stale", () => {
    const c = realCase("history.resize", 0);
    c.input["intervalNs"] = 76_000_000_000;
    c.input["resizeAtNs"] = 380_000_000_000;
    expect(verdictOf(c).verdict).toBe("FAIL");
  });
});

describe("the runner reports a malformed case as FAIL with a reason", () => {
  it("a missing input field", () => {
    const c = realCase("history.resize");
    delete c.input["lowerBoundCapacity"];
    const report = verdictOf(c);
    expect(report.verdict).toBe("FAIL");
    expect(report.reason).toContain("input");
  });

  it("a field of the wrong type", () => {
    const c = realCase("capacityUpperBound");
    c.input["eventFreshDurationNs"] = "75s";
    expect(verdictOf(c).verdict).toBe("FAIL");
  });

  it("a non-integer number", () => {
    const c = realCase("retryAfterUnreadyCache");
    c.input["downtimeNs"] = 1.5;
    expect(verdictOf(c).verdict).toBe("FAIL");
  });

  it("an extra field in expected", () => {
    const c = realCase("cacher.computeListLimit");
    c.expected["extra"] = 1;
    expect(verdictOf(c).verdict).toBe("FAIL");
  });

  it("a case that is not an object, and one without its top-level fields", () => {
    expect(verdictOf(42).verdict).toBe("FAIL");
    expect(verdictOf({ kind: "capacityUpperBound", name: "x" }).verdict).toBe("FAIL");
  });

  it("a ring the model rejects", () => {
    const c = realCase("history.resize");
    c.input["eventCount"] = 99;
    const report = verdictOf(c);
    expect(report.verdict).toBe("FAIL");
    expect(report.reason).toContain("the model threw");
  });

  it("a duplicate (kind, name) pair", () => {
    const c = realCase("cacher.computeListLimit");
    const reports = runCases([c, structuredClone(c)]);
    expect(reports.map((r) => r.verdict)).toEqual(["PASS", "FAIL"]);
  });
});

describe("the runner never passes what it does not run", () => {
  it("an unknown kind is SKIP", () => {
    const c = realCase("cacher.computeListLimit");
    c.kind = "cacher.somethingElse";
    expect(verdictOf(c)).toMatchObject({ verdict: "SKIP", reason: "unknown kind" });
  });

  it("a schema kind without a registered module is SKIP, whatever its expectations", () => {
    const c = realCase("delegator.get");
    const { "delegator.get": _removed, ...modules } = DEFAULT_REGISTRY.modules;
    const [report] = runCases([c], { ...DEFAULT_REGISTRY, modules });
    expect(report?.verdict).toBe("SKIP");
  });
});

describe("parseSteps", () => {
  it("skips an op outside the vocabulary or outside the kind's ops", () => {
    expect(parseSteps([{ op: "teleport" }], ["add"])).toMatchObject({ ok: false });
    expect(parseSteps([{ op: "setPending" }], ["add"])).toMatchObject({ ok: false });
  });

  it("types a known op and throws MalformedCase for bad arguments", () => {
    expect(parseSteps([{ op: "clockStep", durationNs: 5 }], ["clockStep"])).toEqual({
      ok: true,
      steps: [{ op: "clockStep", durationNs: 5 }],
    });
    expect(() => parseSteps([{ op: "clockStep" }], ["clockStep"])).toThrow(MalformedCase);
  });
});

describe("formatReport", () => {
  it("prints one tab-separated line per case and the tally", () => {
    const good = realCase("cacher.computeListLimit");
    const bad = realCase("cacher.computeListLimit", 1);
    bad.expected["limit"] = 9;
    const text = formatReport(runCases([good, bad]));
    const lines = text.trimEnd().split("\n");
    expect(lines[0]).toBe(`PASS\tcacher.computeListLimit\t${good.name}`);
    expect(lines[1]?.split("\t").slice(0, 3)).toEqual([
      "FAIL",
      "cacher.computeListLimit",
      bad.name,
    ]);
    expect(lines[1]?.split("\t")).toHaveLength(4);
    expect(lines[2]).toBe("1 passed, 1 failed, 0 skipped");
  });
});
