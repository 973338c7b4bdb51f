import { describe, expect, it } from "vitest";
import {
  FIRST_MARK_KINDS,
  MarkRecorder,
  type MarkView,
  RECENT_MARKS,
} from "../../src/sim/marks.ts";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { createSimulation } from "../../src/sim/simulation.ts";
import { NS_PER_MS, NS_PER_S } from "../../src/sim/time.ts";
import { SCREEN_VIEW } from "../../src/state/snapshot-view.ts";
import { run } from "./simulation-helpers.ts";

const marksOf = (query: string, seconds: number) => run(query, seconds).snapshot(SCREEN_VIEW).marks;
const at = (marks: MarkView[], kind: MarkView["kind"]) => marks.find((m) => m.kind === kind)?.atNs;
const kinds = (marks: MarkView[]) => marks.map((m) => m.kind);

describe("marks of a lagging cache (lag=5000)", () => {
  const marks = marksOf("lag=5000", 20);

  it("records the first wait, then the first fallback 3 s after it", () => {
    const waitNs = at(marks, "firstWait") as number;
    const fallbackNs = at(marks, "firstFallback") as number;
    expect(waitNs).toBeLessThan(0.1 * NS_PER_S);
    expect(fallbackNs - waitNs).toBeGreaterThanOrEqual(3 * NS_PER_S);
    expect(fallbackNs - waitNs).toBeLessThan(3.05 * NS_PER_S);
  });

  it("records the lag crossing 1 s and then the 3 s wall", () => {
    const lags = marks.filter((m) => m.kind === "lagAbove");
    expect(lags.map((m) => m.detail)).toEqual([
      "the cache fell more than 1 s behind etcd",
      "the cache fell more than 3 s behind etcd",
    ]);
    expect(lags[0]?.atNs).toBeGreaterThan(NS_PER_S);
  });

  it("keeps its marks in time order with each first kind once", () => {
    const times = marks.map((m) => m.atNs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const kind of FIRST_MARK_KINDS) {
      expect(marks.filter((m) => m.kind === kind).length).toBeLessThanOrEqual(1);
    }
  });
});

describe("marks", () => {
  it("record a 429 instead of a fallback with the skip-fallback gate", () => {
    const marks = marksOf("gates=ConsistentListFromCacheSkipTimeoutFallback=true&lag=5000", 5);
    expect(kinds(marks)).toContain("first429");
    expect(kinds(marks)).not.toContain("firstFallback");
  });

  it("record faults at the times the scenario gives them", () => {
    const marks = marksOf("stall=10-15&restart=20&herd=200@30&compact=25&away=5@35:10", 40);
    expect(at(marks, "stallStart")).toBe(10 * NS_PER_S);
    expect(at(marks, "stallEnd")).toBe(15 * NS_PER_S);
    expect(at(marks, "pending")).toBe(20 * NS_PER_S);
    expect(at(marks, "ready")).toBeGreaterThan(20 * NS_PER_S);
    expect(at(marks, "compaction")).toBe(25 * NS_PER_S);
    expect(at(marks, "herd")).toBe(30 * NS_PER_S);
    expect(marks.find((m) => m.kind === "away")?.detail).toBe("5 watchers went away for 10 s");
  });

  it("record the ring growing with churn and shrinking in the quiet after it", () => {
    const marks = marksOf("writes=400@0,20@20&reads=0&watchers=0&otherWrites=0", 400);
    const grows = marks.filter((m) => m.kind === "ringGrow");
    expect(grows[0]?.detail).toBe("the history ring grew from 100 to 200 events");
    expect(grows.slice(0, 2).map((m) => m.capacity)).toEqual([
      { from: 100, to: 200 },
      { from: 200, to: 400 },
    ]);
    expect(grows).toHaveLength(7);
    expect(kinds(marks)).toContain("ringShrink");
  });

  it("do not depend on how the run was sliced into advances", () => {
    const query = "lag=2000&stall=4-6&writes=300";
    const whole = marksOf(query, 12);
    const sim = createSimulation(parseScenario(query).scenario);
    for (let t = 0; t <= 12 * NS_PER_S; t += 37 * NS_PER_MS) sim.advanceTo(t);
    sim.advanceTo(12 * NS_PER_S);
    expect(sim.snapshot(SCREEN_VIEW).marks).toEqual(whole);
  });
});

describe("MarkRecorder", () => {
  it("keeps every first mark and the most recent others, and counts them all", () => {
    const recorder = new MarkRecorder();
    recorder.record(5, "firstWait", "waited");
    for (let i = 0; i < RECENT_MARKS + 50; i++) recorder.record(10 + i, "ringGrow", `grew ${i}`);
    const view = recorder.view();
    expect(recorder.count).toBe(RECENT_MARKS + 51);
    expect(view).toHaveLength(RECENT_MARKS + 1);
    expect(view[0]?.kind).toBe("firstWait");
    expect(view[1]?.detail).toBe("grew 50");
    expect(view.at(-1)?.seq).toBe(RECENT_MARKS + 50);
  });

  it("refuses a first mark twice", () => {
    const recorder = new MarkRecorder();
    recorder.record(1, "first429", "429");
    expect(() => recorder.record(2, "first429", "429")).toThrow(/twice/);
  });
});
