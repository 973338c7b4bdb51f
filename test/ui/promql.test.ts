import { describe, expect, it } from "vitest";
import {
  increase,
  type Point,
  type PromWindow,
  rate,
  selectRange,
  windowQuantile,
} from "../../src/ui/panels/metrics/promql.ts";

// Each expected figure was worked by hand from Prometheus's extrapolatedRate and bucketQuantile,
// then checked against Debian's Prometheus 2.42 (the same series backfilled with promtool and
// queried over /api/v1/query on loopback) and, for Prometheus 3, against v0.316.0's promql engine
// (prom-oracle/): each answered every figure of its own semantics.

const every15 = (values: readonly number[], fromS = 0): Point[] =>
  values.map((value, i) => ({ tS: fromS + i * 15, value }));
const prom2 = (atS: number, windowS: number): PromWindow => ({ atS, windowS, semantics: "2" });
const prom3 = (atS: number, windowS: number): PromWindow => ({ atS, windowS, semantics: "3" });

describe("PromQL arithmetic over 15 s scrapes, as Prometheus 2.42", () => {
  it("selects [at − w, at], both ends included as in Prometheus 2.x", () => {
    expect(selectRange(every15([0, 10, 20, 30, 40]), prom2(60, 60)).map((p) => p.tS)).toEqual([
      0, 15, 30, 45, 60,
    ]);
  });

  it("rate over samples that cover the window needs no extrapolation", () => {
    expect(rate(every15([0, 10, 20, 30, 40]), prom2(60, 60))).toBeCloseTo(40 / 60, 12);
  });

  it("rate extrapolates to the window's edges when the samples stop short of them", () => {
    // at 61 s: samples 15…60 s (10…40); 14 s to the start, 1 s to the end → 30 × 60/45 over 60 s
    expect(rate(every15([0, 10, 20, 30, 40]), prom2(61, 60))).toBeCloseTo(40 / 60, 12);
  });

  it("increase of a counter born in the window extrapolates no further back than its zero", () => {
    // 5, 10, 15 at 30, 45, 60 s: zero was 15 s before the first sample → 10 × 45/30
    expect(increase(every15([5, 10, 15], 30), prom2(60, 60))).toBeCloseTo(15, 12);
  });

  it("increase extrapolates half a scrape when the gap to the edge is over 1.1 scrapes", () => {
    // 100, 110, 120 at 30, 45, 60 s: 30 s to the start → 20 × 37.5/30
    expect(increase(every15([100, 110, 120], 30), prom2(60, 60))).toBeCloseTo(25, 12);
  });

  it("increase adds a counter reset back", () => {
    expect(increase(every15([0, 10, 3, 13]), prom2(45, 45))).toBeCloseTo(23, 12);
  });

  it("a window with fewer than two samples has no result", () => {
    expect(rate(every15([0, 10, 20]), prom2(200, 60))).toBeNull();
    expect(rate(every15([7]), prom2(0, 60))).toBeNull();
  });

  it("histogram_quantile of bucket rates interpolates within the bucket", () => {
    const buckets = {
      bounds: [1, 3],
      points: [
        every15([0, 22, 45, 67, 90]),
        every15([0, 25, 50, 75, 100]),
        every15([0, 25, 50, 75, 100]),
      ],
    };
    expect(windowQuantile(0.99, buckets, prom2(60, 60))).toBeCloseTo(2.8, 12);
  });

  it("a quantile that falls in +Inf answers the last finite bound", () => {
    const buckets = {
      bounds: [1, 3],
      points: [every15([0, 0, 0, 0, 0]), every15([2, 2, 2, 2, 2]), every15([2, 7, 12, 17, 22])],
    };
    expect(windowQuantile(0.99, buckets, prom2(60, 60))).toBe(3);
  });

  it("a window without observations is NaN, one without scrapes has no result", () => {
    const flat = { bounds: [1], points: [every15([4, 4, 4]), every15([4, 4, 4])] };
    expect(windowQuantile(0.99, flat, prom2(30, 60))).toBeNaN();
    expect(windowQuantile(0.99, flat, prom2(400, 60))).toBeNull();
  });
});

describe("where Prometheus 3 differs, at a window's start", () => {
  it("selects (at − w, at]: a sample exactly at the start is left out", () => {
    expect(selectRange(every15([0, 10, 20, 30, 40]), prom3(60, 60)).map((p) => p.tS)).toEqual([
      15, 30, 45, 60,
    ]);
  });

  it("so a rate over samples that cover the window extrapolates back a scrape", () => {
    // 15…60 s (10…40): 15 s to the start, under 1.1 scrapes → 30 × 60/45
    expect(rate(every15([0, 10, 20, 30, 40]), prom3(60, 60))).toBeCloseTo(40 / 60, 12);
  });

  it("limits a counter's start by half a scrape before its zero point, not after", () => {
    // 10, 20, 30 at 30, 45, 60 s; 30 s to the start, zero 15 s before the first sample.
    // Prometheus 2.42: min(30, 15) = 15 < 16.5 → 20 × 45/30 = 30.
    // Prometheus 3: 30 ≥ 16.5 → 7.5, then min(7.5, 15) → 20 × 37.5/30 = 25.
    expect(increase(every15([10, 20, 30], 30), prom2(60, 60))).toBeCloseTo(30, 12);
    expect(increase(every15([10, 20, 30], 30), prom3(60, 60))).toBeCloseTo(25, 12);
  });
});
