import type { Scenario, SimSnapshot } from "../../model/index.ts";
import { formatClock } from "../controls/clockSeconds.ts";
import { type DecisionFigure, type DecisionRow, GROUP_TITLES } from "../decision/decisionRows.ts";
import { formatDifference, formatMetric, KEY_METRICS } from "../twin/keyMetrics.ts";
import { decisionFindings, runFindings, shown, twinFindings } from "./reportFindings.ts";
import { cell, settingsTable } from "./reportSettings.ts";
import { type ReportWindow, windowFinding, windowSection } from "./reportWindow.ts";

// A run (or a twin's two) as Markdown for an incident document: the link that replays it, every
// setting it ran with, the key figures the page shows (the A vs B table in a twin), what the
// difference trades (the compare view's rows), and sentences made of those figures. Pure: the
// page passes what it shows.

export interface ReportRun {
  scenario: Scenario;
  snapshot: SimSnapshot;
  /** What sets this run apart in a twin ("skip-fallback gate on"). */
  side?: string;
}

export interface ReportInput {
  /** The link that replays the run to this moment (Share's, with `t`). */
  link: string;
  a: ReportRun;
  b?: ReportRun | undefined;
  /** Since the start when absent. */
  window?: ReportWindow | undefined;
  /** The compare view's rows for these runs (decision/decisionRows.ts), over the window too. */
  decision: readonly DecisionRow[];
}

export function incidentReport({ link, a, b, window, decision }: ReportInput): string {
  const title = a.scenario.name === "" ? "Watch Cache Lab run" : a.scenario.name;
  const windowed = window !== undefined && window.windowS > 0 ? window : null;
  const twin = b !== undefined;
  const lines = [
    `## ${title}, at ${formatClock(a.snapshot.nowNs)} simulated`,
    "",
    `Link: <${link}>`,
    "",
    windowed === null
      ? "Window: since the start of the run (as the page shows)."
      : `Window: the ${windowed.label} (as the page shows); the key metrics are since the start.`,
    "",
  ];
  if (twin) {
    lines.push(`Twin run on one clock and seed: A ${a.side ?? ""} · B ${b.side ?? ""}.`, "");
  }
  lines.push("### Settings", "", ...settingsTable(twin ? [a.scenario, b.scenario] : [a.scenario]));
  lines.push(
    "",
    "### Key metrics",
    "",
    ...keyMetricsTable(a.snapshot, b?.snapshot, windowed !== null),
  );
  lines.push("", "### What the change trades", "", ...decisionTables(decision, windowed, twin));
  const findings = twin ? twinFindings(a, b) : runFindings(a);
  const sinceCells = (row: DecisionRow) => row.since;
  findings.push(...decisionFindings(decision, "since the start", sinceCells));
  if (windowed !== null) {
    const fromWindow = windowFinding(windowed);
    if (fromWindow !== null) findings.push(fromWindow);
    if (windowed.figures !== null) {
      const windowCells = (row: DecisionRow) => row.window ?? [];
      findings.push(...decisionFindings(decision, `over the ${windowed.label}`, windowCells));
    }
  }
  lines.push("", "### Findings", "", ...findings.map((finding) => `- ${finding}`));
  if (windowed !== null) lines.push("", ...windowSection(windowed, twin));
  lines.push(
    "",
    windowed === null
      ? "Figures since the start of the run; p99 as histogram_quantile(0.99, …) reads it."
      : `Key metrics since the start of the run; the ${windowed.label} as PromQL's rate() and ` +
          "histogram_quantile(0.99, …) read the scrapes.",
  );
  return `${lines.join("\n")}\n`;
}

function keyMetricsTable(a: SimSnapshot, b: SimSnapshot | undefined, windowed: boolean): string[] {
  const since = windowed ? " since the start" : "";
  if (b === undefined) {
    return [
      `| metric${since} | value |`,
      "|---|---|",
      ...KEY_METRICS.map((m) => `| ${cell(m.label)} | ${shown(m.id, a)} |`),
    ];
  }
  return [
    `| metric${since} | A | B | B − A |`,
    "|---|---|---|---|",
    ...KEY_METRICS.map((m) => {
      const [va, vb] = [m.value(a), m.value(b)];
      return (
        `| ${cell(m.label)} | ${formatMetric(va, m.unit)} | ${formatMetric(vb, m.unit)} | ` +
        `${formatDifference(vb - va, m.unit)} |`
      );
    }),
  ];
}

/** The compare view's tables: since the start, then over the window when the page shows one. */
function decisionTables(
  rows: readonly DecisionRow[],
  window: ReportWindow | null,
  twin: boolean,
): string[] {
  const table = (when: string, cells: (row: DecisionRow) => readonly DecisionFigure[]) => {
    const lines = twin
      ? [`| figure ${when} | A | B |`, "|---|---|---|"]
      : [`| figure ${when} | value |`, "|---|---|"];
    let group = "";
    for (const row of rows) {
      if (row.group !== group) {
        group = row.group;
        lines.push(`| *${GROUP_TITLES[row.group]}* |${twin ? " | |" : " |"}`);
      }
      lines.push(
        `| ${cell(row.label)} | ${cells(row)
          .map((c) => cell(c.text))
          .join(" | ")} |`,
      );
    }
    return lines;
  };
  const lines = table("since the start", (row) => row.since);
  if (window === null) return lines;
  if (window.figures === null) {
    return [...lines, "", `The ${window.label} was still being scraped when the report was made.`];
  }
  lines.push("", ...table(`over the ${window.label}`, (row) => row.window ?? []));
  lines.push(
    "",
    `PromQL over the ${window.label}${twin ? ' (add run="A" or run="B" to each selector)' : ""}:`,
    "",
  );
  for (const row of rows) lines.push(`- ${row.label}: \`${row.expression}\``);
  return lines;
}
