import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseVectorFile, runCases } from "../../src/conformance/runner.ts";

// Every case of the upstream vectors of the kinds implemented so far must PASS. As the other
// kinds land, this grows to "no FAIL and no SKIP" over the whole file.

const IMPLEMENTED_KINDS = [
  "history.resize",
  "capacityUpperBound",
  "suggestedWatchChannelSize",
  "retryAfterUnreadyCache",
  "cacher.getWatchCacheResourceVersion",
  "cacher.bookmarkAfterResourceVersion",
  "cacher.computeListLimit",
  "intervalBuffer.isFull",
  "intervalBuffer.isEmpty",
  "intervalBuffer.fill",
  "interval.historySource",
  "watchCache.waitUntilFreshAndGet",
  "watchCache.waitUntilFreshAndGetList",
  "metrics.readWait",
  "history.getAllEventsSince",
  "history.scenario",
];

const file = parseVectorFile(readFileSync("test/data/upstream.json", "utf8"));
if ("error" in file) throw new Error(file.error);
const reports = runCases(file.cases);

describe("conformance: test/data/upstream.json", () => {
  it.each(IMPLEMENTED_KINDS)("passes every %s case", (kind) => {
    const ofKind = reports.filter((r) => r.kind === kind);
    expect(ofKind.length).toBeGreaterThan(0);
    expect(ofKind.filter((r) => r.verdict !== "PASS")).toEqual([]);
  });

  it("fails no case at all", () => {
    expect(reports.filter((r) => r.verdict === "FAIL")).toEqual([]);
  });
});
