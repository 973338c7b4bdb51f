import { promName } from "../../state/prom-semantics.ts";
import { consistentReadRows } from "../panels/metrics/consistentReadRows.ts";
import type { PromWindow } from "../panels/metrics/promql.ts";
import {
  firstSeenNote,
  formatPerSecond,
  formatWindowP99,
  rangeNote,
  type WindowedFigures,
} from "../panels/metrics/windowedFigures.ts";
import { bothRuns } from "./reportFindings.ts";
import { cell } from "./reportSettings.ts";

// The report's section over the window the Metrics panel shows: the read-wait p99 and the
// consistent reads' rates as the panel prints them, with the PromQL that answers each.

/**
 * The window the page's metrics are read over, as the Metrics panel shows it: since the start
 * (windowS 0), or the last 1 m / 5 m of scrapes with each run's figures (null while the page is
 * still scraping it).
 */
export interface ReportWindow extends PromWindow {
  /** "last 1 m", as the window picker says. */
  label: string;
  stepS: number;
  /** Run A's figures, then B's in a twin; null until the scrapes arrive. */
  figures: { a: WindowedFigures; b?: WindowedFigures | undefined } | null;
}

/** The windowed figures as the Metrics panel prints them, one column per run, with their PromQL. */
export function windowSection(window: ReportWindow, twin: boolean): string[] {
  const { figures, label } = window;
  const heading = `### Over the ${label} (the window the page shows)`;
  if (figures === null) {
    return [
      heading,
      "",
      `The ${label} was still being scraped when the report was made: the figures above are since the start.`,
    ];
  }
  const runs = twin && figures.b !== undefined ? [figures.a, figures.b] : [figures.a];
  const lines = [
    heading,
    "",
    `As ${promName(window.semantics)} computes them over samples scraped every ${window.stepS} s ` +
      `up to ${window.atS.toFixed(1)} s simulated (rate() extrapolates to the window's edges). ` +
      rangeNote(window.semantics, label),
    "",
    runs.length === 2 ? "| over the window | A | B |" : "| over the window | value |",
    runs.length === 2 ? "|---|---|---|" : "|---|---|",
    `| read-wait p99 | ${runs.map((run) => cell(formatWindowP99(run.p99))).join(" | ")} |`,
  ];
  // Every label pair either run has, in the Metrics panel's order (B's 429s have no fallback).
  const keyOf = (r: { success: string; fallback: string }) => `${r.success}/${r.fallback}`;
  const rows = consistentReadRows(
    Object.fromEntries(runs.flatMap((run) => run.reads.map((r) => [keyOf(r), 0]))),
  );
  for (const row of rows) {
    const key = keyOf(row);
    const perRun = runs.map((run) =>
      formatPerSecond(run.reads.find((r) => keyOf(r) === key)?.perSecond ?? null),
    );
    const name = `consistent reads, ${row.meaning || key} (success="${row.success}", fallback="${row.fallback}")`;
    lines.push(`| ${cell(name)} | ${perRun.join(" | ")} |`);
  }
  const notes = runs.flatMap((run, i) =>
    run.firstSeen.map(
      (one) => `${runs.length === 2 ? `${i === 0 ? "A" : "B"}: ` : ""}${firstSeenNote(one)}`,
    ),
  );
  if (notes.length > 0) lines.push("", ...notes);
  lines.push("", "PromQL:", "");
  for (const run of runs) {
    lines.push(`- \`${run.p99Expression}\``);
    for (const reads of run.reads) lines.push(`- \`${reads.expression}\``);
  }
  return lines;
}

/** The sentence on the windowed p99, the window table's first row: what a dashboard says. */
export function windowFinding(window: ReportWindow): string | null {
  const figures = window.figures;
  if (figures === null) return null;
  const a = formatWindowP99(figures.a.p99);
  const over = `Over the ${window.label} (${promName(window.semantics)})`;
  if (figures.b === undefined) return `${over}: read-wait p99 ${a}.`;
  const b = formatWindowP99(figures.b.p99);
  return a === b
    ? `${over}: read-wait p99 unchanged at ${a}.`
    : `${over}: ${bothRuns("read-wait p99", a, b)}.`;
}
