import { describe, expect, it } from "vitest";
import { PRESETS } from "../../src/content/presets.ts";
import { consistentReads, etcdRequests, reads, run, value } from "./simulation-helpers.ts";

// What a LIST costs (issue 10): full and paginated LISTs, object sizes, the memory the apiserver
// holds for them, and what clients finally get. Every figure is read from the run's metrics.

const lists = (sim: ReturnType<typeof run>, labels: Record<string, string>) =>
  value(sim, "watchcachelab_lists_total", labels);
const busySeconds = (sim: ReturnType<typeof run>, reason: string) =>
  value(sim, "watchcachelab_etcd_busy_seconds_total", { reason });
const etcdBytes = (sim: ReturnType<typeof run>, reason: string) =>
  value(sim, "watchcachelab_etcd_bytes_total", { reason });

// Consistent reads during a stall: each waits 3 s, then falls back to etcd with one full LIST.
const fallbacks = (objects: number, objectBytes: number) =>
  run(
    `objects=${objects}&objectBytes=${objectBytes}&limits=consistent:0&reads=4&mix=consistent:1` +
      "&stall=0-30&watchers=0&writes=0&etcdConcurrency=64",
    20,
  );

describe("a fallback's cost", () => {
  it("costs etcd time per object and per byte, and bytes per objects × objectBytes", () => {
    const perFallback = [
      [1000, 2048],
      [4000, 2048],
      [1000, 8192],
      [3000, 1000],
    ].map(([objects, objectBytes]) => {
      const sim = fallbacks(objects as number, objectBytes as number);
      const n = etcdRequests(sim, "fallback");
      expect(n).toBeGreaterThan(40);
      return {
        objects: objects as number,
        product: (objects as number) * (objectBytes as number),
        seconds: busySeconds(sim, "fallback") / n,
        bytes: etcdBytes(sim, "fallback") / n,
      };
    });
    for (const { objects, product, seconds, bytes } of perFallback) {
      // etcdLatency (2 ms) + 1.58 µs per object + 9.2 µs per 2 KiB returned (KEP-2340's fit).
      expect(seconds).toBeCloseTo(0.002 + 0.00000158 * objects + (0.0000092 * product) / 2048, 9);
      expect(bytes).toBe(product);
    }
    // The same bytes in four times the objects cost 3000 objects' time more.
    const [, fourThousandSmall, oneThousandLarge] = perFallback;
    expect((fourThousandSmall?.seconds ?? 0) - (oneThousandLarge?.seconds ?? 0)).toBeCloseTo(
      3000 * 0.00000158,
      9,
    );
  });
});

describe("paginated LISTs", () => {
  const paged = (objects: number, extra = "") =>
    run(`objects=${objects}&limits=consistent:500&reads=20&mix=consistent:1&watchers=0${extra}`, 5);

  for (const objects of [0, 1, 499, 500, 501, 1200, 2500]) {
    it(`walks ${objects} objects in max(1, ⌈N/500⌉) page requests`, () => {
      const sim = paged(objects);
      const logical = lists(sim, { kind: "consistent", outcome: "ok" });
      expect(logical).toBeGreaterThan(50);
      expect(reads(sim, { kind: "consistent" })).toBe(
        logical * Math.max(1, Math.ceil(objects / 500)),
      );
      // Only the first page is a consistent read (a continuation carries its RV: exact).
      expect(consistentReads(sim, "true", "false")).toBe(logical);
    });
  }

  it("serves continuations from the cache's snapshots, as upstream routes them", () => {
    const sim = paged(1200);
    expect(reads(sim, { kind: "consistent", served_by: "etcd" })).toBe(0);
    expect(etcdRequests(sim, "delegated")).toBe(0);
  });

  it("sends continuations to etcd without snapshots (ShouldDelegateContinue)", () => {
    const sim = paged(1200, "&gates=ListFromCacheSnapshot=false");
    const logical = lists(sim, { kind: "consistent", outcome: "ok" });
    expect(etcdRequests(sim, "delegated")).toBe(2 * logical);
    expect(reads(sim, { kind: "consistent", served_by: "etcd" })).toBe(2 * logical);
  });

  it("counts logical lists equal to first-page attempts when nobody retries", () => {
    const sim = run("objects=1700&limits=consistent:500,exact:500&reads=40&watchers=0", 10);
    for (const kind of ["rv0", "consistent", "notOlderThan"]) {
      // RV=0 ignores the limit and the others list at once: one request each.
      const logical = lists(sim, { kind });
      const pages = kind === "consistent" ? 4 : 1;
      expect(logical).toBeGreaterThan(0);
      expect(reads(sim, { kind })).toBe(logical * pages);
    }
    expect(lists(sim, { kind: "consistent" })).toBe(consistentReads(sim, "true", "false"));
  });

  it("does not follow pages in a version 1 link: one request per LIST", () => {
    const sim = run("v=1&objects=1700&reads=40&watchers=0", 5);
    const logical = lists(sim, { kind: "consistent" });
    expect(logical).toBeGreaterThan(0);
    expect(reads(sim, { kind: "consistent" })).toBe(logical);
  });
});

describe("a lagging cache between pages", () => {
  // The first page falls back to etcd and carries etcd's revision in its token; the second page
  // is an exact read at that revision (ShouldDelegateContinue): it stays in the cache, waits in
  // waitAndGetExactSnapshot, and at the wall gets 504 — it is not a consistent read, so no
  // fallback. Obeying Retry-After 1 s, it tries again every 4 s until the stall ends.
  const query = "objects=1200&limits=consistent:500&reads=2&mix=consistent:1&watchers=0&stall=1-14";

  it("answers the first page from etcd and makes the next one wait for the cache again", () => {
    const sim = run(query, 30);
    const firstPages = consistentReads(sim, "true", "true");
    expect(firstPages).toBeGreaterThan(5);
    expect(etcdRequests(sim, "fallback")).toBe(firstPages);
    expect(reads(sim, { kind: "consistent", served_by: "etcd", code: "200" })).toBe(firstPages);
    expect(reads(sim, { kind: "consistent", code: "504" })).toBeGreaterThan(0);
    // No continuation went to etcd: they were all served from the cache once it caught up.
    expect(etcdRequests(sim, "delegated")).toBe(0);
    expect(lists(sim, { kind: "consistent", outcome: "504" })).toBe(0);
  });

  it("gives up with 504 after 10 retries of a page when the cache stays behind", () => {
    const sim = run(
      "objects=1200&limits=consistent:500&reads=1&mix=consistent:1&watchers=0&stall=1-100",
      90,
    );
    expect(lists(sim, { kind: "consistent", outcome: "504" })).toBeGreaterThan(0);
    // A list that gave up: its first page, then the second page's 11 attempts.
    const gaveUp = lists(sim, { kind: "consistent", outcome: "504" });
    expect(reads(sim, { kind: "consistent", code: "504" })).toBeGreaterThanOrEqual(11 * gaveUp);
  });
});

describe("what the apiserver holds for LISTs", () => {
  // The preset "A herd of full LISTs on a large cluster", and the same with the gate.
  const preset = (id: string) => PRESETS.find((p) => p.id === id)?.query ?? "";
  const herd = preset("big-herd");
  const gate = preset("big-herd-skip-fallback").slice(herd.length);
  const peak = (sim: ReturnType<typeof run>) =>
    value(sim, "watchcachelab_apiserver_list_bytes_peak");

  it("peaks at most a quarter as high with the skip-fallback gate after a herd of full LISTs", () => {
    const without = run(herd, 40);
    const withGate = run(herd + gate, 40);
    const fullList = 100000 * 2048;
    // Without the gate: every slot of etcd holds a fallback's full LIST at once.
    expect(peak(without)).toBeGreaterThanOrEqual(8 * fullList);
    expect(peak(withGate)).toBeLessThanOrEqual(peak(without) / 4);
    expect(etcdRequests(withGate, "fallback")).toBe(0);
    expect(lists(withGate, { kind: "consistent", outcome: "ok" })).toBe(300);
  }, 120_000);

  it("holds etcd's answers while they are served, and nothing after", () => {
    const sim = run(herd, 14);
    expect(value(sim, "watchcachelab_apiserver_list_bytes", { source: "etcd" })).toBe(
      8 * 100000 * 2048,
    );
    expect(value(sim, "watchcachelab_etcd_ranges_in_flight")).toBe(300);
    sim.advanceTo(60e9);
    expect(value(sim, "watchcachelab_apiserver_list_bytes", { source: "etcd" })).toBe(0);
    expect(value(sim, "watchcachelab_etcd_ranges_in_flight")).toBe(0);
    // A herd of 100 000-object LISTs: tens of seconds on a loaded two-core machine.
    expect(value(sim, "watchcachelab_etcd_ranges_in_flight_peak")).toBe(300);
  }, 120_000);
});
