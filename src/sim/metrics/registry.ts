import { defined } from "../lib/at.ts";
import { formatGoFloat } from "./go-float.ts";

// A small metrics registry with Prometheus semantics: counters, gauges and histograms with label
// sets, written in the text exposition format 0.0.4. Children are cached per label set so hot
// paths increment a field, not a map lookup. A child made with `lazy` is exposed only from its
// first increment, set or observation, as a Go vector's child exists only once WithLabelValues is
// called where it is used; a family without exposed children is left out, as client_golang's
// gatherer leaves it out.

/** What a child does the first time it is touched (its family lists it then). */
type FirstUse = (() => void) | null;

export type Labels = Readonly<Record<string, string>>;
export type MetricType = "counter" | "gauge" | "histogram";

export class Sample {
  value = 0;
  readonly labels: Labels;
  /** Set by a family for a child not exposed yet. */
  onFirstUse: FirstUse = null;
  constructor(labels: Labels) {
    this.labels = labels;
  }
  inc(by = 1): void {
    if (this.onFirstUse !== null) this.appear();
    this.value += by;
  }
  set(value: number): void {
    if (this.onFirstUse !== null) this.appear();
    this.value = value;
  }
  appear(): void {
    const firstUse = this.onFirstUse;
    this.onFirstUse = null;
    firstUse?.();
  }
}

export class HistogramSample {
  readonly labels: Labels;
  readonly bounds: readonly number[];
  /** Non-cumulative counts per bound, then the +Inf overflow last. */
  readonly counts: number[];
  sum = 0;
  count = 0;
  /** Set by a family for a child not exposed yet. */
  onFirstUse: FirstUse = null;
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
    if (this.onFirstUse !== null) this.appear();
    const i = this.bucketOf(value);
    this.counts[i] = defined(this.counts[i]) + times;
    this.sum += value * times;
    this.count += times;
  }
  /** Index of the bucket `value` counts in: the first bound ≥ it, else +Inf (bounds.length). */
  bucketOf(value: number): number {
    let i = 0;
    while (i < this.bounds.length && value > defined(this.bounds[i])) i++;
    return i;
  }
  appear(): void {
    const firstUse = this.onFirstUse;
    this.onFirstUse = null;
    firstUse?.();
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
  /** The child for this label set, created and exposed now. */
  with(labels: Labels): S;
  /** The child for this label set, exposed only from its first increment, set or observation. */
  lazy(labels: Labels): S;
  /** The child for this label set if it is exposed; never creates one (readers must not). */
  get(labels: Labels): S | undefined;
  /** The exposed children, in the order they appeared. */
  children(): S[];
}

interface Child {
  readonly labels: Labels;
  onFirstUse: FirstUse;
  appear(): void;
}

class Family<S extends Child> implements MetricFamily<S> {
  readonly name: string;
  readonly help: string;
  readonly type: MetricType;
  readonly labelNames: readonly string[];
  private readonly byKey = new Map<string, S>();
  private readonly exposed: S[] = [];
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
    const child = this.lazy(labels);
    child.appear();
    return child;
  }

  lazy(labels: Labels): S {
    const key = this.key(labels);
    let child = this.byKey.get(key);
    if (child === undefined) {
      for (const n of Object.keys(labels)) {
        if (!this.labelNames.includes(n))
          throw new Error(`metric ${this.name}: unknown label ${n}`);
      }
      const made = this.make(labels);
      made.onFirstUse = () => this.exposed.push(made);
      this.byKey.set(key, made);
      child = made;
    }
    return child;
  }

  get(labels: Labels): S | undefined {
    const child = this.byKey.get(this.key(labels));
    return child?.onFirstUse === null ? child : undefined;
  }

  children(): S[] {
    return [...this.exposed];
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
    return exposition([{ registry: this, labels: {} }]);
  }

  private add<S extends Sample | HistogramSample>(family: Family<S>): MetricFamily<S> {
    if (this.find(family.name) !== undefined)
      throw new Error(`metric ${family.name} registered twice`);
    this.families.push(family as unknown as Family<Sample | HistogramSample>);
    return family;
  }
}

/** A registry whose every series is written with `labels` added (a twin run's `run="B"`). */
export interface LabelledRegistry {
  readonly registry: MetricsRegistry;
  readonly labels: Labels;
}

/**
 * Several registries as one exposition: each family once, with every registry's children under
 * it, in order (families in the order they first appear).
 */
export function exposition(sources: readonly LabelledRegistry[]): string {
  const lines: string[] = [];
  for (const name of familyNames(sources)) {
    const families = sources.map(({ registry, labels }) => ({
      family: registry.find(name),
      labels,
    }));
    const first = families.find(({ family }) => family !== undefined)?.family;
    if (first === undefined) continue;
    if (families.every(({ family }) => (family?.children().length ?? 0) === 0)) continue;
    lines.push(`# HELP ${name} ${escapeHelp(first.help)}`);
    lines.push(`# TYPE ${name} ${first.type}`);
    for (const { family, labels } of families) {
      for (const child of family?.children() ?? []) writeChild(lines, name, child, labels);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** Every family name of the sources, in the order they first appear. */
export function familyNames(sources: readonly LabelledRegistry[]): string[] {
  const names = new Set<string>();
  for (const { registry } of sources) for (const family of registry.all()) names.add(family.name);
  return [...names];
}

/**
 * The sample lines of one child, `[name suffix, labels, value]`: a histogram's buckets (cumulative,
 * `le` as Go writes it), `+Inf`, then `_sum` and `_count`, as the Go client orders them.
 */
export function childSamples(
  child: Sample | HistogramSample,
  extra: Labels = {},
): [suffix: string, labels: Labels, value: number][] {
  const own = { ...child.labels, ...extra };
  if (child instanceof Sample) return [["", own, child.value]];
  const cumulative = child.cumulative();
  const samples: [string, Labels, number][] = child.bounds.map((bound, i) => [
    "_bucket",
    { ...own, le: formatGoFloat(bound) },
    defined(cumulative[i]),
  ]);
  samples.push(["_bucket", { ...own, le: "+Inf" }, child.count]);
  samples.push(["_sum", own, child.sum]);
  samples.push(["_count", own, child.count]);
  return samples;
}

function writeChild(
  lines: string[],
  name: string,
  child: Sample | HistogramSample,
  extra: Labels,
): void {
  for (const [suffix, labels, value] of childSamples(child, extra)) {
    lines.push(`${name}${suffix}${labelText(labels)} ${formatGoFloat(value)}`);
  }
}

// The Go client sorts label pairs by name and writes a bucket's `le` last.
export function labelText(labels: Labels): string {
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
