import type { Labels, MetricsRegistry } from "../model/index.ts";
import { encodeScenario, type Nanos, NS_PER_S, type Scenario } from "../model/index.ts";
import { openMetricsText, type Timing } from "./openmetrics.ts";
import { createSampler, type SampledFamily } from "./sampler.ts";

// Runs exported side by side (one, or a twin's A and B), as the command line prints them and the
// page's export saves them: the same code, so the page's file is the command line's file.

/** Simulated seconds between two scrapes unless asked otherwise: Prometheus's usual interval. */
export const DEFAULT_STEP_S = 15;

/**
 * Unix time, s, of a run's last sample by default: now, rounded down to the minute. A run exported
 * and backfilled at once is then on a dashboard's "last 15 minutes" straight away, and no sample
 * lies in the future (issue 35: starting at the current minute put a 600 s run ten minutes ahead).
 */
export const defaultEndS = (epochMs: number): number => Math.floor(epochMs / 60_000) * 60;

/** Simulated second of the last scrape of a run of `durationS`: the last multiple of the step. */
export function lastScrapeS(durationS: number, stepS: number): number {
  const stepNs = Math.round(stepS * NS_PER_S);
  return (Math.floor(Math.round(durationS * NS_PER_S) / stepNs) * stepNs) / NS_PER_S;
}

/** Unix time, s, of simulated second 0 for a run whose last sample is at `endS`. */
export const startForEnd = (endS: number, durationS: number, stepS: number): number =>
  endS - lastScrapeS(durationS, stepS);

/** What an export needs of a run: to move it on, and to read its series. */
export interface MeteredRun {
  advanceTo(tNs: Nanos): void;
  metrics(): MetricsRegistry;
}

export interface ExportRun {
  readonly sim: MeteredRun;
  readonly scenario: Scenario;
  /** `A` or `B` in a twin run; absent for a run alone. */
  readonly run?: string;
}

/**
 * The `scenario` label: the link text that replays the run, so two runs in one Prometheus are
 * told apart and each can be opened again. A scenario of defaults only is written as its `v`.
 */
export const scenarioLabel = (scenario: Scenario): string =>
  encodeScenario(scenario) || `v=${scenario.v}`;

/** The labels every series of `run` carries: `run` in a twin, and with `scenario`, the link. */
export function runLabels(run: ExportRun, withScenario: boolean): Labels {
  return {
    ...(run.run === undefined ? {} : { run: run.run }),
    ...(withScenario ? { scenario: scenarioLabel(run.scenario) } : {}),
  };
}

/**
 * Advances every run to `endNs` on one clock, a simulated second at a time (then the rest), and
 * calls `onAdvanced` at 0 and after each slice.
 */
export function advanceTogether(
  sims: readonly MeteredRun[],
  endNs: Nanos,
  onAdvanced: (tNs: Nanos) => void = () => {},
): void {
  advanceTogetherFrom(sims, 0, endNs, onAdvanced);
}

function advanceTogetherFrom(
  sims: readonly MeteredRun[],
  fromNs: Nanos,
  endNs: Nanos,
  onAdvanced: (tNs: Nanos) => void,
): void {
  for (let tNs = fromNs; ; tNs = Math.min(endNs, tNs + NS_PER_S)) {
    for (const sim of sims) sim.advanceTo(tNs);
    onAdvanced(tNs);
    if (tNs >= endNs) return;
  }
}

/** Runs replayed on one clock and scraped every step, moved on only when asked to. */
export interface ScrapedReplay {
  /** Simulated time reached, ns; -1 before the first advance (which scrapes 0 s). */
  readonly nowNs: Nanos;
  readonly stepS: number;
  /** Moves every run on to `endNs` (not back), scraping at each multiple of the step. */
  advanceTo(endNs: Nanos, onAdvanced?: (tNs: Nanos) => void): void;
  families(): SampledFamily[];
  /** Scrapes taken so far. */
  readonly scrapes: number;
  /** Forgets the points scraped so far (Sampler.drain). */
  drain(): void;
}

/**
 * A replay of `runs` from 0 s, scraped every `stepS` (whole) simulated seconds as a Prometheus
 * would: the OpenMetrics export reads it once to the end, the page's windowed figures read it
 * again as the run goes on, without replaying what it already scraped.
 */
export function createScrapedReplay(runs: readonly ExportRun[], stepS: number): ScrapedReplay {
  const sampler = createSampler(
    runs.map((run) => ({ metrics: () => run.sim.metrics(), labels: runLabels(run, true) })),
  );
  const stepNs = Math.round(stepS * NS_PER_S);
  let nowNs = -1;
  return {
    get nowNs() {
      return nowNs;
    },
    stepS,
    advanceTo(endNs, onAdvanced) {
      if (endNs <= nowNs) return;
      advanceTogetherFrom(
        runs.map((run) => run.sim),
        Math.max(0, nowNs),
        endNs,
        (tNs) => {
          if (tNs > nowNs && tNs % stepNs === 0) sampler.sample();
          nowNs = tNs;
          onAdvanced?.(tNs);
        },
      );
    },
    families: () => sampler.families(),
    get scrapes() {
      return sampler.scrapes;
    },
    drain: () => sampler.drain(),
  };
}

/**
 * The runs from 0 to `durationS` as OpenMetrics, every series scraped every `timing.stepS`
 * (whole) simulated seconds from 0 on: the last scrape is at the last multiple of the step.
 */
export function runOpenMetrics(
  runs: readonly ExportRun[],
  durationS: number,
  timing: Timing,
  onAdvanced?: (tNs: Nanos) => void,
): string {
  const replay = createScrapedReplay(runs, timing.stepS);
  replay.advanceTo(Math.round(durationS * NS_PER_S), onAdvanced);
  return openMetricsText(replay.families(), timing);
}
