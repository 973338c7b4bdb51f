import {
  encodeScenario,
  SCENARIO_KEYS,
  type Scenario,
  type SimSnapshot,
  toSeconds,
} from "../../model/index.ts";
import { consistentReadRows } from "../panels/metrics/consistentReadRows.ts";
import {
  formatPerSecond,
  formatWindowP99,
  type WindowedFigures,
} from "../panels/metrics/windowedFigures.ts";
import { formatDifference, formatMetric, KEY_METRICS } from "../twin/keyMetrics.ts";

// A run (or a twin's two) as Markdown for an incident document: the link that replays it, the
// scenario in words, the key figures the page shows (the A vs B table in a twin), and sentences
// that follow from those figures. Pure: the page passes what it shows.

export interface ReportRun {
  scenario: Scenario;
  snapshot: SimSnapshot;
  /** What sets this run apart in a twin ("skip-fallback gate on"). */
  side?: string;
}

/**
 * The window the page's metrics are read over, as the Metrics panel shows it: since the start
 * (windowS 0), or the last 1 m / 5 m of scrapes with each run's figures (null while the page is
 * still scraping it).
 */
export interface ReportWindow {
  windowS: number;
  /** "last 1 m", as the window picker says. */
  label: string;
  stepS: number;
  /** The moment the scrapes reach, in simulated seconds. */
  atS: number;
  /** Run A's figures, then B's in a twin; null until the scrapes arrive. */
  figures: { a: WindowedFigures; b?: WindowedFigures | undefined } | null;
}

export interface ReportInput {
  link: string;
  a: ReportRun;
  b?: ReportRun | undefined;
  /** Since the start when absent. */
  window?: ReportWindow | undefined;
}

/** "lag=5000@0,0@60&reads=300" → "Cache lag 5000@0,0@60 ms; Reads 300 /s". */
export function scenarioInWords(scenario: Scenario): string {
  const query = encodeScenario(scenario);
  if (query === "") return "the default scenario";
  const parts = query.split("&").map((pair) => {
    const at = pair.indexOf("=");
    const key = pair.slice(0, at);
    const value = decodeURIComponent(pair.slice(at + 1));
    const descriptor = (SCENARIO_KEYS as Record<string, { label: string; unit: string }>)[key];
    if (descriptor === undefined) return `${key} ${value}`;
    if (key === "gates") return `feature gates ${value.replaceAll(",", ", ")}`;
    return `${descriptor.label} ${value}${descriptor.unit === "" ? "" : ` ${descriptor.unit}`}`;
  });
  return parts.join("; ");
}

const metric = (id: string) => {
  const found = KEY_METRICS.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no key metric ${id}`);
  return found;
};
const value = (id: string, snapshot: SimSnapshot) => metric(id).value(snapshot);
const shown = (id: string, snapshot: SimSnapshot) =>
  formatMetric(value(id, snapshot), metric(id).unit);

/** "fallbacks to etcd 1,272 in A, 0 in B": a table row's two cells, each named by its run. */
const bothRuns = (id: string, a: SimSnapshot, b: SimSnapshot) =>
  `${metric(id).label} ${shown(id, a)} in A, ${shown(id, b)} in B`;

/** Sentences that follow from a twin's figures: what B's difference turned into what. */
export function twinFindings(a: ReportRun, b: ReportRun): string[] {
  const findings: string[] = [];
  const change = b.side ?? "B's setting";
  const [fallA, fallB] = [value("fallbacks", a.snapshot), value("fallbacks", b.snapshot)];
  const [tooManyA, tooManyB] = [value("429", a.snapshot), value("429", b.snapshot)];
  if (fallB < fallA && tooManyB > tooManyA) {
    findings.push(
      `${change} turned fallbacks to etcd into answers of 429: ` +
        `${bothRuns("fallbacks", a.snapshot, b.snapshot)}; ${bothRuns("429", a.snapshot, b.snapshot)}.`,
    );
  } else {
    for (const id of ["fallbacks", "429", "504"]) {
      if (value(id, a.snapshot) !== value(id, b.snapshot)) {
        findings.push(`${bothRuns(id, a.snapshot, b.snapshot)} (${change}).`);
      }
    }
  }
  const [p99A, p99B] = [value("p99", a.snapshot), value("p99", b.snapshot)];
  findings.push(
    Math.abs(p99A - p99B) < 0.0005
      ? `${metric("p99").label} unchanged at ${shown("p99", a.snapshot)}.`
      : `${bothRuns("p99", a.snapshot, b.snapshot)} (${change}).`,
  );
  if (value("etcdQueuePeak", a.snapshot) !== value("etcdQueuePeak", b.snapshot)) {
    findings.push(`${bothRuns("etcdQueuePeak", a.snapshot, b.snapshot)} (${change}).`);
  }
  return findings;
}

/** Sentences that follow from one run's figures. */
export function runFindings(run: ReportRun): string[] {
  const s = run.snapshot;
  const consistent = Object.values(s.consistentReads).reduce((sum, count) => sum + count, 0);
  const wall = (s.consistentReads["true/true"] ?? 0) + (s.consistentReads["false/true"] ?? 0);
  const findings = [
    `${metric("p99").label}: ${shown("p99", s)} over ${shown("fallbacks", s)} fallbacks to etcd, ` +
      `${shown("429", s)} answers of 429 and ${shown("504", s)} of 504.`,
  ];
  if (consistent > 0) {
    findings.push(
      `${formatMetric(wall, "")} of ${formatMetric(consistent, "")} consistent reads ` +
        `(${Math.round((wall / consistent) * 100)} %) hit the wall and were answered by etcd.`,
    );
  }
  findings.push(`etcd's queue peaked at ${shown("etcdQueuePeak", s)} (sampled).`);
  return findings;
}

const cell = (text: string) => text.replaceAll("|", "\\|");

/** The windowed figures as the Metrics panel prints them, one column per run, with their PromQL. */
function windowSection(window: ReportWindow, twin: boolean): string[] {
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
    `As Prometheus computes them over samples scraped every ${window.stepS} s up to ` +
      `${window.atS.toFixed(0)} s simulated (rate() extrapolates to the window's edges).`,
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
  lines.push("", "PromQL:", "");
  for (const run of runs) {
    lines.push(`- \`${run.p99Expression}\``);
    for (const reads of run.reads) lines.push(`- \`${reads.expression}\``);
  }
  return lines;
}

/** The sentence on the windowed p99: what a dashboard over that window says. */
function windowFinding(window: ReportWindow, change: string | null): string | null {
  const figures = window.figures;
  if (figures === null) return null;
  const a = formatWindowP99(figures.a.p99);
  if (change === null || figures.b === undefined)
    return `Read-wait p99 over the ${window.label}: ${a}.`;
  const b = formatWindowP99(figures.b.p99);
  return a === b
    ? `Read-wait p99 over the ${window.label} unchanged at ${a}.`
    : `Read-wait p99 over the ${window.label}: ${a} in A, ${b} with ${change}.`;
}

export function incidentReport({ link, a, b, window }: ReportInput): string {
  const atS = toSeconds(a.snapshot.nowNs);
  const title = a.scenario.name === "" ? "Watch Cache Lab run" : a.scenario.name;
  const windowed = window !== undefined && window.windowS > 0 ? window : null;
  const lines = [`## ${title}, at ${atS.toFixed(1)} s simulated`, "", `Link: <${link}>`, ""];
  lines.push(
    windowed === null
      ? "Window: since the start of the run (as the page shows)."
      : `Window: the ${windowed.label} (as the page shows); the key metrics are since the start.`,
    "",
  );
  const since = windowed === null ? "" : " since the start";
  if (b === undefined) {
    lines.push(`Scenario: ${scenarioInWords(a.scenario)}.`, "");
    lines.push(`| metric${since} | value |`, "|---|---|");
    for (const m of KEY_METRICS) lines.push(`| ${cell(m.label)} | ${shown(m.id, a.snapshot)} |`);
    const findings = runFindings(a);
    const fromWindow = windowed === null ? null : windowFinding(windowed, null);
    if (fromWindow !== null) findings.push(fromWindow);
    lines.push("", ...findings.map((finding) => `- ${finding}`));
    if (windowed !== null) lines.push("", ...windowSection(windowed, false));
  } else {
    lines.push(`Scenario (run A): ${scenarioInWords(a.scenario)}.`);
    lines.push(`Twin run on one clock and seed: A ${a.side ?? ""} · B ${b.side ?? ""}.`, "");
    lines.push(`| metric${since} | A | B | B − A |`, "|---|---|---|---|");
    for (const m of KEY_METRICS) {
      const [va, vb] = [m.value(a.snapshot), m.value(b.snapshot)];
      lines.push(
        `| ${cell(m.label)} | ${formatMetric(va, m.unit)} | ${formatMetric(vb, m.unit)} | ` +
          `${formatDifference(vb - va, m.unit)} |`,
      );
    }
    const findings = twinFindings(a, b);
    const fromWindow = windowed === null ? null : windowFinding(windowed, b.side ?? "B's setting");
    if (fromWindow !== null) findings.push(fromWindow);
    lines.push("", ...findings.map((finding) => `- ${finding}`));
    if (windowed !== null) lines.push("", ...windowSection(windowed, true));
  }
  lines.push(
    "",
    windowed === null
      ? "Figures since the start of the run; p99 as histogram_quantile(0.99, …) reads it."
      : `Key metrics since the start of the run; the ${windowed.label} as PromQL's rate() and ` +
          "histogram_quantile(0.99, …) read the scrapes.",
  );
  return `${lines.join("\n")}\n`;
}
