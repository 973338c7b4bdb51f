import { describe, expect, it } from "vitest";
import { parseScenario } from "../../src/sim/scenario/index.ts";
import { readTwin } from "../../src/state/twin-override.ts";

const main = (query: string) => parseScenario(query).scenario;
const SKIP = "ConsistentListFromCacheSkipTimeoutFallback";

describe("readTwin", () => {
  it("replaces only the named keys of the main scenario", () => {
    const reading = readTwin(`gates=${SKIP}=true`, main("lag=4000&herd=2000@10"));
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.differing).toEqual(["gates"]);
    expect(reading.scenario.gatesInForce[SKIP]).toBe(true);
    expect(reading.scenario.lag).toEqual(main("lag=4000").lag);
    expect(reading.scenario.herd).toEqual(main("herd=2000@10").herd);
  });

  it("writes the override back as the codec writes it", () => {
    const reading = readTwin("requestTimeout=300.0&lag=20", main("lag=4000"));
    expect(reading.ok && reading.text).toBe("requestTimeout=300&lag=20");
  });

  it("keeps the main run's name", () => {
    const reading = readTwin("lag=20", main("name=Herd&lag=4000"));
    expect(reading.ok && reading.scenario.name).toBe("Herd");
  });

  it("reports an invalid value with the codec's words", () => {
    const reading = readTwin("lag=lots", main(""));
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(reading.issues[0]?.key).toBe("twin");
    expect(reading.issues[0]?.message).toMatch(/lag: "lots" is not valid/);
    expect(reading.issues[0]?.message).toMatch(/main scenario runs alone/);
  });

  it("refuses a version whose gates the main run's gate settings do not fit", () => {
    const reading = readTwin("k8s=1.36", main(`gates=${SKIP}=true`));
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(reading.issues[0]?.message).toMatch(/unrecognized feature gate/);
    expect(readTwin("k8s=1.36&gates=", main(`gates=${SKIP}=true`)).ok).toBe(true);
  });

  it.each([
    ["colour=blue", /"colour" is not a run key/],
    ["seed=3", /seed cannot differ/],
    ["lag=1&lag=2", /more than once/],
    ["", /names no knob/],
  ])("refuses %j", (text, message) => {
    const reading = readTwin(text, main(""));
    expect(reading.ok ? [] : reading.issues.map((issue) => issue.message)).toEqual([
      expect.stringMatching(message),
    ]);
  });
});
