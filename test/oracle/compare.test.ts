import { describe, expect, it } from "vitest";
import { readAllowList, sortDifferences } from "../../src/conformance/oracle/allow-list.ts";
import {
  compareOutcomes,
  type OutcomeFile,
  outcomeLabel,
} from "../../src/conformance/oracle/compare.ts";
import { randomScript } from "../../src/sim/script/random-script.ts";
import type { RequestRecord } from "../../src/sim/script/request-log.ts";
import { runScript } from "../../src/sim/script/run-script.ts";

// The comparison's rules: one outcome label from the facts, every field and metric compared, and
// only allow-listed differences accepted (and counted).

const record = (over: Partial<RequestRecord>): RequestRecord => ({
  id: "r1",
  sentAtNs: 1_000,
  answeredAtNs: 1_000,
  code: 200,
  message: "",
  retryAfterSeconds: null,
  listRV: 5,
  count: 1,
  keysDigest: null,
  firstKey: null,
  lastKey: null,
  continue: null,
  storageCalls: [],
  ...over,
});

describe("the outcome label", () => {
  it("is derived from the code, the storage calls and the instants", () => {
    expect(outcomeLabel(undefined, 3e9)).toBe("open");
    expect(outcomeLabel(record({ code: 429 }), 3e9)).toBe("429");
    expect(outcomeLabel(record({ code: 500 }), 3e9)).toBe("other");
    expect(outcomeLabel(record({}), 3e9)).toBe("cache");
    expect(outcomeLabel(record({ answeredAtNs: 5_000 }), 3e9)).toBe("cacheAfterWait");
    const rv = { call: "GetCurrentResourceVersion" as const, atNs: 1_000, doneNs: 3_000 };
    expect(outcomeLabel(record({ answeredAtNs: 3_000, storageCalls: [rv] }), 3e9)).toBe("cache");
    expect(outcomeLabel(record({ answeredAtNs: 9_000, storageCalls: [rv] }), 3e9)).toBe(
      "cacheAfterWait",
    );
    const list = (atNs: number) => ({ call: "GetList" as const, atNs, doneNs: atNs + 10 });
    expect(outcomeLabel(record({ storageCalls: [list(1_000)] }), 3e9)).toBe("etcd");
    expect(outcomeLabel(record({ storageCalls: [rv, list(3e9 + 3_000)] }), 3e9)).toBe("fallback");
  });
});

describe("compareOutcomes", () => {
  const script = randomScript(11);
  const ours = runScript(script).outcome as OutcomeFile;

  it("finds nothing between a run and itself", () => {
    expect(compareOutcomes(script, ours, structuredClone(ours))).toEqual([]);
  });

  it("names the request and field of an answer that differs, and a metric family", () => {
    const theirs = structuredClone(ours) as unknown as {
      requests: RequestRecord[];
      metrics: string;
    };
    const first = theirs.requests[0];
    if (first === undefined) throw new Error("the script has no request");
    first.answeredAtNs = (first.answeredAtNs ?? 0) + 1;
    theirs.metrics = theirs.metrics.replace(
      /^(apiserver_watch_cache_events_received_total\{[^}]*\}) \d+/m,
      "$1 12345",
    );
    const diffs = compareOutcomes(script, ours, theirs as unknown as OutcomeFile);
    expect(diffs.map((d) => [d.request, d.field])).toContainEqual([first.id, "answeredAtNs"]);
    expect(diffs.map((d) => d.field)).toContain(
      "metric:apiserver_watch_cache_events_received_total",
    );
  });
});

describe("the allow-list", () => {
  it("accepts only its entries' class and field, and counts them", () => {
    const allow = readAllowList([
      { class: "random", field: "answeredAtNs", why: "a reason long enough to read" },
    ]);
    const d = { script: "s", request: "r1", model: 1, real: 2 };
    const sorted = sortDifferences(
      [
        { ...d, class: "random", field: "answeredAtNs" },
        { ...d, class: "canary", field: "answeredAtNs" },
        { ...d, class: "random", field: "code" },
      ],
      allow,
    );
    expect(sorted.accepted).toEqual([1]);
    expect(sorted.rejected.map((x) => `${x.class}/${x.field}`)).toEqual([
      "canary/answeredAtNs",
      "random/code",
    ]);
  });

  it("refuses an entry without a reason", () => {
    expect(() => readAllowList([{ class: "*", field: "code", why: "" }])).toThrow(
      /why of 20 characters/,
    );
  });
});
