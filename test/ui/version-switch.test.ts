import { describe, expect, it } from "vitest";
import { KEY_CODECS, parseScenario } from "../../src/model/index.ts";
import { switchVersion } from "../../src/ui/controls/version-switch.ts";

const SKIP = "ConsistentListFromCacheSkipTimeoutFallback";
const gatesOf = (scenario: ReturnType<typeof parseScenario>["scenario"]) =>
  KEY_CODECS.gates.write(scenario);

describe("switchVersion", () => {
  it("drops a gate the new version lacks, says which, and puts it back on the way back", () => {
    const on137 = parseScenario(`lag=4000&gates=${SKIP}=true,ListFromCacheSnapshot=false`).scenario;
    const to136 = switchVersion(on137, "1.36", []);
    expect(to136.scenario.k8s).toBe("1.36");
    expect(gatesOf(to136.scenario)).toBe("ListFromCacheSnapshot=false");
    expect(to136.dropped).toEqual([`${SKIP}=true`]);
    expect(to136.setAside).toEqual([`${SKIP}=true`]);
    expect(to136.scenario.lag).toEqual(on137.lag);

    const to135 = switchVersion(to136.scenario, "1.35", to136.setAside);
    expect(to135.dropped).toEqual([]);
    expect(to135.restored).toEqual([]);
    expect(to135.setAside).toEqual([`${SKIP}=true`]);

    const back = switchVersion(to135.scenario, "1.37", to135.setAside);
    expect(back.restored).toEqual([`${SKIP}=true`]);
    expect(back.setAside).toEqual([]);
    expect(back.scenario.gatesInForce).toEqual(on137.gatesInForce);
    expect(back.scenario.gatesInForce[SKIP]).toBe(true);
  });

  it("keeps aside a 1.33 setting of a gate that 1.34 locks", () => {
    const on133 = parseScenario("k8s=1.33&gates=ConsistentListFromCache=false").scenario;
    const to134 = switchVersion(on133, "1.34", []);
    expect(to134.dropped).toEqual(["ConsistentListFromCache=false"]);
    expect(to134.scenario.gatesInForce.ConsistentListFromCache).toBe(true);
    const back = switchVersion(to134.scenario, "1.33", to134.setAside);
    expect(back.scenario.gatesInForce.ConsistentListFromCache).toBe(false);
  });
});
