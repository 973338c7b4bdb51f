import { formatGoFloat, labelText } from "../model/index.ts";
import type { SampledChild, SampledFamily } from "./sampler.ts";

// A sampled run as an OpenMetrics 1.0 text file with a timestamp on every sample, so that
// `promtool tsdb create-blocks-from openmetrics` backfills it into a Prometheus: each family once
// (a counter's family is named without `_total`, its samples with it), each series' points in
// time order, a histogram's buckets, sum and count together per timestamp, `# EOF` last.

export interface Timing {
  /** Unix time, s, of the run's simulated second 0. */
  readonly startS: number;
  /** Simulated seconds between scrapes. */
  readonly stepS: number;
}

export function openMetricsText(families: readonly SampledFamily[], timing: Timing): string {
  const parts: string[] = [];
  for (const family of families) {
    parts.push(familyHead(family));
    for (const child of family.children) {
      parts.push(childRowsText(family.name, child.lines, child.first, child.rows, timing));
    }
  }
  parts.push(OPENMETRICS_EOF);
  return parts.join("");
}

/** The last line: a file without it was cut short. */
export const OPENMETRICS_EOF = "# EOF\n";

/** A family's `# TYPE` and `# HELP` lines. */
export function familyHead(family: Pick<SampledFamily, "name" | "type" | "help">): string {
  const { name, type } = familyHeader(family);
  return `# TYPE ${name} ${type}\n# HELP ${name} ${escapeHelp(family.help)}\n`;
}

/** One child's sample lines for `rows`, the first of them scrape `first`, each line ending "\n". */
export function childRowsText(
  familyName: string,
  lines: SampledChild["lines"],
  first: number,
  rows: readonly (readonly number[])[],
  timing: Timing,
): string {
  const texts = lines.map(([suffix, labels]) => `${familyName}${suffix}${labelText(labels)}`);
  let out = "";
  rows.forEach((values, i) => {
    const at = timestamp(timing, first + i);
    values.forEach((value, j) => {
      out += `${texts[j]} ${formatGoFloat(value)} ${at}\n`;
    });
  });
  return out;
}

/** OpenMetrics names a counter's family without `_total`; a counter without it stays `unknown`. */
function familyHeader(family: Pick<SampledFamily, "name" | "type">): {
  name: string;
  type: string;
} {
  if (family.type !== "counter") return { name: family.name, type: family.type };
  if (family.name.endsWith("_total")) return { name: family.name.slice(0, -6), type: "counter" };
  return { name: family.name, type: "unknown" };
}

/** Seconds since the epoch, to the millisecond, without trailing zeros. */
function timestamp({ startS, stepS }: Timing, scrape: number): string {
  const ms = Math.round((startS + scrape * stepS) * 1000);
  const whole = Math.floor(ms / 1000);
  const rest = ms - whole * 1000;
  return rest === 0
    ? String(whole)
    : `${whole}.${String(rest).padStart(3, "0").replace(/0+$/, "")}`;
}

const escapeHelp = (text: string) =>
  text.replaceAll("\\", "\\\\").replaceAll("\n", "\\n").replaceAll('"', '\\"');
