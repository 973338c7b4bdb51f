import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  appendAway,
  appendHerd,
  appendStall,
  appendTime,
  appendToSchedule,
  DEFAULT_SCENARIO,
  encodeScenario,
  gatesFor,
  K8S_VERSIONS,
  type K8sVersion,
  MODELLED_GATES,
  type NumberRange,
  parseScenario,
  READ_MIX_KINDS,
  SCENARIO_KEYS,
  SCHEDULE_KEYS,
  type Scenario,
  VERSION_2_NOTICE,
  WHATIF_SWITCHES,
} from "../../src/sim/scenario/index.ts";

const S = 1_000_000_000;

const reencoded = (query: string): string => {
  const { scenario, issues } = parseScenario(query);
  expect(issues).toEqual([]);
  return encodeScenario(scenario);
};

describe("encodeScenario", () => {
  it("writes nothing for the defaults", () => {
    expect(encodeScenario(DEFAULT_SCENARIO)).toBe("v=3");
  });

  it("writes only the values that differ from the defaults", () => {
    expect(reencoded("writes=200&lag=20&k8s=1.37&mix=rv0:6,consistent:3,notOlderThan:1")).toBe(
      "v=3&writes=200",
    );
  });

  it("writes keys in the order of the key table (docs/scenarios.md), whatever order they came in", () => {
    expect(reencoded("whatif=noRvGuard&lag=800&writes=200&k8s=1.33&name=x")).toBe(
      "v=3&name=x&k8s=1.33&writes=200&lag=800&whatif=noRvGuard",
    );
  });

  it("writes numbers and seconds minimally", () => {
    expect(reencoded("writes=200.0&jitter=0.50&seed=007")).toBe("v=3&seed=7&writes=200&jitter=0.5");
    expect(reencoded("writes=2000@0,10@120.000")).toBe("v=3&writes=2000@0,10@120");
    expect(reencoded("lag=1@0.0,2@0.000000001")).toBe("v=3&lag=1@0,2@0.000000001");
  });

  it("writes a schedule with only its point at 0 as a plain number", () => {
    expect(reencoded("writes=200@0")).toBe("v=3&writes=200");
  });

  it("writes the gates that were set, in the order written, with true and false", () => {
    expect(reencoded("k8s=1.33&gates=ListFromCacheSnapshot=True,ConsistentListFromCache=0")).toBe(
      "v=3&k8s=1.33&gates=ListFromCacheSnapshot=true,ConsistentListFromCache=false",
    );
    expect(reencoded("k8s=1.34&gates=ConsistentListFromCache=true")).toBe(
      "v=3&k8s=1.34&gates=ConsistentListFromCache=true",
    );
  });

  it("writes fault lists in time order and the mix as shares", () => {
    expect(reencoded("herd=5@30,7@10&restart=9,3&away=2@8:1.5&stall=1-2,4-6")).toBe(
      "v=3&herd=7@10,5@30&away=2@8:1.5&stall=1-2,4-6&restart=3,9",
    );
    expect(reencoded("mix=exact:1,rv0:3")).toBe("v=3&mix=rv0:0.75,exact:0.25");
  });

  it("never throws on a name cut in the middle of a surrogate pair", () => {
    const name = "rocket \uD83D";
    const encoded = encodeScenario({ ...DEFAULT_SCENARIO, name });
    expect(parseScenario(encoded).scenario.name).toBe("rocket \uFFFD");
  });

  it("keeps @ , : = readable and escapes what would break the query", () => {
    const encoded = reencoded(`name=${encodeURIComponent("a&b=c #1 + 50% ,:@")}`);
    expect(encoded).toBe("v=3&name=a%26b=c%20%231%20%2B%2050%25%20,:@");
    expect(parseScenario(encoded).scenario.name).toBe("a&b=c #1 + 50% ,:@");
  });
});

// Valid link text for every key, written loosely (trailing zeros, Go booleans, any order) so
// that the round trip also checks the normalisation.

const secondsText = (ns: number): string =>
  `${Math.floor(ns / S)}.${String(ns % S).padStart(9, "0")}`;

const timeNs = fc.integer({ min: 0, max: 86400 * S });

const valueText = (range: NumberRange) =>
  range.integer
    ? fc.integer({ min: range.min, max: range.max }).map(String)
    : fc.oneof(
        fc.integer({ min: range.min, max: range.max }).map(String),
        fc.double({ min: range.min, max: range.max, noNaN: true }).map(String),
        fc.double({ min: range.min, max: range.max, noNaN: true }).map((x) => x.toFixed(2)),
      );

const scheduleText = (range: NumberRange) =>
  fc.oneof(
    valueText(range),
    fc
      .uniqueArray(fc.integer({ min: 1, max: 86400 * S }), { maxLength: 5 })
      .chain((times) =>
        fc.tuple(
          ...[0, ...times.sort((a, b) => a - b)].map((t) =>
            valueText(range).map((v) => `${v}@${secondsText(t)}`),
          ),
        ),
      )
      .map((points) => points.join(",")),
  );

const gatesText = (version: K8sVersion) => {
  const specs = gatesFor(version);
  const settable = MODELLED_GATES.filter((gate) => specs[gate].exists);
  return fc
    .shuffledSubarray(settable)
    .chain((gates) =>
      fc.tuple(
        ...gates.map((gate) => {
          const spec = specs[gate];
          const words =
            spec.exists && spec.locked
              ? [String(spec.default)]
              : ["true", "True", "1", "false", "F", "0"];
          return fc.constantFrom(...words).map((word) => `${gate}=${word}`);
        }),
      ),
    )
    .map((entries) => entries.join(","));
};

const mixText = fc
  .shuffledSubarray([...READ_MIX_KINDS], { minLength: 1 })
  .chain((kinds) =>
    fc.tuple(
      ...kinds.map((kind) =>
        fc.double({ min: 0.001, max: 1000, noNaN: true }).map((w) => `${kind}:${w}`),
      ),
    ),
  )
  .map((entries) => entries.join(","));

const faults = {
  herd: fc
    .array(fc.tuple(fc.integer({ min: 1, max: 100000 }), timeNs), { maxLength: 4 })
    .map((hs) => hs.map(([n, t]) => `${n}@${secondsText(t)}`).join(",")),
  away: fc
    .array(
      fc.tuple(fc.integer({ min: 1, max: 10000 }), timeNs, fc.integer({ min: 1, max: 600 * S })),
      { maxLength: 4 },
    )
    .map((as) => as.map(([n, t, d]) => `${n}@${secondsText(t)}:${secondsText(d)}`).join(",")),
  stall: fc.uniqueArray(timeNs, { maxLength: 8 }).map((points) => {
    const sorted = points.sort((a, b) => a - b);
    const windows: string[] = [];
    for (let i = 0; i + 1 < sorted.length; i += 2)
      windows.push(`${secondsText(sorted[i] ?? 0)}-${secondsText(sorted[i + 1] ?? 0)}`);
    return windows.join(",");
  }),
  restart: fc.array(timeNs, { maxLength: 4 }).map((ts) => ts.map(secondsText).join(",")),
  compact: fc.array(timeNs, { maxLength: 4 }).map((ts) => ts.map(secondsText).join(",")),
};

const numberKeys = [
  "seed",
  "objects",
  "watchTimeout",
  "requestTimeout",
  "compaction",
  "blockTimeout",
] as const;

const validQuery = fc
  .constantFrom(...K8S_VERSIONS)
  .chain((version) =>
    fc.record(
      {
        name: fc
          .string({ unit: "grapheme", maxLength: 20 })
          .filter((s) => [...s].length <= 80)
          .map(encodeURIComponent),
        k8s: fc.constant(version),
        gates: gatesText(version),
        mix: mixText,
        rywRead: fc.constantFrom("consistent", "pinned"),
        arrival: fc.constantFrom("poisson", "uniform"),
        retry: fc.constantFrom("obey", "none", "immediate"),
        whatif: fc
          .subarray([...WHATIF_SWITCHES, ...WHATIF_SWITCHES])
          .map((names) => names.join(",")),
        ...faults,
        ...Object.fromEntries(
          SCHEDULE_KEYS.map((key) => [key, scheduleText(SCENARIO_KEYS[key].value)]),
        ),
        ...Object.fromEntries(numberKeys.map((key) => [key, valueText(SCENARIO_KEYS[key].value)])),
      },
      { requiredKeys: ["k8s"] },
    ),
  )
  .map((entries) =>
    Object.entries(entries)
      .map(([key, value]) => `${key}=${value}`)
      .join("&"),
  );

describe("encodeScenario and parseScenario", () => {
  it("round-trip: parsing what was encoded gives back the same scenario", () => {
    fc.assert(
      fc.property(validQuery, (query) => {
        const first = parseScenario(query);
        expect(first.issues).toEqual([]);
        const encoded = encodeScenario(first.scenario);
        const second = parseScenario(encoded);
        expect(second.issues).toEqual([]);
        expect(second.scenario).toStrictEqual(first.scenario);
        expect(encodeScenario(second.scenario)).toBe(encoded);
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});

// What a live session does to a loaded scenario: slider moves and fault buttons at any moment.
const liveChange = fc.oneof(
  fc.constantFrom(...SCHEDULE_KEYS).chain((key) =>
    fc.tuple(timeNs, valueText(SCENARIO_KEYS[key].value)).map(
      ([t, value]) =>
        (s: Scenario): Scenario => ({ ...s, [key]: appendToSchedule(s[key], t, Number(value)) }),
    ),
  ),
  fc.tuple(timeNs, fc.integer({ min: 1, max: 600 * S })).map(
    ([t, d]) =>
      (s: Scenario): Scenario => ({ ...s, stall: appendStall(s.stall, t, d) }),
  ),
  fc.tuple(timeNs, fc.integer({ min: 1, max: 100000 })).map(
    ([t, n]) =>
      (s: Scenario): Scenario => ({ ...s, herd: appendHerd(s.herd, t, n) }),
  ),
  fc.tuple(timeNs, fc.integer({ min: 1, max: 10000 }), fc.integer({ min: 1, max: 600 * S })).map(
    ([t, n, d]) =>
      (s: Scenario): Scenario => ({ ...s, away: appendAway(s.away, t, n, d) }),
  ),
  timeNs.map(
    (t) =>
      (s: Scenario): Scenario => ({ ...s, restart: appendTime(s.restart, t) }),
  ),
  timeNs.map(
    (t) =>
      (s: Scenario): Scenario => ({ ...s, compact: appendTime(s.compact, t) }),
  ),
);

describe("a scenario changed live", () => {
  it("round-trips through a link after any sequence of live moves and faults", () => {
    fc.assert(
      fc.property(validQuery, fc.array(liveChange, { maxLength: 12 }), (query, changes) => {
        const live = changes.reduce((s, change) => change(s), parseScenario(query).scenario);
        const back = parseScenario(encodeScenario(live));
        expect(back.issues).toEqual([]);
        expect(back.scenario).toStrictEqual(live);
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});

describe("schema versions and limits", () => {
  it("opens an explicit v=1 as version 1 ran and says so", () => {
    const { scenario, issues, notices } = parseScenario("v=1&writes=200");
    expect(issues).toEqual([]);
    expect(scenario.v).toBe(1);
    expect(scenario.limits).toEqual({ rv0: 500, consistent: 500, notOlderThan: 0, exact: 500 });
    expect(scenario.timerLatency).toBe(0);
    expect(notices[0]).toContain("limits=consistent:500");
    expect(encodeScenario(scenario)).toBe("v=1&writes=200");
  });

  it("reads a link without v as the current version, with one full LIST per consistent read", () => {
    const { scenario, notices } = parseScenario("writes=200");
    expect(scenario.v).toBe(3);
    expect(scenario.limits.consistent).toBe(0);
    expect(notices).toEqual([]);
  });

  it("opens a version 2 link with the LIST costs it had, says so, and writes it back as it came", () => {
    const { scenario, notices } = parseScenario("v=2&writes=200");
    expect(scenario).toMatchObject({ etcdObjectCost: 0, etcdByteCost: 10, cacheCost: 0 });
    expect(scenario.limits.consistent).toBe(0);
    expect(notices).toEqual([VERSION_2_NOTICE]);
    expect(encodeScenario(scenario)).toBe("v=2&writes=200");
    const current = parseScenario("writes=200").scenario;
    expect(current).toMatchObject({ etcdObjectCost: 1.58, etcdByteCost: 9.2, cacheCost: 1.58 });
  });

  it("writes only the limits that differ from the version's defaults, and reads them back", () => {
    const { scenario } = parseScenario("limits=exact:0,consistent:500&objectBytes=65536");
    expect(scenario.limits).toEqual({ rv0: 500, consistent: 500, notOlderThan: 0, exact: 0 });
    expect(encodeScenario(scenario)).toBe("v=3&limits=consistent:500,exact:0&objectBytes=65536");
    expect(parseScenario(encodeScenario(scenario)).scenario).toEqual(scenario);
  });

  it("refuses bad limits and sizes with what is allowed, keeping the defaults", () => {
    const { scenario, issues } = parseScenario("limits=consistent:-1&objectBytes=10");
    expect(scenario.limits).toEqual(DEFAULT_SCENARIO.limits);
    expect(scenario.objectBytes).toBe(2048);
    expect(issues.map((i) => i.key)).toEqual(["limits", "objectBytes"]);
    expect(issues[0]?.message).toContain("N an integer 0 … 100000");
    expect(issues[1]?.message).toContain("an integer 64 … 1048576");
    expect(parseScenario("limits=watch:5").issues[0]?.message).toContain(
      '"watch" is not a read kind',
    );
  });
});
