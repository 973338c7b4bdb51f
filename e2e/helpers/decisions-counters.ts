import type { ReadKind } from "../../src/model/index.ts";
import { readKindStyles } from "../../src/ui/panels/shared/readKinds.ts";
import type { PanelReading } from "./consistency.ts";

// The Decisions panel against the counters it comes from, in the unit each figure names: the
// logical requests are watchcachelab_lists_total, the attempts (every table cell) are
// watchcachelab_reads_total, and the fallback column counts first pages, which are what
// apiserver_watch_cache_consistent_read_total{fallback="true"} counts (a continuation is not a
// consistent read). The counters are read from the Prometheus text the page exports at the same
// paused moment.

/** One sample of the exported text: family name, labels, value. */
interface PromSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export function parsePromText(text: string): PromSample[] {
  const samples: PromSample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const found = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (found === null) continue;
    const labels: Record<string, string> = {};
    for (const pair of (found[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1] ?? ""] = pair[2] ?? "";
    }
    samples.push({ name: found[1] ?? "", labels, value: Number(found[3]) });
  }
  return samples;
}

/** The sum of a family over the samples whose labels include `labels` (and this run's). */
const total = (samples: PromSample[], name: string, labels: Record<string, string>) =>
  samples
    .filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);

const count = (words: string | undefined) => {
  if (words === undefined || words.trim() === "·") return 0;
  const found = /[\d,]+/.exec(words);
  return found === null ? 0 : Number(found[0].replace(/,/g, ""));
};

/**
 * Every way the Decisions panel of one run (`run` "A"/"B" in a twin, undefined alone) disagrees
 * with the exported counters; empty when each figure is the counter it names.
 */
export function decisionsCounterViolations(
  panel: PanelReading,
  prom: PromSample[],
  run: string | undefined,
): string[] {
  const found: string[] = [];
  const mine = run === undefined ? {} : { run };
  const sum = (name: string, labels: Record<string, string> = {}) =>
    total(prom, name, { ...mine, ...labels });
  const compare = (what: string, shown: number, counter: number, expression: string) => {
    if (shown !== counter) found.push(`Decisions ${what} ${shown}, but ${expression} = ${counter}`);
  };

  const units =
    /([\d,]+) logical requests ended \(watchcachelab_lists_total\): ([\d,]+) ok · ([\d,]+) failed.*· ([\d,]+) attempts \(watchcachelab_reads_total/.exec(
      panel.text,
    );
  if (units === null) return [`Decisions: the units line is unreadable in "${panel.text}"`];
  const [ended, ok, failed, attempts] = units.slice(1, 5).map(count) as [
    number,
    number,
    number,
    number,
  ];
  const lists = sum("watchcachelab_lists_total");
  const okLists = sum("watchcachelab_lists_total", { outcome: "ok" });
  compare("logical requests", ended, lists, "sum(watchcachelab_lists_total)");
  compare("ok requests", ok, okLists, 'watchcachelab_lists_total{outcome="ok"}');
  compare("failed requests", failed, lists - okLists, 'watchcachelab_lists_total{outcome!="ok"}');
  for (const part of /failed after up to \d+ retries \(([^)]*)\)/
    .exec(panel.text)?.[1]
    ?.split(", ") ?? []) {
    const [outcome, n] = part.split(": ");
    compare(
      `${outcome} failures`,
      count(n),
      sum("watchcachelab_lists_total", { outcome: outcome ?? "" }),
      `watchcachelab_lists_total{outcome="${outcome}"}`,
    );
  }
  compare("attempts", attempts, sum("watchcachelab_reads_total"), "sum(watchcachelab_reads_total)");

  const table = panel.decisions;
  if (table === null) {
    if (attempts > 0) found.push(`Decisions: ${attempts} attempts but no table`);
    return found;
  }
  const columns = table.head.slice(1, -1);
  const kindOf = (label: string) =>
    (Object.keys(readKindStyles) as ReadKind[]).find(
      (kind) => readKindStyles[kind].label === label,
    );
  for (const cells of table.rows) {
    const header = cells[0] ?? "";
    const kind = header.startsWith("all reads") ? null : kindOf(header);
    if (kind === undefined) {
      found.push(`Decisions: no read kind is labelled "${header}"`);
      continue;
    }
    const row = { kind, cells: cells.slice(1) };
    const labels: Record<string, string> = row.kind === null ? {} : { kind: row.kind };
    const where = row.kind === null ? "all reads" : `kind="${row.kind}"`;
    compare(
      `${where} total`,
      count(row.cells.at(-1)),
      sum("watchcachelab_reads_total", labels),
      `sum(watchcachelab_reads_total{${where}})`,
    );
    const cell = (column: string) => count(row.cells[columns.indexOf(column)]);
    // Served by the cache (at once or after a wait), by etcd (asked, or after the wall).
    compare(
      `${where} cache + after wait`,
      cell("cache") + cell("after wait"),
      sum("watchcachelab_reads_total", { ...labels, served_by: "cache", code: "200" }),
      `watchcachelab_reads_total{${where},served_by="cache",code="200"}`,
    );
    compare(
      `${where} etcd + fallback`,
      cell("etcd") + cell("fallback"),
      sum("watchcachelab_reads_total", { ...labels, served_by: "etcd", code: "200" }),
      `watchcachelab_reads_total{${where},served_by="etcd",code="200"}`,
    );
    for (const status of ["429", "504", "410"]) {
      compare(
        `${where} ${status}`,
        cell(status),
        sum("watchcachelab_reads_total", { ...labels, code: status }),
        `watchcachelab_reads_total{${where},code="${status}"}`,
      );
    }
  }
  const all = table.rows.find((cells) => (cells[0] ?? "").startsWith("all reads"));
  if (all !== undefined) {
    compare(
      "fallback (first pages)",
      count(all.slice(1)[columns.indexOf("fallback")]),
      sum("apiserver_watch_cache_consistent_read_total", { success: "true", fallback: "true" }),
      'apiserver_watch_cache_consistent_read_total{success="true",fallback="true"}',
    );
  }
  return found;
}
