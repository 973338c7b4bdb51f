import type { SimSnapshot } from "../../model/index.ts";
import type { DecisionGroup, DecisionRow } from "../decision/decisionRows.ts";
import { formatMetric, KEY_METRICS } from "../twin/keyMetrics.ts";

// The report's sentences, each made of the figures its tables print: a figure is quoted as its
// row's label and its cell's text, and in a twin each cell is named by its run ("fallbacks to
// etcd 1,272 in A, 0 in B"), so no sentence can credit one run with the other's figure.

export interface FindingRun {
  snapshot: SimSnapshot;
  /** What sets this run apart in a twin ("skip-fallback gate on"). */
  side?: string | undefined;
}

const metric = (id: string) => {
  const found = KEY_METRICS.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no key metric ${id}`);
  return found;
};
const value = (id: string, snapshot: SimSnapshot) => metric(id).value(snapshot);
export const shown = (id: string, snapshot: SimSnapshot) =>
  formatMetric(value(id, snapshot), metric(id).unit);

/** "fallbacks to etcd 1,272 in A, 0 in B": a row's two cells, each named by its run. */
export const bothRuns = (label: string, a: string, b: string) => `${label} ${a} in A, ${b} in B`;
const keyClause = (id: string, a: SimSnapshot, b: SimSnapshot) =>
  bothRuns(metric(id).label, shown(id, a), shown(id, b));

/** Sentences that follow from a twin's key metrics: what B's difference turned into what. */
export function twinFindings(a: FindingRun, b: FindingRun): string[] {
  const findings: string[] = [];
  const change = b.side ?? "B's setting";
  const [fallA, fallB] = [value("fallbacks", a.snapshot), value("fallbacks", b.snapshot)];
  const [tooManyA, tooManyB] = [value("429", a.snapshot), value("429", b.snapshot)];
  if (fallB < fallA && tooManyB > tooManyA) {
    findings.push(
      `${change} turned fallbacks to etcd into answers of 429: ` +
        `${keyClause("fallbacks", a.snapshot, b.snapshot)}; ${keyClause("429", a.snapshot, b.snapshot)}.`,
    );
  } else {
    for (const id of ["fallbacks", "429", "504"]) {
      if (value(id, a.snapshot) !== value(id, b.snapshot)) {
        findings.push(`${keyClause(id, a.snapshot, b.snapshot)} (${change}).`);
      }
    }
  }
  const [p99A, p99B] = [value("p99", a.snapshot), value("p99", b.snapshot)];
  findings.push(
    Math.abs(p99A - p99B) < 0.0005
      ? `${metric("p99").label} unchanged at ${shown("p99", a.snapshot)}.`
      : `${keyClause("p99", a.snapshot, b.snapshot)} (${change}).`,
  );
  if (value("etcdQueuePeak", a.snapshot) !== value("etcdQueuePeak", b.snapshot)) {
    findings.push(`${keyClause("etcdQueuePeak", a.snapshot, b.snapshot)} (${change}).`);
  }
  return findings;
}

/** Sentences that follow from one run's key metrics. */
export function runFindings(run: FindingRun): string[] {
  const s = run.snapshot;
  const clause = (id: string) => `${metric(id).label} ${shown(id, s)}`;
  return [
    `${clause("p99")}; ${clause("fallbacks")}; ${clause("429")}; ${clause("504")}.`,
    `${clause("etcdQueuePeak")}.`,
  ];
}

const GROUP_WORDS: Record<DecisionGroup, string> = {
  clients: "The clients",
  etcd: "etcd",
  apiserver: "The apiserver",
};
/** The figures a sentence names; the table has the p50s and the ones that did not move. */
const inSentence = (row: DecisionRow) => !row.id.startsWith("p50:");

/**
 * One sentence per side of the trade (clients, etcd, the apiserver), over `when` ("since the
 * start", "over the last 1 m"): in a twin the figures that differ, for one run every figure.
 */
export function decisionFindings(
  rows: readonly DecisionRow[],
  when: string,
  cells: (row: DecisionRow) => readonly { text: string }[],
): string[] {
  const groups: DecisionGroup[] = ["clients", "etcd", "apiserver"];
  return groups.map((group) => {
    const clauses = rows
      .filter((row) => row.group === group && inSentence(row))
      .flatMap((row) => {
        const [a, b] = cells(row);
        if (a === undefined) return [];
        if (b === undefined) return [`${row.label} ${a.text}`];
        return a.text === b.text ? [] : [bothRuns(row.label, a.text, b.text)];
      });
    const said = clauses.length === 0 ? "no figure differs" : clauses.join("; ");
    return `${GROUP_WORDS[group]}, ${when}: ${said}.`;
  });
}
