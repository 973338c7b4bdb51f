import { describe, expect, it } from "vitest";
import { createSimulation } from "../../src/sim/simulation.ts";
import { SCREEN_VIEW } from "../../src/state/snapshot-view.ts";
import { formatClock } from "../../src/ui/controls/clockSeconds.ts";
import { windowedFigures } from "../../src/ui/panels/metrics/windowedFigures.ts";
import type { WindowScrapes, WorkerReply } from "../../src/worker/protocol.ts";
import { createSimulationHost } from "../../src/worker/simulation-host.ts";

// Issue 35's case: the link opens at t=120 s, the run plays a few frames at 0.1× and is paused;
// the clock (and Share's `t`, and the report) say 120.0 s. The windowed figures must be what
// Prometheus answers at that moment. Over the run's export, asked at exactly 120 s, Debian's
// Prometheus 2.42 (backfilled with promtool) answered p99 3 s, fallback="true" 14.05/s,
// fallback="false" 138.1/s; at +1 ms it answered what the page showed (0.13 s, 0.00/s, 123.6/s).
// Prometheus 3.16's engine (prom-oracle/) answered 0.1306551724137934, 0 and 123.6222222222222:
// its range leaves out the scrape at exactly 60 s. With the LIST costs calibrated on KEP-2340 the
// run moved; asked again over its export, 2.42 answered 3, 14.05/s and 138.1/s as before, and 3.16
// 0.14611607142857153, 0 and 123.64444444444443.

const LINK = "writes=200@0,6000@30,200@60&ryw=0@0,300@30,0@90";
const TWIN = {
  query: `${LINK}&gates=ConsistentListFromCacheSkipTimeoutFallback=true`,
  differing: ["gates"],
} as const;

function openedAt120ThenPlayed(playedMs: number): { clock: string; scrapes: WindowScrapes } {
  const replies: WorkerReply[] = [];
  const host = createSimulationHost({
    createSimulation,
    post: (reply) => replies.push(reply),
    wallNowMs: () => 0,
  });
  host.handle({ type: "load", query: LINK, startAtS: 120, twin: TWIN });
  host.handle({ type: "frame", view: SCREEN_VIEW });
  host.handle({ type: "step", simMs: playedMs }); // what 0.1× plays before Pause is pressed
  host.handle({ type: "frame", view: SCREEN_VIEW });
  host.handle({ type: "window", requestId: 1, stepS: 15, windowS: 60 });
  const snapshot = replies.findLast((reply) => reply.type === "snapshot");
  const window = replies.find((reply) => reply.type === "window");
  if (snapshot?.type !== "snapshot" || window?.type !== "window") throw new Error("no answer");
  return { clock: formatClock(snapshot.snapshot.nowNs), scrapes: window.scrapes };
}

describe("the windowed figures of a run paused at the moment a t=120 link names", () => {
  const { clock, scrapes } = openedAt120ThenPlayed(48);
  const a = scrapes.runs.find((run) => run.run === "A");
  if (a === undefined) throw new Error("no run A");
  const perSecond = (figures: ReturnType<typeof windowedFigures>, fallback: string) =>
    figures.reads.find((reads) => reads.fallback === fallback)?.perSecond;

  it("are evaluated at the moment the clock shows", () => {
    expect(clock).toBe("120.0 s");
    expect(scrapes.atS).toBe(120);
  });

  it("equal Prometheus 2.42's answers there, under Prometheus 2", () => {
    const figures = windowedFigures(a, { atS: scrapes.atS, windowS: 60, semantics: "2" });
    expect(figures.p99).toBe(3);
    expect(perSecond(figures, "true")?.toFixed(2)).toBe("14.05");
    expect(perSecond(figures, "false")?.toFixed(1)).toBe("138.1");
  });

  it("equal Prometheus 3.16's answers there, under Prometheus 3", () => {
    const figures = windowedFigures(a, { atS: scrapes.atS, windowS: 60, semantics: "3" });
    expect(figures.p99).toBe(0.14611607142857153);
    expect(perSecond(figures, "true")).toBe(0);
    expect(perSecond(figures, "false")).toBe(123.64444444444443);
  });
});
