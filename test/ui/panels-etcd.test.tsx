// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { drawQueueSeries } from "../../src/ui/panels/etcd/drawQueueSeries.ts";
import { etcdColours } from "../../src/ui/panels/etcd/etcdColours.ts";
import { etcdSlots, etcdVerdict } from "../../src/ui/panels/etcd/etcdSlots.ts";
import { EtcdPanel } from "../../src/ui/panels/index.ts";
import { lightCanvasTheme } from "../../src/ui/panels/shared/canvasTheme.ts";
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

describe("drawQueueSeries", () => {
  it("fills and outlines the queue over time", () => {
    const recording = recordingContext();
    drawQueueSeries(
      recording.context,
      recordedSnapshot().series,
      { width: 500, height: 120 },
      lightCanvasTheme,
    );
    const paints = recording.paints();
    expect(paints).toContainEqual({ name: "fill", style: etcdColours.queueFill });
    expect(paints).toContainEqual({ name: "stroke", style: etcdColours.queue });
    // The y axis reaches the stampede's peak of 20 queued requests.
    expect(recording.texts()).toContain("20");
  });

  it("waits for two samples before drawing", () => {
    const recording = recordingContext();
    const series = { ...recordedSnapshot().series, tNs: new Float64Array() };
    drawQueueSeries(recording.context, series, { width: 500, height: 120 }, lightCanvasTheme);
    expect(recording.texts()).toEqual(["Collecting samples…"]);
  });

  it("labels its axes in the dark theme's muted ink on a dark page", () => {
    const recording = recordingContext();
    const size = { width: 500, height: 120 };
    drawQueueSeries(recording.context, recordedSnapshot().series, size, darkCanvasTheme);
    const labels = recording.inkedTexts();
    expect(labels.length).toBeGreaterThan(2);
    expect(labels.every((label) => label.style === darkCanvasTheme.muted)).toBe(true);
    expect(recording.paints()).toContainEqual({ name: "stroke", style: darkCanvasTheme.grid });
    // The data keeps its Okabe–Ito colours in either theme.
    expect(recording.paints()).toContainEqual({ name: "stroke", style: etcdColours.queue });
  });
});

describe("EtcdPanel", () => {
  it("shows in-flight against concurrency and the queue", () => {
    const { container } = render(<EtcdPanel snapshot={recordedSnapshot()} />);
    expect(screen.getByText(/slots in flight/)).toHaveTextContent(
      "8 of 8 slots in flight · 13 queued",
    );
    expect(screen.getByRole("meter", { name: "etcd range requests in flight" })).toHaveValue(8);
    expect(container.querySelectorAll(".wcl-slot--busy")).toHaveLength(8);
    expect(screen.getByText(/^Saturated/)).toBeInTheDocument();
  });

  it("shows etcd's latency and what a full LIST costs", () => {
    render(<EtcdPanel snapshot={recordedSnapshot()} />);
    expect(screen.getByText(/per request/)).toHaveTextContent(
      /^latency 2 ms per request · a full LIST takes ≈ 7 ms/,
    );
  });

  it("shows the bytes held for LISTs and the range requests in flight, with their peaks", () => {
    render(<EtcdPanel snapshot={recordedSnapshot()} />);
    expect(screen.getByText(/held now for etcd's answers/)).toHaveTextContent(
      "8.19 MB held now for etcd's answers · peak 9.22 MB · 21 range requests in flight to etcd (peak 40)",
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
      "None in flight at this instant, but etcd answered 229 requests in the last 1.0 s (1.39 slots busy on average).",
    );
    const table = screen.getByRole("table", { name: /Over the last 1.00 s/ });
    const row = (name: RegExp) =>
      Array.from(table.querySelectorAll("tr")).find((tr) => name.test(tr.textContent ?? ""));
    expect(row(/^fallback/)).toHaveTextContent(/^fallback \(cache hit the wall\)1841\.29188 MB$/);
    expect(row(/^current_rv/)).toHaveTextContent(/400\.080 B$/);
    expect(row(/^progress/)).toHaveTextContent(/20\.000 B$/);
    expect(row(/^all reasons/)).toHaveTextContent(/^all reasons2291\.39191 MB$/);
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
