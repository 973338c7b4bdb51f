import { describe, expect, it } from "vitest";
import { decisionRows } from "../../src/ui/decision/decisionRows.ts";
import { formatCount } from "../../src/ui/panels/shared/format.ts";
import type { RunScrapes } from "../../src/worker/protocol.ts";
import { recordedSnapshot } from "./fixtures/snapshot.ts";

// The rows of "What the change trades": since the start the snapshot's counts, over a window
// PromQL over the scrapes (the browser test compares both with the command line's).

const counter = (name: string, labels: Record<string, string>, values: number[]) => ({
  name,
  labels,
  points: values.map((value, i) => ({ tS: i * 15, value })),
});
const scrapes = (series: RunScrapes["series"]): RunScrapes => ({
  readWait: null,
  consistentReads: [],
  series,
});

describe("decisionRows", () => {
  const snapshot = recordedSnapshot();

  it("reads each figure since the start from the snapshot's own counts", () => {
    const rows = new Map(decisionRows([{ snapshot, scrapes: null }], null).map((r) => [r.id, r]));
    expect(rows.get("quorum")?.since[0]?.value).toBe(
      snapshot.etcd.total.byReason.current_rv.requests,
    );
    expect(rows.get("retries")?.since[0]?.text).toBe(formatCount(snapshot.requests.retries));
    expect(rows.get("ryw")?.since[0]?.value).toBe(snapshot.requests.listsByKind.ryw?.["ok"]);
    // A latency row for every read kind whose LISTs ended, in the order a learner meets them.
    expect([...rows.keys()].filter((id) => id.startsWith("p99:"))).toEqual([
      "p99:rv0",
      "p99:consistent",
      "p99:ryw",
      "p99:notOlderThan",
      "p99:exact",
    ]);
    expect(rows.get("p99:consistent")?.window).toBeNull();
  });

  it("sums the increases of the series a row selects over the window, no data for none written (as PromQL)", () => {
    const run = scrapes([
      counter(
        "watchcachelab_lists_total",
        { kind: "ryw", outcome: "ok" },
        [0, 30, 60, 90, 120, 150, 180],
      ),
      counter(
        "watchcachelab_lists_total",
        { kind: "consistent", outcome: "429" },
        [0, 0, 0, 0, 10, 20, 30],
      ),
    ]);
    const window = { windowS: 60, atS: 90, semantics: "2" } as const;
    const rows = new Map(decisionRows([{ snapshot, scrapes: run }], window).map((r) => [r.id, r]));
    // 60 s of 2 a second, the samples reaching both edges (Prometheus 2 keeps the one at 30 s):
    // no extrapolation.
    expect(rows.get("ryw")?.window?.[0]?.value).toBe(120);
    expect(rows.get("failed")?.window?.[0]?.value).toBe(30);
    // No series of it was ever written: sum() over nothing has no result, Grafana's "No data".
    expect(rows.get("fallbackLists")?.window?.[0]?.text).toBe("no data");
    expect(rows.get("ryw")?.expression).toBe(
      'sum(increase(watchcachelab_lists_total{kind="ryw",outcome="ok"}[1m]))',
    );
  });

  it("reads no data while the window holds under two scrapes", () => {
    const run = scrapes([
      counter("watchcachelab_lists_total", { kind: "ryw", outcome: "ok" }, [0]),
    ]);
    const window = { windowS: 60, atS: 0, semantics: "3" } as const;
    const rows = decisionRows([{ snapshot, scrapes: run }], window);
    expect(rows.find((row) => row.id === "ryw")?.window?.[0]?.text).toBe("no data");
  });
});
