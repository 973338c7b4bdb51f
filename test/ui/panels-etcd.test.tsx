// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { SeriesView } from "../../src/sim/snapshot.ts";
import { busySlots, drawQueueSeries } from "../../src/ui/panels/etcd/drawQueueSeries.ts";
import { etcdColours } from "../../src/ui/panels/etcd/etcdColours.ts";
import { etcdSlots, etcdVerdict } from "../../src/ui/panels/etcd/etcdSlots.ts";
import { EtcdPanel } from "../../src/ui/panels/index.ts";
import { type CanvasTheme, lightCanvasTheme } from "../../src/ui/panels/shared/canvasTheme.ts";
import { formatBytes, formatCount } from "../../src/ui/panels/shared/format.ts";
import { run } from "../core/simulation-helpers.ts";
import { darkCanvasTheme } from "./fixtures/canvasThemes.ts";
import { recordingContext } from "./fixtures/recordingContext.ts";
import { recordedSnapshot } from "./fixtures/snapshot.ts";

afterEach(cleanup);

describe("etcdSlots", () => {
  it("lists busy slots first, then free ones", () => {
    expect(etcdSlots(3, 5)).toEqual(["busy", "busy", "busy", "free", "free"]);
  });
  it("never shows more busy slots than exist", () => {
    expect(etcdSlots(9, 2)).toEqual(["busy", "busy"]);
  });
  it("gives up on boxes when there are too many slots to read", () => {
    expect(etcdSlots(10, 64)).toBeNull();
  });
});

describe("etcdVerdict", () => {
  it("names a queue as saturation", () => {
    expect(etcdVerdict(8, 13, 8)).toBe(
      "Saturated: every slot is busy and 13 requests wait in line.",
    );
  });
  it("tells full, idle and spare apart", () => {
    expect(etcdVerdict(8, 0, 8)).toMatch(/next request will queue/);
    expect(etcdVerdict(0, 0, 8)).toMatch(/^Idle/);
    expect(etcdVerdict(3, 0, 8)).toMatch(/spare slots/);
  });
});

describe("busySlots", () => {
  it("is the busy slot-seconds' difference over each interval", () => {
    const slots = busySlots(recordedSnapshot().series);
    // 0.0201078 slot-seconds over the first 0.3 s; the first point repeats the second's.
    expect(slots[1]).toBeCloseTo(0.067026, 9);
    expect(slots[0]).toBe(slots[1]);
    // The last 0.4 s: every one of the 8 slots busy with the herd's quorum reads.
    expect(slots.at(-1)).toBeCloseTo(8, 9);
  });

  it("shows every slot busy while a herd queues, never more than exist (a real run)", () => {
    const sim = run("stall=5-15&herd=1000@8", 30);
    const { series } = sim.snapshot({
      ringSegments: 8,
      maxWaiters: 0,
      maxOutcomes: 0,
      seriesPoints: 2000,
    });
    const slots = busySlots(series);
    expect(Math.max(...slots)).toBeGreaterThan(7.9);
    expect(Math.max(...slots)).toBeLessThanOrEqual(8 + 1e-9);
    const queued = [...series.etcdQueue].findIndex(
      (n, i) => n > 0 && (series.etcdQueue[i - 1] ?? 0) > 0,
    );
    expect(queued).toBeGreaterThan(0);
    expect(slots[queued]).toBeCloseTo(8, 6);
    // The last point's slot-seconds are the counter's, up to that point's time.
    expect(series.etcdBusySeconds.at(-1)).toBeGreaterThan(0);
  });
});

/** What drawQueueSeries paints of `series` on the etcd panel's 500 × 120 chart. */
function drawnQueue(series: SeriesView, theme: CanvasTheme) {
  const recording = recordingContext();
  drawQueueSeries(recording.context, series, { width: 500, height: 120 }, theme);
  return recording;
}

describe("drawQueueSeries", () => {
  it("stacks the busy slots under the queue over time", () => {
    const recording = drawnQueue(recordedSnapshot().series, lightCanvasTheme);
    const paints = recording.paints();
    expect(paints).toContainEqual({ name: "fill", style: etcdColours.busyFill });
    expect(paints).toContainEqual({ name: "stroke", style: etcdColours.busy });
    // The stack's top: the herd's 1,604 queued on 2.07 busy slots (94.6 s), on a nice axis.
    expect(recording.texts()).toContain("2,000");
  });

  it("fills and outlines the queue over time", () => {
    const recording = drawnQueue(recordedSnapshot().series, lightCanvasTheme);
    const paints = recording.paints();
    expect(paints).toContainEqual({ name: "fill", style: etcdColours.queueFill });
    expect(paints).toContainEqual({ name: "stroke", style: etcdColours.queue });
    expect(recording.texts()).toEqual(expect.arrayContaining(["0", "500", "1,000", "1,500"]));
  });

  it("waits for two samples before drawing", () => {
    const series = { ...recordedSnapshot().series, tNs: new Float64Array() };
    const recording = drawnQueue(series, lightCanvasTheme);
    expect(recording.texts()).toEqual(["Collecting samples…"]);
  });

  it("labels its axes in the dark theme's muted ink on a dark page", () => {
    const recording = drawnQueue(recordedSnapshot().series, darkCanvasTheme);
    const labels = recording.inkedTexts();
    expect(labels.length).toBeGreaterThan(2);
    expect(labels.every((label) => label.style === darkCanvasTheme.muted)).toBe(true);
    expect(recording.paints()).toContainEqual({ name: "stroke", style: darkCanvasTheme.grid });
    // The data keeps its Okabe–Ito colours in either theme.
    expect(recording.paints()).toContainEqual({ name: "stroke", style: etcdColours.queue });
  });
});

describe("EtcdPanel", () => {
  it("labels the chart's busy-slot band and queue, and the slot boxes apart", () => {
    const { container } = render(<EtcdPanel snapshot={recordedSnapshot()} />);
    const legends = [...container.querySelectorAll(".wcl-legend")].map((l) => l.textContent);
    expect(legends).toEqual([
      "busy slotfree slot",
      "busy slots (mean over each sample)queued for a slot",
    ]);
    expect(screen.getByRole("img", { name: /busy slots and queue over time/ })).toBeInTheDocument();
  });

  it("shows in-flight against concurrency and the queue", () => {
    const { container } = render(<EtcdPanel snapshot={recordedSnapshot()} />);
    expect(screen.getByText(/slots in flight/)).toHaveTextContent(
      "8 of 8 slots in flight · 24 queued",
    );
    expect(screen.getByRole("meter", { name: "etcd range requests in flight" })).toHaveValue(8);
    expect(container.querySelectorAll(".wcl-slot--busy")).toHaveLength(8);
    expect(screen.getByText(/^Saturated/)).toBeInTheDocument();
  });

  it("shows etcd's latency and what a full LIST costs", () => {
    render(<EtcdPanel snapshot={recordedSnapshot()} />);
    expect(screen.getByText(/per request/)).toHaveTextContent(
      /^latency 2 ms per request · a full LIST takes ≈ 13 ms/,
    );
  });

  it("shows the bytes held for LISTs and the range requests in flight, with their peaks", () => {
    render(<EtcdPanel snapshot={recordedSnapshot()} />);
    expect(screen.getByText(/held now for etcd's answers/)).toHaveTextContent(
      "16.4 kB held now for etcd's answers · peak 16.4 MB · 32 range requests in flight to etcd (peak 2,000)",
    );
  });

  it("draws a gauge instead of boxes for a large etcd", () => {
    const snapshot = {
      ...recordedSnapshot(),
      etcd: { ...recordedSnapshot().etcd, inFlight: 25, queued: 0, concurrency: 100 },
    };
    const { container } = render(<EtcdPanel snapshot={snapshot} />);
    expect(container.querySelectorAll(".wcl-slot")).toHaveLength(0);
    expect(container.querySelector(".wcl-gauge__fill")).toHaveStyle({ width: "25.0%" });
  });

  it("says what etcd did over the last interval, by reason, even with nothing in flight", () => {
    const snapshot = {
      ...recordedSnapshot(),
      etcd: { ...recordedSnapshot().etcd, inFlight: 0, queued: 0 },
    };
    render(<EtcdPanel snapshot={snapshot} />);
    // A 7 ms request is rarely in flight at a frame: the verdict reads the window, not the instant.
    expect(screen.queryByText(/^Idle/)).toBeNull();
    expect(screen.getByText(/None in flight at this instant/)).toHaveTextContent(
      "None in flight at this instant, but etcd answered 2,014 requests in the last 1.0 s (4.04 slots busy on average).",
    );
    const table = screen.getByRole("table", { name: /Over the last 1.00 s/ });
    const row = (name: RegExp) =>
      Array.from(table.querySelectorAll("tr")).find((tr) => name.test(tr.textContent ?? ""));
    // The herd's 2,000 quorum reads (current_rv) in the last second; none has hit the wall yet.
    expect(row(/^current_rv/)).toHaveTextContent(
      /^current_rv \(quorum read for the RV\)2,0004\.034\.1 MB$/,
    );
    expect(row(/^fallback/)).toHaveTextContent(/^fallback \(cache hit the wall\)00\.000 B$/);
    expect(row(/^progress/)).toHaveTextContent(/100\.000 B$/);
    expect(row(/^all reasons/)).toHaveTextContent(/^all reasons2,0144\.044\.1 MB$/);
  });

  it("says Idle only when etcd answered nothing in the window", () => {
    const quiet = recordedSnapshot().etcd.recent;
    const zero = { requests: 0, busySeconds: 0, bytes: 0 };
    const snapshot = {
      ...recordedSnapshot(),
      etcd: {
        ...recordedSnapshot().etcd,
        inFlight: 0,
        queued: 0,
        recent: {
          ...quiet,
          byReason: {
            delegated: zero,
            fallback: zero,
            current_rv: zero,
            progress: zero,
            reflector: zero,
          },
        },
      },
    };
    render(<EtcdPanel snapshot={snapshot} />);
    expect(screen.getByText(/^Idle/)).toBeInTheDocument();
  });
});

describe("the etcd panel's totals", () => {
  it("give the run's requests, busy slot-seconds and bytes since the start, by reason", () => {
    const snapshot = recordedSnapshot();
    render(<EtcdPanel snapshot={snapshot} />);
    const table = screen.getByRole("region", { name: "What etcd did, by reason, since the start" });
    expect(table.textContent).toContain("Since the start (95.0 s)");
    const fallback = snapshot.etcd.total.byReason.fallback;
    // The recorded run's fallbacks since the start, far more than its last second's.
    expect(fallback.requests).toBeGreaterThan(snapshot.etcd.recent.byReason.fallback.requests);
    const row = [...table.querySelectorAll("tr")].find((tr) =>
      tr.textContent?.startsWith("fallback"),
    );
    expect([...(row?.querySelectorAll("td") ?? [])].map((td) => td.textContent)).toEqual([
      formatCount(fallback.requests),
      fallback.busySeconds.toFixed(2),
      formatBytes(fallback.bytes),
    ]);
  });
});
