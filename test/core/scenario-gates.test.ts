import { describe, expect, it } from "vitest";
import {
  gatesFor,
  K8S_VERSIONS,
  parseScenario,
  UNMODELLED_GATES,
} from "../../src/sim/scenario/index.ts";

const gateIssues = (query: string) =>
  parseScenario(query).issues.map(
    (issue) => issue.message.split(" is not valid: ")[1]?.split("; expected")[0],
  );

describe("gatesFor", () => {
  it("has ConsistentListFromCache as Beta in 1.33, locked on in 1.34–1.36, and gone (always on) in 1.37", () => {
    expect(gatesFor("1.33").ConsistentListFromCache).toEqual({
      exists: true,
      stage: "Beta",
      default: true,
      locked: false,
    });
    for (const version of ["1.34", "1.35", "1.36"] as const) {
      expect(gatesFor(version).ConsistentListFromCache).toEqual({
        exists: true,
        stage: "GA",
        default: true,
        locked: true,
      });
    }
    expect(gatesFor("1.37").ConsistentListFromCache).toEqual({ exists: false, effective: true });
  });

  it("has ListFromCacheSnapshot as Alpha off in 1.33 and Beta on from 1.34", () => {
    expect(gatesFor("1.33").ListFromCacheSnapshot).toEqual({
      exists: true,
      stage: "Alpha",
      default: false,
      locked: false,
    });
    for (const version of ["1.34", "1.35", "1.36", "1.37"] as const) {
      expect(gatesFor(version).ListFromCacheSnapshot).toEqual({
        exists: true,
        stage: "Beta",
        default: true,
        locked: false,
      });
    }
  });

  it("has ConsistentListFromCacheSkipTimeoutFallback only in 1.37, Alpha off", () => {
    for (const version of ["1.33", "1.34", "1.35", "1.36"] as const) {
      expect(gatesFor(version).ConsistentListFromCacheSkipTimeoutFallback).toEqual({
        exists: false,
        effective: false,
      });
    }
    expect(gatesFor("1.37").ConsistentListFromCacheSkipTimeoutFallback).toEqual({
      exists: true,
      stage: "Alpha",
      default: false,
      locked: false,
    });
  });
});

describe("parseScenario gates", () => {
  it("resolves each version's defaults when no gate is set", () => {
    const resolved = Object.fromEntries(
      K8S_VERSIONS.map((version) => [
        version,
        parseScenario(`k8s=${version}`).scenario.gatesInForce,
      ]),
    );
    expect(resolved).toEqual({
      "1.33": {
        ConsistentListFromCache: true,
        ListFromCacheSnapshot: false,
        ConsistentListFromCacheSkipTimeoutFallback: false,
      },
      "1.34": {
        ConsistentListFromCache: true,
        ListFromCacheSnapshot: true,
        ConsistentListFromCacheSkipTimeoutFallback: false,
      },
      "1.35": {
        ConsistentListFromCache: true,
        ListFromCacheSnapshot: true,
        ConsistentListFromCacheSkipTimeoutFallback: false,
      },
      "1.36": {
        ConsistentListFromCache: true,
        ListFromCacheSnapshot: true,
        ConsistentListFromCacheSkipTimeoutFallback: false,
      },
      "1.37": {
        ConsistentListFromCache: true,
        ListFromCacheSnapshot: true,
        ConsistentListFromCacheSkipTimeoutFallback: false,
      },
    });
  });

  it("applies settable gates and keeps them as written", () => {
    const { scenario, issues } = parseScenario(
      "k8s=1.33&gates=ListFromCacheSnapshot=true,ConsistentListFromCache=false",
    );
    expect(issues).toEqual([]);
    expect(scenario.gatesInForce).toEqual({
      ConsistentListFromCache: false,
      ListFromCacheSnapshot: true,
      ConsistentListFromCacheSkipTimeoutFallback: false,
    });
    expect(scenario.gates).toEqual([
      { gate: "ListFromCacheSnapshot", enabled: true },
      { gate: "ConsistentListFromCache", enabled: false },
    ]);
    const skip = parseScenario("gates=ConsistentListFromCacheSkipTimeoutFallback=true").scenario;
    expect(skip.gatesInForce.ConsistentListFromCacheSkipTimeoutFallback).toBe(true);
  });

  it("accepts Go's boolean spellings and spaces around names, as kube-apiserver does", () => {
    const { scenario, issues } = parseScenario("k8s=1.36&gates=%20ListFromCacheSnapshot%20=F,");
    expect(issues).toEqual([]);
    expect(scenario.gatesInForce.ListFromCacheSnapshot).toBe(false);
  });

  it.each(["1.34", "1.35", "1.36"])(
    "refuses to unlock ConsistentListFromCache in %s, and accepts its locked value",
    (version) => {
      expect(gateIssues(`k8s=${version}&gates=ConsistentListFromCache=false`)).toEqual([
        `cannot set feature gate ConsistentListFromCache to false, feature is locked to true (Kubernetes ${version})`,
      ]);
      const { scenario, issues } = parseScenario(
        `k8s=${version}&gates=ConsistentListFromCache=true`,
      );
      expect(issues).toEqual([]);
      expect(scenario.gatesInForce.ConsistentListFromCache).toBe(true);
    },
  );

  it("does not recognise ConsistentListFromCache in 1.37, where it was removed", () => {
    expect(gateIssues("gates=ConsistentListFromCache=true")).toEqual([
      "unrecognized feature gate: ConsistentListFromCache (Kubernetes 1.37)",
    ]);
  });

  it.each(["1.33", "1.34", "1.35", "1.36"])(
    "does not recognise ConsistentListFromCacheSkipTimeoutFallback in %s",
    (version) => {
      expect(
        gateIssues(`k8s=${version}&gates=ConsistentListFromCacheSkipTimeoutFallback=true`),
      ).toEqual([
        `unrecognized feature gate: ConsistentListFromCacheSkipTimeoutFallback (Kubernetes ${version})`,
      ]);
    },
  );

  it("does not recognise a gate that kube-apiserver does not have", () => {
    expect(gateIssues("k8s=1.35&gates=MakeItFast=true")).toEqual([
      "unrecognized feature gate: MakeItFast (Kubernetes 1.35)",
    ]);
  });

  it.each(UNMODELLED_GATES)("says that %s exists upstream but is not modelled", (gate) => {
    expect(gateIssues(`gates=${gate}=true`)).toEqual([
      `${gate} is a real kube-apiserver feature gate, but the simulator does not model it`,
    ]);
  });

  it("refuses bad syntax the way kube-apiserver's flag does", () => {
    expect(gateIssues("gates=ListFromCacheSnapshot=maybe")).toEqual([
      "invalid value of ListFromCacheSnapshot=maybe: expected true or false",
    ]);
    expect(gateIssues("gates=ListFromCacheSnapshot")).toEqual([
      "missing bool value for ListFromCacheSnapshot",
    ]);
    expect(gateIssues("gates=ListFromCacheSnapshot=true,ListFromCacheSnapshot=false")).toEqual([
      "ListFromCacheSnapshot is set twice",
    ]);
  });

  it("reports every bad gate, and then keeps the version's defaults for all of them", () => {
    const { scenario, issues } = parseScenario(
      "k8s=1.33&gates=ListFromCacheSnapshot=true,WatchList=true,Nope=false",
    );
    expect(issues).toHaveLength(2);
    for (const issue of issues) {
      expect(issue).toMatchObject({
        key: "gates",
        value: "ListFromCacheSnapshot=true,WatchList=true,Nope=false",
      });
      expect(issue.message).toMatch(
        /; expected Name=true,Other=false with ConsistentListFromCache \(1\.33–1\.36\), ListFromCacheSnapshot, ConsistentListFromCacheSkipTimeoutFallback \(1\.37\); gates keeps its default \(none\)$/,
      );
    }
    expect(scenario.gates).toEqual([]);
    expect(scenario.gatesInForce.ListFromCacheSnapshot).toBe(false);
  });

  it("checks gates against the default version when k8s itself is invalid", () => {
    const { scenario, issues } = parseScenario(
      "k8s=1.99&gates=ConsistentListFromCacheSkipTimeoutFallback=true",
    );
    expect(issues.map((issue) => issue.key)).toEqual(["k8s"]);
    expect(scenario.gatesInForce.ConsistentListFromCacheSkipTimeoutFallback).toBe(true);
  });
});
