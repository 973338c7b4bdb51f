// A small reader of the Prometheus text exposition format (0.0.4), enough for a kube-apiserver's
// `/metrics`: sample lines `name{labels} value [timestamp-ms]`; comments and blank lines skipped.
// A line it cannot read is reported by number, not dropped silently.

export interface PromSample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
  /** Milliseconds since the epoch, when the line carries one. */
  readonly timestampMs?: number;
}

export interface ParsedText {
  readonly samples: readonly PromSample[];
  /** 1-based numbers of lines that are neither comments nor readable samples. */
  readonly badLines: readonly number[];
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+(-?\d+))?\s*$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*"((?:[^"\\]|\\.)*)"\s*,?/y;

export function parsePrometheusText(text: string): ParsedText {
  const samples: PromSample[] = [];
  const badLines: number[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const sample = parseLine(line);
    if (sample === null) badLines.push(index + 1);
    else samples.push(sample);
  });
  return { samples, badLines };
}

function parseLine(line: string): PromSample | null {
  const match = SAMPLE.exec(line);
  if (match === null) return null;
  const [, name = "", labelText, valueText = "", stamp] = match;
  const labels = labelText === undefined ? {} : parseLabels(labelText);
  const value = parseValue(valueText);
  if (labels === null || value === null) return null;
  return stamp === undefined
    ? { name, labels, value }
    : { name, labels, value, timestampMs: Number(stamp) };
}

function parseLabels(text: string): Record<string, string> | null {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const at = LABEL.lastIndex;
    const match = LABEL.exec(text);
    if (match === null) return text.slice(at).trim() === "" ? labels : null;
    labels[match[1] as string] = unescapeLabel(match[2] as string);
  }
  return labels;
}

const unescapeLabel = (v: string) => v.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));

function parseValue(text: string): number | null {
  if (text === "+Inf" || text === "Inf") return Number.POSITIVE_INFINITY;
  if (text === "-Inf") return Number.NEGATIVE_INFINITY;
  if (text === "NaN") return Number.NaN;
  const value = Number(text);
  return Number.isNaN(value) ? null : value;
}
