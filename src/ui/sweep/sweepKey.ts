import { echo, issueProblem, parseScenario, type ScenarioIssue } from "../../model/index.ts";
import { readDuration } from "../../sweep/duration.ts";
import { faultsPastEnd } from "../../sweep/faults-past-end.ts";
import { firstValues } from "../../sweep/find.ts";
import { gridPoints, pointLabel, pointText } from "../../sweep/points.ts";
import { readSweep, type SweepPlan } from "../../sweep/spec.ts";
import type { SweepTexts } from "../../sweep/texts.ts";

// The page key `sweep` (docs/page-keys.md): a sweep as the command line's flags would give it,
// written as one URL-encoded value (`sweep=lag%3D2000..4000&points=41&duration=150` inside it), and
// read by the command line's own reader (sweep/spec.ts), so a bad range or key gets the command
// line's message, in the dialog and in the link's banner alike.

/** The page key's name. */
export const SWEEP_KEY = "sweep";

/** The settings the value may hold: the command line's sweep flags a page can use. */
export const SWEEP_SETTINGS = [
  "sweep",
  "points",
  "seeds",
  "find",
  "precision",
  "figures",
  "duration",
] as const;

/** The figures plotted when a sweep names none: what an operator looks at first. */
export const DEFAULT_FIGURES = ["fallbacks", "answers_504", "etcd_busy_slot_s"] as const;

/** A sweep as written on the page: the flags' texts and the duration's. */
export interface PageSweepTexts {
  readonly texts: SweepTexts;
  readonly duration: string;
}

/** What a page sweep runs: the plan, each run's duration and the base it varies. */
export interface PageSweep {
  readonly plan: SweepPlan;
  readonly durationS: number;
  /** The scenario text the points are put over (the page's run, `t` and page keys left out). */
  readonly base: string;
  readonly seeds: readonly number[];
}

/** The page key's value for a sweep (settings in SWEEP_SETTINGS order). */
export function sweepKeyValue({ texts, duration }: PageSweepTexts): string {
  const params = new URLSearchParams();
  for (const sweep of texts.sweeps) params.append("sweep", sweep);
  for (const name of ["points", "seeds", "find", "precision", "figures"] as const) {
    const value = texts[name];
    if (value !== undefined) params.set(name, value);
  }
  params.set("duration", duration);
  return params.toString();
}

/** The texts a page key's value holds, with every setting it does not know named. */
export function readSweepKey(value: string): PageSweepTexts & { problems: string[] } {
  const params = new URLSearchParams(value);
  const problems: string[] = [];
  const texts: Record<string, string> = {};
  for (const name of new Set(params.keys())) {
    if (!(SWEEP_SETTINGS as readonly string[]).includes(name)) {
      problems.push(
        `sweep: "${echo(name)}" is not a sweep setting; the settings are ${SWEEP_SETTINGS.join(", ")}`,
      );
    } else if (name !== "sweep") texts[name] = params.get(name) as string;
  }
  const { duration, ...flags } = texts;
  return {
    texts: { sweeps: params.getAll("sweep"), formatGiven: false, ...flags },
    duration: duration ?? "60",
    problems,
  };
}

type PageSweepRead = { sweep: PageSweep | null; problems: string[] };

/**
 * The sweep over `base` (the page's scenario text) with every problem that refuses it: the
 * command line's words for the flags, the duration and each point the scenario refuses.
 */
export function readPageSweep(written: PageSweepTexts, base: string, cores: number): PageSweepRead {
  const steps = reading(written, base, cores);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Main-thread time the check of a sweep's points takes before it lets the page paint. */
const SLICE_MS = 8;

/**
 * readPageSweep, letting the page run between slices of its points: a 20 × 20 grid's check
 * parses 400 scenarios, 25–45 ms of one task on a click otherwise.
 */
export async function readPageSweepInSlices(
  written: PageSweepTexts,
  base: string,
  cores: number,
): Promise<PageSweepRead> {
  const steps = reading(written, base, cores);
  let sliceFromMs = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceFromMs > SLICE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      sliceFromMs = performance.now();
    }
  }
}

/** readPageSweep's work, paused after each point it checks. */
function* reading(
  written: PageSweepTexts,
  base: string,
  cores: number,
): Generator<void, PageSweepRead> {
  const problems: string[] = [];
  const durationS = readDuration(written.duration, problems);
  if (written.texts.sweeps.length === 0) {
    problems.push("--sweep: choose a key and a range A..B to sweep");
  }
  const read = readSweep(written.texts, { durationS: durationS > 0 ? durationS : 1, cores });
  problems.push(...read.problems);
  if (read.plan === null || problems.length > 0) return { sweep: null, problems };
  const plan = read.plan;
  const params = new URLSearchParams(base);
  params.delete("t");
  const text = params.toString();
  const parsed = parseScenario(text).scenario;
  const firstSeed = parsed.seed;
  problems.push(...faultsPastEnd(parsed, durationS));
  const seeds = Array.from({ length: plan.seeds }, (_, i) => firstSeed + i);
  // A search's later points lie between its first ones: checking those checks the range.
  const checked =
    plan.find === null
      ? gridPoints(plan.dimensions)
      : firstValues(plan.dimensions, plan.find.precision).map((v) => [v]);
  for (const values of checked) {
    for (const seed of seeds) {
      const label = `${pointLabel(plan.dimensions, values)}${plan.seeds > 1 ? `, seed=${seed}` : ""}`;
      const point = parseScenario(pointText(text, plan.dimensions, values, seed));
      const refusals = [
        ...point.issues.map((issue) => `scenario: ${issueProblem(issue)}`),
        ...faultsPastEnd(point.scenario, durationS),
      ];
      for (const refusal of refusals) problems.push(`at ${label}: ${refusal}`);
      yield;
    }
  }
  if (problems.length > 0) return { sweep: null, problems: [...new Set(problems)] };
  return { sweep: { plan, durationS, base: text, seeds }, problems };
}

/**
 * The link's `sweep` key checked against its scenario: a bad one is reported (each problem in the
 * command line's words) and leaves the address; the rest of the link is untouched.
 */
export function checkSweepKey(
  pageKeys: Readonly<Record<string, string>>,
  scenarioQuery: string,
  cores: number,
): { pageKeys: Readonly<Record<string, string>>; issues: ScenarioIssue[] } {
  const value = pageKeys[SWEEP_KEY];
  if (value === undefined) return { pageKeys, issues: [] };
  const written = readSweepKey(value);
  const problems = [...written.problems, ...readPageSweep(written, scenarioQuery, cores).problems];
  if (problems.length === 0) return { pageKeys, issues: [] };
  const { [SWEEP_KEY]: _refused, ...kept } = pageKeys;
  const issues = problems.map((problem) => ({
    key: SWEEP_KEY,
    value,
    message: `sweep: ${problem}; the sweep does not run`,
  }));
  return { pageKeys: kept, issues };
}
