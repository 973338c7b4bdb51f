import { describe, expect, it } from "vitest";
import {
  appendAway,
  appendHerd,
  appendStall,
  appendTime,
  appendToSchedule,
  DEFAULT_SCENARIO,
  encodeScenario,
  parseScenario,
  type Schedule,
  valueAt,
} from "../../src/sim/scenario/index.ts";

const S = 1_000_000_000;
const MS = 1_000_000;

const writes: Schedule = [
  { atNs: 0, value: 2000 },
  { atNs: 120 * S, value: 10 },
  { atNs: 300 * S, value: 50 },
];

describe("valueAt", () => {
  it("gives the value of the last point at or before t", () => {
    expect(valueAt(writes, 0)).toBe(2000);
    expect(valueAt(writes, 120 * S - 1)).toBe(2000);
    expect(valueAt(writes, 120 * S)).toBe(10);
    expect(valueAt(writes, 299 * S)).toBe(10);
    expect(valueAt(writes, 1e6 * S)).toBe(50);
  });

  it("throws on a schedule that does not start at 0, a broken invariant", () => {
    expect(() => valueAt([{ atNs: 5, value: 1 }], 10)).toThrow();
    expect(() => valueAt([], 10)).toThrow();
  });
});

describe("appendToSchedule", () => {
  it("replaces what was planned from t on with the new value", () => {
    expect(appendToSchedule(writes, 200 * S, 7)).toEqual([
      { atNs: 0, value: 2000 },
      { atNs: 120 * S, value: 10 },
      { atNs: 200 * S, value: 7 },
    ]);
  });

  it("drops a point at exactly t", () => {
    expect(appendToSchedule(writes, 120 * S, 7)).toEqual([
      { atNs: 0, value: 2000 },
      { atNs: 120 * S, value: 7 },
    ]);
  });

  it("records t on the next whole millisecond, never earlier than the move", () => {
    expect(appendToSchedule(writes, 130 * S + 1, 7).at(-1)).toEqual({
      atNs: 130 * S + MS,
      value: 7,
    });
    expect(appendToSchedule(writes, 130 * S + MS, 7).at(-1)).toEqual({
      atNs: 130 * S + MS,
      value: 7,
    });
  });

  it("replaces the whole schedule for a move at 0", () => {
    expect(appendToSchedule(writes, 0, 3)).toEqual([{ atNs: 0, value: 3 }]);
  });

  it("adds no point when the value is already in force", () => {
    expect(appendToSchedule(writes, 150 * S, 10)).toEqual(writes.slice(0, 2));
  });

  it("gives a schedule that a link replays: the moves show up in the encoded scenario", () => {
    const lag = appendToSchedule(
      appendToSchedule(DEFAULT_SCENARIO.lag, 12.3456 * S, 800),
      30 * S,
      20,
    );
    const scenario = { ...DEFAULT_SCENARIO, lag };
    expect(encodeScenario(scenario)).toBe("v=3&lag=20@0,800@12.346,20@30");
    expect(parseScenario(encodeScenario(scenario)).scenario).toStrictEqual(scenario);
  });
});

describe("fault appends", () => {
  it("appendTime keeps restarts and compactions in time order", () => {
    expect(appendTime([10 * S, 30 * S], 20.0004 * S)).toEqual([10 * S, 20.001 * S, 30 * S]);
  });

  it("appendHerd and appendAway insert by time", () => {
    expect(appendHerd([{ clients: 5, atNs: 30 * S }], 10 * S, 500)).toEqual([
      { clients: 500, atNs: 10 * S },
      { clients: 5, atNs: 30 * S },
    ]);
    expect(appendAway([], 10 * S, 100, 5 * S)).toEqual([
      { watchers: 100, atNs: 10 * S, durationNs: 5 * S },
    ]);
  });

  it("appendStall adds a window and merges those it overlaps or touches", () => {
    const stalls = [
      { startNs: 10 * S, endNs: 20 * S },
      { startNs: 40 * S, endNs: 50 * S },
    ];
    expect(appendStall(stalls, 25 * S, 5 * S)).toEqual([
      { startNs: 10 * S, endNs: 20 * S },
      { startNs: 25 * S, endNs: 30 * S },
      { startNs: 40 * S, endNs: 50 * S },
    ]);
    expect(appendStall(stalls, 15 * S, 25 * S)).toEqual([{ startNs: 10 * S, endNs: 50 * S }]);
  });

  it("refuses a fault that lasts no time", () => {
    expect(() => appendStall([], 0, 0)).toThrow();
    expect(() => appendAway([], 0, 1, 0)).toThrow();
  });

  it("gives fault lists that a link replays", () => {
    const scenario = {
      ...DEFAULT_SCENARIO,
      stall: appendStall(appendStall([], 15 * S, 2 * S), 5 * S, 3 * S),
      restart: appendTime([], 7.5 * S),
      herd: appendHerd([], 3 * S, 1000),
      away: appendAway([], 4 * S, 10, 2.5 * S),
    };
    expect(encodeScenario(scenario)).toBe(
      "v=3&herd=1000@3&away=10@4:2.5&stall=5-8,15-17&restart=7.5",
    );
    expect(parseScenario(encodeScenario(scenario)).scenario).toStrictEqual(scenario);
  });
});
