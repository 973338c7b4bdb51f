import {
  childSamples,
  type Labels,
  type MetricsRegistry,
  type MetricType,
} from "../model/index.ts";

// Samples registries at a steady simulated interval, as a Prometheus scraping the run every step
// would: each scrape reads every series there is at that moment. A series first seen at scrape k
// has points from k on (a labelled counter appears when it is first counted, as in client_golang).
// The model knows nothing of it: the sampler only reads the registry between advances.

/** One child of a family (a counter, gauge or histogram with one label set). */
export interface SampledChild {
  /** Its sample lines: name suffix (`_bucket`, `_sum`, …) and labels, extra labels included. */
  readonly lines: readonly (readonly [suffix: string, labels: Labels])[];
  /** The scrape at which it was first seen. */
  readonly first: number;
  /** `rows[i][j]`: line j's value at scrape `first + i`. */
  readonly rows: readonly (readonly number[])[];
}

export interface SampledFamily {
  readonly name: string;
  readonly help: string;
  readonly type: MetricType;
  readonly children: readonly SampledChild[];
}

/** Where to read a run's series, and the labels that tell it from the others (`run`, `scenario`). */
export interface SampleSource {
  readonly metrics: () => MetricsRegistry;
  readonly labels: Labels;
}

export interface Sampler {
  /** Takes one scrape of every source now. */
  sample(): void;
  /** Scrapes taken so far. */
  readonly scrapes: number;
  /** Every family seen, in the order first seen, each child with its points. */
  families(): SampledFamily[];
  /**
   * Forgets the points taken so far, keeping every family and child: each child's next point
   * is at the next scrape. A caller that has written them elsewhere keeps memory bounded.
   */
  drain(): void;
}

type OpenChild = { lines: [string, Labels][]; first: number; rows: number[][] };
type OpenFamily = {
  name: string;
  help: string;
  type: MetricType;
  children: Map<string, OpenChild>;
};

export function createSampler(sources: readonly SampleSource[]): Sampler {
  const families = new Map<string, OpenFamily>();
  let scrapes = 0;
  return {
    sample() {
      sources.forEach((source, index) => {
        for (const family of source.metrics().all()) {
          let open = families.get(family.name);
          if (open === undefined) {
            open = { name: family.name, help: family.help, type: family.type, children: new Map() };
            families.set(family.name, open);
          }
          for (const child of family.children()) {
            const samples = childSamples(child, source.labels);
            const key = `${index}\u0000${family.labelNames.map((n) => child.labels[n] ?? "").join("\u0000")}`;
            let row = open.children.get(key);
            if (row === undefined) {
              row = {
                lines: samples.map(([suffix, labels]) => [suffix, labels]),
                first: scrapes,
                rows: [],
              };
              open.children.set(key, row);
            }
            row.rows.push(samples.map(([, , value]) => value));
          }
        }
      });
      scrapes++;
    },
    get scrapes() {
      return scrapes;
    },
    drain() {
      for (const family of families.values()) {
        for (const child of family.children.values()) {
          child.first = scrapes;
          child.rows = [];
        }
      }
    },
    families: () =>
      [...families.values()].map((family) => ({
        ...family,
        children: [...family.children.values()],
      })),
  };
}
