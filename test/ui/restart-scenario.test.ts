import { describe, expect, it } from "vitest";
import { encodeScenario, parseScenario } from "../../src/sim/scenario/index.ts";
import { restartScenario } from "../../src/state/restart-scenario.ts";

const S = 1_000_000_000;
const scenario = (query: string) => parseScenario(query).scenario;

describe("restartScenario (a run-setting change)", () => {
  it("starts every live setting at the value in force now", () => {
    const { scenario: next, kept } = restartScenario(scenario("lag=20@0,5000@12.5"), 40 * S);
    expect(encodeScenario(next)).toBe("v=3&lag=5000");
    expect(kept).toBe(" with the live settings in force at 40.0 s (Watch lag 5,000 ms)");
  });

  it("keeps the points planned after now, and a schedule never moved live as written", () => {
    const { scenario: next, kept } = restartScenario(
      scenario("v=2&writes=2000@0,10@120&reads=50"),
      50 * S,
    );
    expect(encodeScenario(next)).toBe("v=2&writes=2000@0,10@120&reads=50");
    expect(kept).toBe("");
  });

  it("says the faults in the link replay at their moments", () => {
    const { kept } = restartScenario(scenario("herd=1000@3&compact=5"), 10 * S);
    expect(kept).toBe("; the 2 faults in the link replay at their moments");
  });
});
