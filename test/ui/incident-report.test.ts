import { describe, expect, it } from "vitest";
import {
  reportFindings,
  reportTables,
  sentenceViolations,
} from "../../e2e/helpers/report-sentences.ts";
import { createSimulation, NS_PER_S, parseScenario } from "../../src/model/index.ts";
import { SCREEN_VIEW } from "../../src/state/snapshot-view.ts";
import { decisionRows } from "../../src/ui/decision/decisionRows.ts";
import type { WindowedFigures } from "../../src/ui/panels/metrics/windowedFigures.ts";
import {
  type ReportInput,
  incidentReport as reportOf,
} from "../../src/ui/report/incidentReport.ts";
import type { ReportWindow } from "../../src/ui/report/reportWindow.ts";
import { recordedSnapshot } from "./fixtures/snapshot.ts";

// The report reads its metrics over the window the page shows, and says which.

/** The report of these runs, with the compare view's rows since the start. */
const incidentReport = (input: Omit<ReportInput, "decision">) =>
  reportOf({
    ...input,
    decision: decisionRows(
      [input.a, ...(input.b === undefined ? [] : [input.b])].map((run) => ({
        snapshot: run.snapshot,
        scrapes: null,
      })),
      null,
    ),
  });

const scenario = parseScenario("lag=4000&name=at%20the%20wall").scenario;
const figures = (p99: number | null, fellBack: number): WindowedFigures => ({
  semantics: "3",
  firstSeen: [],
  p99,
  p99Expression: "histogram_quantile(0.99, sum by (le) (rate(x_bucket[1m])))",
  reads: [
    { success: "true", fallback: "false", perSecond: 12.5, expression: "rate(a[1m])" },
    { success: "true", fallback: "true", perSecond: fellBack, expression: "rate(b[1m])" },
  ],
});
const lastMinute = (f: ReportWindow["figures"]): ReportWindow => ({
  windowS: 60,
  label: "last 1 m",
  stepS: 15,
  atS: 90,
  semantics: "3",
  figures: f,
});

describe("the incident report's window", () => {
  const run = { scenario, snapshot: recordedSnapshot() };

  it("says since the start when the page shows since the start", () => {
    const report = incidentReport({
      link: "http://lab/#lag=4000",
      a: run,
      window: {
        windowS: 0,
        label: "since the start",
        stepS: 15,
        atS: 95,
        semantics: "3",
        figures: null,
      },
    });
    expect(report).toContain("Window: since the start of the run (as the page shows).");
    expect(report).not.toContain("### Over the");
    expect(report).toContain("| metric | value |");
  });

  it("gives the windowed p99 and rates as the Metrics panel prints them, with their PromQL", () => {
    const report = incidentReport({
      link: "http://lab/#lag=4000",
      a: run,
      window: lastMinute({ a: figures(2.9, 3.25) }),
    });
    expect(report).toContain(
      "Window: the last 1 m (as the page shows); the key metrics are since the start.",
    );
    expect(report).toContain("| metric since the start | value |");
    expect(report).toContain("### Over the last 1 m (the window the page shows)");
    expect(report).toContain(
      "As Prometheus 3 computes them over samples scraped every 15 s up to 90.0 s simulated",
    );
    expect(report).toContain("Prometheus 3: the last 1 m is the range (t − w, t]");
    expect(report).toContain("| read-wait p99 | 2.90 s |");
    expect(report).toContain(
      '| consistent reads, hit the wall, etcd answered (success="true", fallback="true") | 3.25/s |',
    );
    expect(report).toContain("- `histogram_quantile(0.99, sum by (le) (rate(x_bucket[1m])))`");
    expect(report).toContain("- Over the last 1 m (Prometheus 3): read-wait p99 2.90 s.");
  });

  it("puts both runs side by side in a twin, and says what the window's p99 did", () => {
    const report = incidentReport({
      link: "http://lab/#lag=4000&twin=x",
      a: { ...run, side: "gate off" },
      b: { ...run, side: "gate on" },
      window: lastMinute({
        a: figures(2.9, 3.25),
        b: {
          ...figures(Number.NaN, 0),
          reads: [
            ...figures(Number.NaN, 0).reads,
            { success: "false", fallback: "skipped", perSecond: 4, expression: "rate(c[1m])" },
          ],
        },
      }),
    });
    expect(report).toContain("| metric since the start | A | B | B − A |");
    expect(report).toContain(
      "| read-wait p99 | 2.90 s | no data (no waits in the window: PromQL answers NaN) |",
    );
    expect(report).toContain(
      'hit the wall, etcd answered (success="true", fallback="true") | 3.25/s | 0.00/s |',
    );
    expect(report).toContain(
      'hit the wall, 429 instead of etcd (success="false", fallback="skipped") | no data | 4.00/s |',
    );
    expect(report).toContain("- `rate(c[1m])`");
    expect(report).toContain(
      "- Over the last 1 m (Prometheus 3): read-wait p99 2.90 s in A, no data (no waits in the window: PromQL answers NaN) in B.",
    );
  });

  it("says the window is still being scraped rather than printing since-start figures as its own", () => {
    const report = incidentReport({ link: "l", a: run, window: lastMinute(null) });
    expect(report).toContain(
      "The last 1 m was still being scraped when the report was made: the figures above are since the start.",
    );
  });
});

// The twin the issue found the false sentence in: a 4 s lag, a herd of 500 at 2 s, and B with the
// skip-fallback gate on, read at 30 s; both runs recorded through the model's door.
const SKIP = "gates=ConsistentListFromCacheSkipTimeoutFallback=true";
function herdTwin(atS: number) {
  const run = (query: string) => {
    const scenario = parseScenario(query).scenario;
    const sim = createSimulation(scenario);
    sim.advanceTo(atS * NS_PER_S);
    return { scenario, snapshot: sim.snapshot(SCREEN_VIEW) };
  };
  return {
    a: { ...run("lag=4000&herd=500@2"), side: "skip-fallback gate off" },
    b: { ...run(`lag=4000&herd=500@2&${SKIP}`), side: "skip-fallback gate on" },
  };
}

describe("the twin report's sentences", () => {
  it("give each run its own fallbacks and 429s, as the table does", () => {
    const report = incidentReport({ link: "l", ...herdTwin(30) });
    const table = reportTables(report)[1]?.rows;
    const [fallbacksA, fallbacksB] = table?.get("fallbacks to etcd") ?? [];
    const [tooManyA, tooManyB] = table?.get("429 answers") ?? [];
    expect(fallbacksA).not.toBe(fallbacksB);
    const trade = reportFindings(report).find((line) => line.includes(" turned "));
    expect(trade).toContain(`fallbacks to etcd ${fallbacksA} in A, ${fallbacksB} in B`);
    expect(trade).toContain(`429 answers ${tooManyA} in A, ${tooManyB} in B`);
    // The sentence the issue quotes gave B's fallbacks as the count without the gate.
    expect(trade).not.toMatch(new RegExp(`${fallbacksB} fallbacks .*without it`));
  });

  it("quote every figure as the cells of its row, run by run", () => {
    for (const atS of [10, 30, 70]) {
      const report = incidentReport({ link: "l", ...herdTwin(atS) });
      expect(reportFindings(report).length).toBeGreaterThan(4);
      expect(sentenceViolations(report), `at ${atS} s`).toEqual([]);
    }
  });

  it("are caught when a figure is credited to the other run", () => {
    const report = incidentReport({ link: "l", ...herdTwin(30) });
    const [fallbacksA, fallbacksB] = reportTables(report)[1]?.rows.get("fallbacks to etcd") ?? [];
    const findings = report.indexOf("### Findings");
    const swapped =
      report.slice(0, findings) +
      report
        .slice(findings)
        .replace(
          `${fallbacksA} in A, ${fallbacksB} in B`,
          `${fallbacksB} in A, ${fallbacksA} in B`,
        );
    // The trade sentence, the first to quote the row, now credits A's fallbacks to B.
    const found = sentenceViolations(swapped);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^1 of 2 figures are not their row's since the start: ".* turned /);
  });
});
