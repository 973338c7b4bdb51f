import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseVectorFile, runCases } from "../../src/conformance/runner.ts";

// The harness-W kinds can fail: a real case with one expectation changed is reported FAIL.

type Case = {
  kind: string;
  name: string;
  input: Record<string, unknown>;
  expected: Record<string, unknown>;
};
type Result = Record<string, unknown>;

const file = parseVectorFile(readFileSync("test/data/upstream.json", "utf8"));
if ("error" in file) throw new Error(file.error);
const cases = file.cases as Case[];

function realCase(kind: string, name: string): Case {
  const found = cases.find((c) => c.kind === kind && c.name === name);
  if (found === undefined) throw new Error(`no case ${kind} ${name}`);
  return structuredClone(found);
}

const verdictOf = (c: Case) => runCases([c])[0]?.verdict;
const results = (c: Case) => c.expected["results"] as Result[];
const first = (c: Case) => results(c)[0] as Result;

describe("harness-W kinds report a broken expectation as FAIL", () => {
  it.each([
    [
      "watchCache.waitUntilFreshAndGet",
      "TestWaitUntilFreshAndGet",
      (c: Case) => (first(c)["objectRV"] = 2),
    ],
    [
      "watchCache.waitUntilFreshAndGet",
      "TestWaitUntilFreshAndGet",
      (c: Case) => (first(c)["exists"] = false),
    ],
    [
      "watchCache.waitUntilFreshAndGetList",
      "TestWaitUntilFreshAndGetList",
      (c: Case) => ((results(c)[1] as Result)["indexUsed"] = ""),
    ],
    [
      "watchCache.waitUntilFreshAndGetList",
      "TestWaitUntilFreshAndListFromCache",
      (c: Case) => (first(c)["resourceVersion"] = 2),
    ],
    [
      "metrics.readWait",
      "TestHistogramCacheReadWait/resourceVersion is non-zero",
      (c: Case) => ((c.expected["readWaitHistogram"] as Result)["sumNs"] = 999_999_999),
    ],
    [
      "metrics.readWait",
      "TestHistogramCacheReadWait/resourceVersion is 0",
      (c: Case) => ((c.expected["readWaitHistogram"] as Result)["present"] = true),
    ],
    [
      "history.getAllEventsSince",
      "TestEvents",
      (c: Case) => ((first(c)["error"] as Result)["message"] = "too old resource version: 1 (3)"),
    ],
    [
      "history.getAllEventsSince",
      "TestMarker",
      (c: Case) => ((results(c)[2] as Result)["events"] = []),
    ],
    [
      "history.scenario",
      "TestCacheIncreaseDoesNotBreakWatch",
      (c: Case) => ((first(c)["error"] as Result)["message"] = "too old resource version: 15 (19)"),
    ],
  ])("%s %s with one expectation changed", (kind, name, breakIt) => {
    const c = realCase(kind, name);
    expect(verdictOf(c)).toBe("PASS");
    breakIt(c);
    expect(verdictOf(c)).toBe("FAIL");
  });

  it("hands a queued progress answer over as soon as a read starts to wait", () => {
    const c = realCase("watchCache.waitUntilFreshAndGetList", "TestWaitUntilFreshAndListFromCache");
    const [call, add, answer] = c.input["steps"] as Result[];
    c.input["steps"] = [add, answer, { ...call, await: true }];
    expect(verdictOf(c)).toBe("PASS");
    c.input["consistentReadSupported"] = false;
    expect(verdictOf(c)).toBe("FAIL");
  });

  it("fails a call the manual clock cannot complete when it is awaited", () => {
    const c = realCase("watchCache.waitUntilFreshAndGet", "TestWaitUntilFreshAndGet");
    const steps = c.input["steps"] as Result[];
    (steps[0] as Result)["await"] = true;
    expect(verdictOf(c)).toBe("FAIL");
  });

  it("fails an expected call that never completed", () => {
    const c = realCase("watchCache.waitUntilFreshAndGet", "TestWaitUntilFreshAndGet");
    c.input["steps"] = (c.input["steps"] as Result[]).slice(0, 2);
    expect(verdictOf(c)).toBe("FAIL");
  });
});
