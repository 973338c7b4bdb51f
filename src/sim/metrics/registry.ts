import { formatGoFloat } from "./go-float.ts";

// A small metrics registry with Prometheus semantics: counters, gauges and histograms with label
// sets, written in the text exposition format 0.0.4. Children are cached per label set so hot
// paths increment a field, not a map lookup.

export type Labels = Readonly<Record<string, string>>;
export type MetricType = "counter" | "gauge" | "histogram";

export class Sample {
  value = 0;
  readonly labels: Labels;
  constructor(labels: Labels) {
    this.labels = labels;
  }
  inc(by = 1): void {
    this.value += by;
  }
  set(value: number): void {
    this.value = value;
  }
}

export class HistogramSample {
  readonly labels: Labels;
  readonly bounds: readonly number[];
  /** Non-cumulative counts per bound, then the +Inf overflow last. */
  readonly counts: number[];
  sum = 0;
  count = 0;
  constructor(labels: Labels, bounds: readonly number[]) {
    this.labels = labels;
    this.bounds = bounds;
    this.counts = new Array<number>(bounds.length + 1).fill(0);
  }
  observe(value: number): void {
    this.observeTimes(value, 1);
  }
  /** `times` observations of `value` at once (a value many watchers see alike). */
  observeTimes(value: number, times: number): void {
    if (times <= 0) return;
    const i = this.bucketOf(value);
    this.counts[i] = (this.counts[i] as number) + times;
    this.sum += value * times;
    this.count += times;
  }
  /** Index of the bucket `value` counts in: the first bound ≥ it, else +Inf (bounds.length). */
  bucketOf(value: number): number {
    let i = 0;
    while (i < this.bounds.length && value > (this.bounds[i] as number)) i++;
    return i;
  }
  cumulative(): number[] {
    let running = 0;
    return this.counts.map((c) => {
      running += c;
      return running;
    });
  }
}

export interface MetricFamily<S> {
  readonly name: string;
  readonly help: string;
  readonly type: MetricType;
  readonly labelNames: readonly string[];
  /** The child for this label set, created on first use. */
  with(labels: Labels): S;
  /** The child for this label set if it exists; never creates one (readers must not). */
  get(labels: Labels): S | undefined;
  children(): S[];
}

class Family<S extends { labels: Labels }> implements MetricFamily<S> {
  readonly name: string;
  readonly help: string;
  readonly type: MetricType;
  readonly labelNames: readonly string[];
  private readonly byKey = new Map<string, S>();
  private readonly make: (labels: Labels) => S;

  constructor(
    name: string,
    help: string,
    type: MetricType,
    labelNames: readonly string[],
    make: (labels: Labels) => S,
  ) {
    this.name = name;
    this.help = help;
    this.type = type;
    this.labelNames = labelNames;
    this.make = make;
  }

  with(labels: Labels): S {
    const key = this.key(labels);
    let child = this.byKey.get(key);
    if (child === undefined) {
      for (const n of Object.keys(labels)) {
        if (!this.labelNames.includes(n))
          throw new Error(`metric ${this.name}: unknown label ${n}`);
      }
      child = this.make(labels);
      this.byKey.set(key, child);
    }
    return child;
  }

  get(labels: Labels): S | undefined {
    return this.byKey.get(this.key(labels));
  }

  children(): S[] {
    return [...this.byKey.values()];
  }

  private key(labels: Labels): string {
    return this.labelNames.map((n) => labels[n] ?? "").join("\u0000");
  }
}

export class MetricsRegistry {
  private readonly families: Family<Sample | HistogramSample>[] = [];

  counter(name: string, help: string, labelNames: readonly string[]): MetricFamily<Sample> {
    return this.add(new Family(name, help, "counter", labelNames, (l) => new Sample(l)));
  }

  gauge(name: string, help: string, labelNames: readonly string[]): MetricFamily<Sample> {
    return this.add(new Family(name, help, "gauge", labelNames, (l) => new Sample(l)));
  }

  histogram(
    name: string,
    help: string,
    labelNames: readonly string[],
    bounds: readonly number[],
  ): MetricFamily<HistogramSample> {
    return this.add(
      new Family(name, help, "histogram", labelNames, (l) => new HistogramSample(l, bounds)),
    );
  }

  all(): readonly MetricFamily<Sample | HistogramSample>[] {
    return this.families;
  }

  find(name: string): MetricFamily<Sample | HistogramSample> | undefined {
    return this.families.find((f) => f.name === name);
  }

  /** Prometheus text exposition format 0.0.4. */
  exposition(): string {
    const lines: string[] = [];
    for (const family of this.families) {
      lines.push(`# HELP ${family.name} ${escapeHelp(family.help)}`);
      lines.push(`# TYPE ${family.name} ${family.type}`);
      for (const child of family.children()) writeChild(lines, family.name, child);
    }
    return `${lines.join("\n")}\n`;
  }

  private add<S extends Sample | HistogramSample>(family: Family<S>): MetricFamily<S> {
    if (this.find(family.name) !== undefined)
      throw new Error(`metric ${family.name} registered twice`);
    this.families.push(family as unknown as Family<Sample | HistogramSample>);
    return family;
  }
}

function writeChild(lines: string[], name: string, child: Sample | HistogramSample): void {
  if (child instanceof Sample) {
    lines.push(`${name}${labelText(child.labels)} ${formatGoFloat(child.value)}`);
    return;
  }
  const cumulative = child.cumulative();
  child.bounds.forEach((bound, i) => {
    const labels = { ...child.labels, le: formatGoFloat(bound) };
    lines.push(`${name}_bucket${labelText(labels)} ${formatGoFloat(cumulative[i] as number)}`);
  });
  const inf = { ...child.labels, le: "+Inf" };
  lines.push(`${name}_bucket${labelText(inf)} ${formatGoFloat(child.count)}`);
  lines.push(`${name}_sum${labelText(child.labels)} ${formatGoFloat(child.sum)}`);
  lines.push(`${name}_count${labelText(child.labels)} ${formatGoFloat(child.count)}`);
}

// The Go client sorts label pairs by name and writes a bucket's `le` last.
function labelText(labels: Labels): string {
  const names = Object.keys(labels)
    .filter((k) => k !== "le")
    .sort();
  if (labels["le"] !== undefined) names.push("le");
  const pairs = names.map((k) => `${k}="${escapeLabel(labels[k] ?? "")}"`);
  return pairs.length === 0 ? "" : `{${pairs.join(",")}}`;
}

const escapeLabel = (v: string) =>
  v.replaceAll("\\", "\\\\").replaceAll("\n", "\\n").replaceAll('"', '\\"');
const escapeHelp = (v: string) => v.replaceAll("\\", "\\\\").replaceAll("\n", "\\n");
