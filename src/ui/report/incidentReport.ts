import {
  encodeScenario,
  SCENARIO_KEYS,
  type Scenario,
  type SimSnapshot,
  toSeconds,
} from "../../model/index.ts";
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

export interface ReportInput {
  link: string;
  a: ReportRun;
  b?: ReportRun | undefined;
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

/** Sentences that follow from a twin's figures: what B's difference turned into what. */
export function twinFindings(a: ReportRun, b: ReportRun): string[] {
  const findings: string[] = [];
  const change = b.side ?? "B's setting";
  const [fallA, fallB] = [value("fallbacks", a.snapshot), value("fallbacks", b.snapshot)];
  const [tooManyA, tooManyB] = [value("429", a.snapshot), value("429", b.snapshot)];
  if (fallB < fallA && tooManyB > tooManyA) {
    findings.push(
      `${change} turned ${shown("fallbacks", a.snapshot)} fallbacks to etcd into ` +
        `${shown("429", b.snapshot)} answers of 429 (${shown("fallbacks", b.snapshot)} fallbacks ` +
        `and ${shown("429", a.snapshot)} answers of 429 without it).`,
    );
  } else {
    for (const id of ["fallbacks", "429", "504"]) {
      const [va, vb] = [value(id, a.snapshot), value(id, b.snapshot)];
      if (va !== vb) {
        findings.push(
          `${metric(id).label}: ${shown(id, a.snapshot)} in A, ${shown(id, b.snapshot)} with ${change}.`,
        );
      }
    }
  }
  const [p99A, p99B] = [value("p99", a.snapshot), value("p99", b.snapshot)];
  findings.push(
    Math.abs(p99A - p99B) < 0.0005
      ? `${metric("p99").label} unchanged at ${shown("p99", a.snapshot)}.`
      : `${metric("p99").label} ${shown("p99", a.snapshot)} in A, ${shown("p99", b.snapshot)} with ${change}.`,
  );
  const [peakA, peakB] = [value("etcdQueuePeak", a.snapshot), value("etcdQueuePeak", b.snapshot)];
  if (peakA !== peakB) {
    findings.push(
      `etcd's queue peaked at ${shown("etcdQueuePeak", a.snapshot)} in A and ` +
        `${shown("etcdQueuePeak", b.snapshot)} with ${change}.`,
    );
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

export function incidentReport({ link, a, b }: ReportInput): string {
  const atS = toSeconds(a.snapshot.nowNs);
  const title = a.scenario.name === "" ? "Watch Cache Lab run" : a.scenario.name;
  const lines = [`## ${title}, at ${atS.toFixed(1)} s simulated`, "", `Link: <${link}>`, ""];
  if (b === undefined) {
    lines.push(`Scenario: ${scenarioInWords(a.scenario)}.`, "");
    lines.push("| metric | value |", "|---|---|");
    for (const m of KEY_METRICS) lines.push(`| ${cell(m.label)} | ${shown(m.id, a.snapshot)} |`);
    lines.push("", ...runFindings(a).map((finding) => `- ${finding}`));
  } else {
    lines.push(`Scenario (run A): ${scenarioInWords(a.scenario)}.`);
    lines.push(`Twin run on one clock and seed: A ${a.side ?? ""} · B ${b.side ?? ""}.`, "");
    lines.push("| metric | A | B | B − A |", "|---|---|---|---|");
    for (const m of KEY_METRICS) {
      const [va, vb] = [m.value(a.snapshot), m.value(b.snapshot)];
      lines.push(
        `| ${cell(m.label)} | ${formatMetric(va, m.unit)} | ${formatMetric(vb, m.unit)} | ` +
          `${formatDifference(vb - va, m.unit)} |`,
      );
    }
    lines.push("", ...twinFindings(a, b).map((finding) => `- ${finding}`));
  }
  lines.push(
    "",
    "Figures since the start of the run; p99 as histogram_quantile(0.99, …) reads it.",
  );
  return `${lines.join("\n")}\n`;
}
