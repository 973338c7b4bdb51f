// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { HistogramView } from "../../src/sim/snapshot.ts";
import { MetricsPanel } from "../../src/ui/panels/index.ts";
import {
  consistentReadRows,
  fellBackToEtcd,
} from "../../src/ui/panels/metrics/consistentReadRows.ts";
import {
  bucketLabel,
  bucketsFromCumulative,
  histogramQuantile,
} from "../../src/ui/panels/metrics/histogramBuckets.ts";
import { recordedSnapshot } from "./fixtures/snapshot.ts";

afterEach(cleanup);

// The recorded run's read waits: most hit the wall (+Inf), many were served just in time (2–3 s).
const READ_WAIT_BOUNDS = recordedSnapshot().readWait.bounds;

const histogram = (cumulative: number[]): HistogramView => ({
  bounds: READ_WAIT_BOUNDS,
  cumulative,
  sum: 0,
  count: cumulative.at(-1) ?? 0,
});

describe("bucketsFromCumulative", () => {
  it("turns cumulative counts back into per-bucket counts, +Inf last", () => {
    const { readWait } = recordedSnapshot();
    expect(readWait.cumulative).toEqual([2, 5, 10, 14, 20, 42, 55, 63, 69, 80, 87, 101, 889, 3066]);
    const buckets = bucketsFromCumulative(readWait);
    expect(buckets.map((bucket) => bucket.count)).toEqual([
      2, 3, 5, 4, 6, 22, 13, 8, 6, 11, 7, 14, 788, 2177,
    ]);
    expect(buckets.map((bucket) => bucket.le)).toEqual([
      ...READ_WAIT_BOUNDS,
      Number.POSITIVE_INFINITY,
    ]);
  });
});

describe("bucketLabel", () => {
  it("writes bounds as Prometheus's le in seconds, without the leading zero", () => {
    expect(READ_WAIT_BOUNDS.map(bucketLabel).join(" ")).toBe(
      ".005 .025 .05 .1 .2 .4 .6 .8 1 1.25 1.5 2 3",
    );
    expect(bucketLabel(Number.POSITIVE_INFINITY)).toBe("+Inf");
  });
});

describe("histogramQuantile", () => {
  it("interpolates within the bucket holding the rank, like PromQL", () => {
    const { readWait } = recordedSnapshot();
    // rank 613.2 of 3,066 falls in (2, 3], which starts at 101 and holds 788
    expect(histogramQuantile(0.2, readWait)).toBeCloseTo(2 + 1 * (512.2 / 788));
    // rank 3035.34 falls in +Inf (above 889): the last finite bound
    expect(histogramQuantile(0.99, readWait)).toBe(3);
    // rank 91.98 falls in (1.5, 2], which starts at 87 and holds 14
    expect(histogramQuantile(0.03, readWait)).toBeCloseTo(1.5 + 0.5 * (4.98 / 14));
  });

  it("reports the highest finite bound for ranks in +Inf, and nothing without observations", () => {
    const zeros = READ_WAIT_BOUNDS.map(() => 0);
    expect(histogramQuantile(0.5, histogram([...zeros, 4]))).toBe(3);
    expect(histogramQuantile(0.5, histogram([...zeros, 0]))).toBeNull();
  });
});

describe("consistentReadRows", () => {
  it("orders label pairs from the happy path and says what each means", () => {
    const rows = consistentReadRows({ "false/skipped": 3, "true/true": 5, "true/false": 9 });
    expect(rows).toEqual([
      { success: "true", fallback: "false", count: 9, meaning: "served by the cache" },
      { success: "true", fallback: "true", count: 5, meaning: "hit the wall, etcd answered" },
      {
        success: "false",
        fallback: "skipped",
        count: 3,
        meaning: "hit the wall, 429 instead of etcd",
      },
    ]);
  });

  it("keeps a label pair it does not know, without a meaning", () => {
    expect(consistentReadRows({ odd: 2 })).toEqual([
      { success: "odd", fallback: "", count: 2, meaning: "" },
    ]);
  });

  it("counts the reads etcd answered after the wall", () => {
    expect(fellBackToEtcd(recordedSnapshot().consistentReads)).toBe(1453);
  });
});

describe("MetricsPanel", () => {
  let writeText: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
  });

  it("draws the read-wait histogram per bucket, +Inf marked as over the wall, and says why", () => {
    render(<MetricsPanel snapshot={recordedSnapshot()} />);
    const buckets = within(screen.getByRole("list", { name: /Waits per bucket/ })).getAllByRole(
      "listitem",
    );
    expect(buckets).toHaveLength(14);
    const wall = screen.getByRole("listitem", { name: "le +Inf s: 2177, over the wall" });
    expect(wall).toHaveClass("wcl-bucket--wall");
    expect(screen.getByRole("listitem", { name: "le 3 s: 788" })).not.toHaveClass(
      "wcl-bucket--wall",
    );
    expect(buckets.filter((b) => b.classList.contains("wcl-bucket--wall"))).toHaveLength(1);
    const caption = screen.getByText(/where a wait that timed out lands/);
    expect(caption).toHaveTextContent(
      'Over the wall: le="+Inf", where a wait that timed out lands (observed at 3.0001 s: the wall, then its timer\'s wake-up). The buckets below hold waits that ended in time.',
    );
  });

  it("reads p99 as histogram_quantile does, and says a rank in +Inf answers the last finite bound", () => {
    render(<MetricsPanel snapshot={recordedSnapshot()} />);
    expect(screen.getByText(/waits · sum/)).toHaveTextContent(
      "3,066 waits · sum 8834.35 s · p99 3.00 s",
    );
    expect(screen.getByText(/histogram_quantile/)).toHaveTextContent(
      "the 99th percentile falls in +Inf, and a quantile inside +Inf answers the last finite bound, 3 s.",
    );
  });

  it('moves the mark with a what-if wall: at 2 s a timed-out wait is observed in le="3"', () => {
    const snapshot = recordedSnapshot();
    snapshot.wall = {
      ...snapshot.wall,
      blockTimeoutNs: 2e9,
      timeoutObservedS: 2.0001,
      readWaitBucket: 12,
      readWaitBucketLe: "3",
    };
    render(<MetricsPanel snapshot={snapshot} />);
    expect(screen.getByRole("listitem", { name: "le 3 s: 788, over the wall" })).toHaveClass(
      "wcl-bucket--wall",
    );
    expect(screen.getByText(/where a wait that timed out lands/)).toHaveTextContent(
      'Over the wall: le="3", where a wait that timed out lands (observed at 2.0001 s',
    );
  });

  it("says why a real 1.34+ scrape shows a few waits the lab does not, and not for 1.33", () => {
    const { unmount } = render(<MetricsPanel snapshot={recordedSnapshot()} />);
    expect(screen.getByText(/size-based list cost estimate/)).toHaveTextContent(
      "A real apiserver of this version shows a few more waits, about one a minute, even with no client reads",
    );
    unmount();
    const v133 = recordedSnapshot();
    v133.rules = { ...v133.rules, listCostEstimateWaits: false };
    render(<MetricsPanel snapshot={v133} />);
    expect(screen.queryByText(/size-based list cost estimate/)).toBeNull();
  });

  it("says a real 1.34+ apiserver also runs the cache consistency checker, and not for 1.33", () => {
    // upstream: cacher/consistency/checker.go (DetectCacheInconsistency, Beta on from 1.34).
    const { unmount } = render(<MetricsPanel snapshot={recordedSnapshot()} />);
    expect(screen.getByText(/checks its cache against etcd/)).toHaveTextContent(
      "A real apiserver of this version also checks its cache against etcd every 5 to 7.5 minutes (DetectCacheInconsistency)",
    );
    expect(screen.getByText(/checks its cache against etcd/)).toHaveTextContent(
      "apiserver_storage_consistency_checks_total",
    );
    unmount();
    const v133 = recordedSnapshot();
    v133.rules = { ...v133.rules, consistencyChecks: false };
    render(<MetricsPanel snapshot={v133} />);
    expect(screen.queryByText(/checks its cache against etcd/)).toBeNull();
  });

  it("lists consistent reads by label pair and the share etcd answered", () => {
    render(<MetricsPanel snapshot={recordedSnapshot()} />);
    expect(screen.getByRole("row", { name: /success="true", fallback="true"/ })).toHaveTextContent(
      "1,453",
    );
    // 1,454 of 1,966 consistent reads (the cache served the other 512).
    expect(screen.getByText(/answered by etcd/)).toHaveTextContent(
      "74% of consistent reads hit the wall and were answered by etcd.",
    );
    expect(screen.getByText(/watch_cache_capacity/).parentElement).toHaveTextContent(
      "watch_cache_capacity 1,600 · _increase_total 4 · _decrease_total 0",
    );
  });

  it("disables copying until the shell supplies the Prometheus text", () => {
    render(<MetricsPanel snapshot={recordedSnapshot()} />);
    expect(screen.getByRole("button", { name: "Copy as Prometheus text" })).toBeDisabled();
  });

  it("copies the text from the shell and says copied", async () => {
    const text = 'watch_cache_capacity{group="",resource="pods"} 400\n';
    render(
      <MetricsPanel snapshot={recordedSnapshot()} prometheusText={() => Promise.resolve(text)} />,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy as Prometheus text" }));
    });
    expect(writeText).toHaveBeenCalledWith(text);
    expect(screen.getByRole("button", { name: "Copied" })).toBeInTheDocument();
  });

  it("says so when copying fails", async () => {
    writeText.mockRejectedValue(new Error("denied"));
    render(<MetricsPanel snapshot={recordedSnapshot()} prometheusText={() => "text"} />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy as Prometheus text" }));
    });
    expect(screen.getByRole("button", { name: /Copy failed/ })).toBeInTheDocument();
  });
});
