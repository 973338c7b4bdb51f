import { describe, expect, it } from "vitest";
import { DEFAULT_SCENARIO, parseScenario, SCENARIO_KEYS } from "../../src/sim/scenario/index.ts";

const S = 1_000_000_000;

const parsed = (query: string) => {
  const { scenario, issues } = parseScenario(query);
  expect(issues).toEqual([]);
  return scenario;
};

describe("parseScenario", () => {
  it("gives the defaults and no issues for an empty query", () => {
    for (const query of ["", "#", "?"]) {
      expect(parseScenario(query)).toEqual({
        scenario: DEFAULT_SCENARIO,
        issues: [],
        page: {},
        notices: [],
      });
    }
  });

  it("has the defaults docs/scenarios.md lists", () => {
    expect(DEFAULT_SCENARIO).toMatchObject({
      seed: 1,
      k8s: "1.37",
      writes: [{ atNs: 0, value: 20 }],
      otherWrites: [{ atNs: 0, value: 30 }],
      objects: 1000,
      reads: [{ atNs: 0, value: 100 }],
      mix: { rv0: 0.6, consistent: 0.3, notOlderThan: 0.1, exact: 0 },
      watchers: [{ atNs: 0, value: 10 }],
      watchTimeout: 60,
      arrival: "poisson",
      lag: [{ atNs: 0, value: 20 }],
      jitter: [{ atNs: 0, value: 10 }],
      processRate: [{ atNs: 0, value: 5000 }],
      requestTimeout: 60,
      etcdConcurrency: [{ atNs: 0, value: 8 }],
      etcdLatency: [{ atNs: 0, value: 2 }],
      compaction: 300,
      retry: "obey",
      blockTimeout: 3000,
    });
    expect(parseScenario("mix=rv0:60,consistent:30,notOlderThan:10").scenario).toEqual(
      DEFAULT_SCENARIO,
    );
  });

  it("accepts the query with a leading # or ?, or none", () => {
    for (const query of ["writes=200&lag=800", "#writes=200&lag=800", "?writes=200&lag=800"]) {
      const scenario = parsed(query);
      expect(scenario.writes).toEqual([{ atNs: 0, value: 200 }]);
      expect(scenario.lag).toEqual([{ atNs: 0, value: 800 }]);
    }
  });

  it("reads a schedule V@T,V@T with decimal seconds into nanoseconds", () => {
    expect(parsed("writes=2000@0,10@120").writes).toEqual([
      { atNs: 0, value: 2000 },
      { atNs: 120 * S, value: 10 },
    ]);
    expect(parsed("lag=20@0,800@12.5,0.5@12.500000001").lag).toEqual([
      { atNs: 0, value: 20 },
      { atNs: 12_500_000_000, value: 800 },
      { atNs: 12_500_000_001, value: 0.5 },
    ]);
  });

  it("reads every run key's valid examples", () => {
    const scenario = parsed(
      [
        "v=1",
        "name=Fallback%20storm%20%3Cb%3E",
        "seed=4294967295",
        "k8s=1.33",
        "gates=ConsistentListFromCache=false",
        "otherWrites=0",
        "objects=200000",
        "reads=20000",
        "mix=rv0:1,exact:3",
        "ryw=5@0,0@30",
        "rywRead=pinned",
        "herd=500@30,2000@10",
        "watchers=10000",
        "watchTimeout=3600",
        "away=100@20:5,3@1.5:0.25",
        "arrival=uniform",
        "jitter=0",
        "processRate=1",
        "stall=10-20,20-25.5",
        "restart=40,15",
        "compact=50",
        "requestTimeout=1800",
        "etcdConcurrency=1024",
        "etcdLatency=0.25",
        "compaction=0",
        "retry=immediate",
        "blockTimeout=1",
        "whatif=noRvGuard,noHysteresis",
      ].join("&"),
    );
    expect(scenario).toMatchObject({
      name: "Fallback storm <b>",
      seed: 4294967295,
      k8s: "1.33",
      gates: [{ gate: "ConsistentListFromCache", enabled: false }],
      gatesInForce: {
        ConsistentListFromCache: false,
        ListFromCacheSnapshot: false,
        ConsistentListFromCacheSkipTimeoutFallback: false,
      },
      otherWrites: [{ atNs: 0, value: 0 }],
      objects: 200000,
      reads: [{ atNs: 0, value: 20000 }],
      mix: { rv0: 0.25, consistent: 0, notOlderThan: 0, exact: 0.75 },
      ryw: [
        { atNs: 0, value: 5 },
        { atNs: 30 * S, value: 0 },
      ],
      rywRead: "pinned",
      herd: [
        { clients: 2000, atNs: 10 * S },
        { clients: 500, atNs: 30 * S },
      ],
      watchers: [{ atNs: 0, value: 10000 }],
      watchTimeout: 3600,
      away: [
        { watchers: 3, atNs: 1.5 * S, durationNs: 0.25 * S },
        { watchers: 100, atNs: 20 * S, durationNs: 5 * S },
      ],
      arrival: "uniform",
      jitter: [{ atNs: 0, value: 0 }],
      processRate: [{ atNs: 0, value: 1 }],
      stall: [
        { startNs: 10 * S, endNs: 20 * S },
        { startNs: 20 * S, endNs: 25.5 * S },
      ],
      restart: [15 * S, 40 * S],
      compact: [50 * S],
      requestTimeout: 1800,
      etcdConcurrency: [{ atNs: 0, value: 1024 }],
      etcdLatency: [{ atNs: 0, value: 0.25 }],
      compaction: 0,
      retry: "immediate",
      blockTimeout: 1,
      whatif: { noRvGuard: true, noHysteresis: true },
    });
  });

  it("keeps a name as plain text, markup included, up to 80 characters", () => {
    const name = "<script>alert(1)</script> & 🚀";
    expect(parsed(`name=${encodeURIComponent(name)}`).name).toBe(name);
    expect(parsed(`name=${"é".repeat(80)}`).name).toBe("é".repeat(80));
    const { scenario, issues } = parseScenario(`name=${"x".repeat(81)}`);
    expect(scenario.name).toBe("");
    expect(issues[0]?.message).toContain("at most 80 characters");
  });

  it("takes shares that already sum to 1 as written", () => {
    expect(parsed("mix=rv0:0.6,consistent:0.3,notOlderThan:0.1").mix).toEqual(DEFAULT_SCENARIO.mix);
    expect(parsed("mix=consistent:1").mix).toEqual({
      rv0: 0,
      consistent: 1,
      notOlderThan: 0,
      exact: 0,
    });
  });
});

describe("parseScenario with a damaged link", () => {
  it("names an escape cut short instead of reading it as a garbled name", () => {
    const { scenario, issues } = parseScenario("name=%E0%A4%A&ryw=500");
    expect(issues.map((issue) => issue.message)).toEqual([
      'name: "%E0%A4%A" is not valid percent-encoding: each % must be followed by two hex digits, and together they must spell UTF-8 (was the link cut short?); name keeps its default (none)',
    ]);
    expect(scenario.name).toBe("");
    expect(scenario.ryw).toEqual([{ atNs: 0, value: 500 }]);
  });

  it("says a link copied from HTML source has &amp; where & belongs", () => {
    const { scenario, issues } = parseScenario("lag=800&amp;ryw=500&amp;writes=5");
    expect(issues.map((issue) => issue.message)).toEqual([
      'the link has "&amp;" where "&" belongs (HTML source, such as the embed snippet\'s, writes & as &amp;), so amp;ryw, amp;writes cannot be read; replace each "&amp;" with "&"; the rest of the link is read',
    ]);
    expect(scenario.lag).toEqual([{ atNs: 0, value: 800 }]);
  });

  it("says a link was percent-encoded twice and what it reads decoded once more", () => {
    const { scenario, issues } = parseScenario("lag=800&ryw%3D500%26writes%3D5");
    expect(issues.map((issue) => issue.message)).toEqual([
      '"ryw=500&writes=5" came as one key: the link was percent-encoded twice ("=" and "&" arrived as %3D and %26); decoded once more it reads "lag=800&ryw=500&writes=5"; the rest of the link is read',
    ]);
    expect(scenario.lag).toEqual([{ atNs: 0, value: 800 }]);
  });

  it("still reads + and well-formed escapes as spaces and characters", () => {
    const { scenario, issues } = parseScenario("name=a+b%20%C3%A9");
    expect(issues).toEqual([]);
    expect(scenario.name).toBe("a b é");
  });
});

describe("parseScenario with bad input", () => {
  it("says a value written with its unit is written without it, and names the unit", () => {
    const { scenario, issues } = parseScenario("lag=3500ms&ryw=500");
    expect(issues.map((issue) => issue.message)).toEqual([
      'lag: "3500ms" is not valid: write the number alone, without "ms": the value is in ms; expected a number 0 … 60000 ms or a schedule V@T,V@T (T ascending from 0); lag keeps its default, 20',
    ]);
    // Nothing else is lost: the other key is read.
    expect(scenario.ryw).toEqual([{ atNs: 0, value: 500 }]);
  });

  const UNIT_WORDS: Record<string, string> = {
    ms: "ms",
    µs: "µs",
    s: "s",
    "/s": "per second",
    B: "bytes",
  };
  it.each(
    (Object.keys(SCENARIO_KEYS) as (keyof typeof SCENARIO_KEYS)[]).filter((key) => {
      const { value, unit } = SCENARIO_KEYS[key];
      return unit !== "" && (value.kind === "number" || value.kind === "schedule");
    }),
  )("names %s's unit when its value is out of range", (key) => {
    const { value, unit } = SCENARIO_KEYS[key];
    if (value.kind !== "number" && value.kind !== "schedule") throw new Error("not a range");
    const [issue] = parseScenario(`${key}=${value.max + 1}`).issues;
    expect(issue?.message).toContain(`${value.min} … ${value.max} ${UNIT_WORDS[unit]}`);
  });

  it.each([
    [
      "writes",
      "abc",
      'writes: "abc" is not valid: expected a number 0 … 20000 per second or a schedule V@T,V@T (T ascending from 0); writes keeps its default, 20',
    ],
    ["writes", "20001", "expected a number 0 … 20000"],
    ["writes", "-1", "expected a number 0 … 20000"],
    ["writes", "", "expected a number 0 … 20000"],
    ["writes", "10@5", 'the first point "10@5" must be at second 0'],
    ["writes", "10@0,20@5,30@5", 'in "30@5", the time 5 is not after the point before it'],
    ["writes", "10@0,x@5", 'in "x@5", the value "x" is not a number 0 … 20000'],
    ["lag", "10@0,20@99999999", "the time 99999999 is later than the simulated clock reaches"],
    ["lag", "10@0,20@soon", 'in "20@soon", the time "soon" is not a number of seconds'],
    ["lag", "10@0,20", '"20" is not a point V@T'],
    ["herd", "50@10,0@20", 'in "0@20", the number of clients "0" is not an integer 1 … 100000'],
    ["herd", "50@1e9", 'in "50@1e9", the time "1e9" is not a number of seconds'],
    ["away", "5@10:0", 'in "5@10:0", the time away must be more than 0 s'],
    ["stall", "5-2", 'in "5-2", the end must be after the start'],
    ["restart", "10,x", 'in "x", the time "x" is not a number of seconds'],
    ["watchers", "2.5", "expected an integer 0 … 10000"],
    ["processRate", "0", "expected a number 1 … 1000000"],
    ["seed", "4294967296", "expected an integer 0 … 4294967295"],
    ["seed", "0x10", "expected an integer 0 … 4294967295"],
    ["objects", "Infinity", "expected an integer 0 … 300000"],
    ["k8s", "1.32", "expected one of 1.33, 1.34, 1.35, 1.36, 1.37"],
    ["rywRead", "eventual", "expected one of consistent, pinned"],
    ["arrival", "bursty", "expected one of poisson, uniform"],
    ["retry", "later", "expected one of obey, none, immediate"],
    ["mix", "rv0:0,consistent:0", "the shares must not all be zero"],
    ["mix", "rv0:-1", "the share of rv0 is not a number"],
    ["mix", "list:1", '"list" is not a read kind'],
    ["mix", "rv0:1,rv0:2", "rv0 is named twice"],
    ["herd", "0@10", "N clients (1 … 100000)"],
    ["herd", "10", "a comma list N@T"],
    ["away", "5@10", "a comma list N@T:S"],
    ["away", "5@10:0", "S > 0 seconds"],
    ["stall", "20-10", "end > start"],
    ["stall", "10-20,15-30", "the windows must be in order and must not overlap"],
    ["stall", "30-40,10-20", "the windows must be in order and must not overlap"],
    ["restart", "10,-5", "a comma list of seconds"],
    ["compact", "soon", "a comma list of seconds"],
    ["requestTimeout", "0", "expected an integer 1 … 1800"],
    ["watchTimeout", "90.5", "expected an integer 1 … 3600 s"],
    ["lag", "10@0,70000@5", 'the value "70000" is not a number 0 … 60000 ms'],
    ["objectBytes", "2kB", "expected an integer 64 … 1048576 bytes"],
    ["compaction", "86401", "expected an integer 0 … 86400"],
    ["blockTimeout", "60001", "expected an integer 1 … 60000"],
    ["whatif", "noGuards", '"noGuards" is not a what-if switch'],
    ["v", "0", "expected an integer 1 … 3"],
  ])(
    "reports %s=%s with key, value and what is allowed, and keeps the default",
    (key, value, words) => {
      const { scenario, issues } = parseScenario(`${key}=${encodeURIComponent(value)}`);
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatchObject({ key, value });
      expect(issues[0]?.message).toContain(`${key}: "${value}" is not valid: `);
      expect(issues[0]?.message).toContain(words);
      expect(scenario).toEqual(DEFAULT_SCENARIO);
    },
  );

  it("says what a refused key runs with instead", () => {
    expect(parseScenario("seed=-1").issues[0]?.message).toMatch(/; seed keeps its default, 1$/);
    expect(parseScenario("herd=x").issues[0]?.message).toMatch(
      /; herd keeps its default \(none\)$/,
    );
  });

  it("quotes a long value cut short, with its length, wherever it is echoed", () => {
    const name = "n".repeat(100_000);
    const [issue] = parseScenario(`name=${name}&name=${name}`).issues;
    expect(issue?.message).toBe(
      `name: "${"n".repeat(48)}… (100,000 characters)" is not valid: expected plain text of at most 80 characters; name keeps its default (none)`,
    );
    const [unknown] = parseScenario(`${"k".repeat(500)}=1`).issues;
    expect(unknown?.message).toBe(`unknown key "${"k".repeat(48)}… (500 characters)" ignored`);
  });

  it("reports a page key given twice and uses the first value", () => {
    const { page, issues } = parseScenario("t=5&t=9");
    expect(page).toEqual({ t: "5" });
    expect(issues[0]?.message).toBe(
      't is given more than once; the first value ("5") is used, "9" is ignored',
    );
  });

  it("keeps the other keys when one is invalid", () => {
    const { scenario, issues } = parseScenario("writes=abc&lag=800");
    expect(issues.map((issue) => issue.key)).toEqual(["writes"]);
    expect(scenario.lag).toEqual([{ atNs: 0, value: 800 }]);
  });

  it("reports an unknown key and ignores it", () => {
    const { scenario, issues } = parseScenario("wirtes=200&writes=30");
    expect(issues).toEqual([
      {
        key: "wirtes",
        value: "200",
        message: 'unknown key "wirtes" ignored',
        problem: 'unknown key "wirtes"',
      },
    ]);
    expect(scenario.writes).toEqual([{ atNs: 0, value: 30 }]);
  });

  it("never reports page keys and hands them over as written", () => {
    const query =
      "t=12&speed=4&tour=wall&embed=1&until=30&loop=1&panels=ring,waits&controls=0&twin=lag";
    const { scenario, issues, page } = parseScenario(query);
    expect(issues).toEqual([]);
    expect(scenario).toEqual(DEFAULT_SCENARIO);
    expect(page).toEqual({
      t: "12",
      speed: "4",
      tour: "wall",
      embed: "1",
      until: "30",
      loop: "1",
      panels: "ring,waits",
      controls: "0",
      twin: "lag",
    });
  });

  it("reports a key given twice and uses the first value", () => {
    const { scenario, issues } = parseScenario("writes=1&writes=2");
    expect(scenario.writes).toEqual([{ atNs: 0, value: 1 }]);
    expect(issues).toEqual([
      {
        key: "writes",
        value: "2",
        message: 'writes is given more than once; the first value ("1") is used, "2" is ignored',
        problem: "writes is given more than once",
      },
    ]);
  });

  it("says so when the link comes from a newer schema, and reads what it can", () => {
    const { scenario, issues } = parseScenario("v=4&writes=200&sparkle=1");
    expect(scenario.writes).toEqual([{ atNs: 0, value: 200 }]);
    expect(issues[0]).toMatchObject({ key: "v", value: "4" });
    expect(issues[0]?.message).toContain("newer than this app knows");
    expect(issues[1]?.key).toBe("sparkle");
  });

  it("never throws on hostile input", () => {
    for (const query of [
      "%",
      "&&&",
      "=",
      "writes",
      "writes=%E0%A4%A",
      "#?writes=1",
      "gates=,,,",
      "a".repeat(10000),
      `writes=${"1".repeat(100000)}x`,
    ]) {
      expect(() => parseScenario(query)).not.toThrow();
    }
  });
});

describe("SCENARIO_KEYS", () => {
  it("describes every run key with a label, a help line and whether it restarts the run", () => {
    for (const descriptor of Object.values(SCENARIO_KEYS)) {
      expect(descriptor.label).not.toBe("");
      expect(descriptor.help).not.toBe("");
      expect(descriptor.restartsRun).toBe(
        descriptor.value.kind !== "schedule" &&
          !["text", "herd", "away", "stall", "times"].includes(descriptor.value.kind),
      );
    }
  });
});
