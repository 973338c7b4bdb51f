import { parsePrometheusText } from "../../scrape/prometheus-text.ts";

// A Prometheus text exposition as families of series, for comparing two sides' metrics: each
// series named by its sample name and sorted labels (an `le` as the number it is, since the two
// sides print bounds their own way), its value as a number's shortest text. A histogram's `_sum`
// is compared to the nanosecond: both sides add durations measured in nanoseconds, in seconds
// as floats, in their own order, so the last bits of the sum are the adding's, not the model's.

export interface MetricSample {
  readonly series: string;
  readonly value: string;
}

const HISTOGRAM_PARTS = ["_bucket", "_sum", "_count"];

export function exposedSamples(text: string): Map<string, MetricSample[]> {
  const families = new Set<string>();
  for (const line of text.split("\n")) {
    const m = /^# TYPE (\S+) /.exec(line);
    if (m?.[1] !== undefined) families.add(m[1]);
  }
  const familyOf = (name: string) => {
    if (families.has(name)) return name;
    const part = HISTOGRAM_PARTS.find(
      (p) => name.endsWith(p) && families.has(name.slice(0, -p.length)),
    );
    return part === undefined ? name : name.slice(0, -part.length);
  };
  const out = new Map<string, MetricSample[]>();
  for (const s of parsePrometheusText(text).samples) {
    const labels = Object.entries(s.labels)
      .map(([k, v]) => `${k}="${k === "le" ? String(Number(v)) : v}"`)
      .sort()
      .join(",");
    const family = familyOf(s.name);
    const list = out.get(family) ?? [];
    const value = s.name.endsWith("_sum") ? Number(s.value.toFixed(9)) : s.value;
    list.push({ series: `${s.name}{${labels}}`, value: String(value) });
    out.set(family, list);
  }
  return out;
}
