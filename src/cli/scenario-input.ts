import { PRESETS, presetScenarioQuery } from "../content/presets.ts";
import { issueProblem, parseScenario, type Scenario } from "../sim/scenario/index.ts";
import { readTwin } from "../state/twin-override.ts";
import { faultsPastEnd } from "../sweep/faults-past-end.ts";
import { overlay } from "../sweep/points.ts";
import type { CliArgs } from "./args.ts";
import { linkText } from "./link-text.ts";

// From the flags to the runs to make: the preset's scenario with --scenario's keys put over it, and
// with the `twin` page key, run B beside A. The command line refuses where the page warns, so every
// problem here ends the command with exit 2; the words say what is wrong, not what the page does.

export interface CliRun {
  readonly scenario: Scenario;
  /** `A` or `B` with a twin run; absent for a run alone. */
  readonly run?: "A" | "B";
}

/** The preset gallery, one a line: the name to pass to --preset, then its title. */
export function presetLines(): string {
  const width = Math.max(...PRESETS.map((preset) => preset.id.length));
  return PRESETS.map((preset) => `${preset.id.padEnd(width)}  ${preset.title}\n`).join("");
}

/** The runs, every problem that refuses them, and notes on what was left out of a whole link. */
export function readRuns(args: CliArgs): {
  runs: CliRun[];
  problems: string[];
  notes: string[];
  /** The scenario text read: the preset's with --scenario's keys over it. */
  text: string;
} {
  const problems: string[] = [];
  const notes: string[] = [];
  const given = linkText(args.scenario);
  let text = given.text;
  if (args.preset !== null) {
    const preset = PRESETS.find((candidate) => candidate.id === args.preset);
    if (preset === undefined) {
      problems.push(`--preset "${args.preset}" is not a preset; see --list-presets`);
    } else {
      text = overlay(presetScenarioQuery(preset), given.text);
    }
  }
  const { scenario, issues, page } = parseScenario(text);
  for (const issue of issues) problems.push(`scenario: ${issueProblem(issue)}`);
  const fromZero = "the command line always runs from second 0 for --duration seconds";
  if (page["t"] !== undefined && given.wholeLink) {
    // Share's links carry the moment shown; pasted whole, the link is taken for its scenario.
    notes.push(`note: the link's t=${page["t"]} is dropped: ${fromZero}`);
  } else if (page["t"] !== undefined) {
    problems.push(`scenario: t=${page["t"]} is not accepted here: ${fromZero}`);
  }
  const runs = twinRuns(scenario, page["twin"], problems);
  for (const run of runs) problems.push(...faultsPastEnd(run.scenario, args.durationS));
  return { runs, problems: [...new Set(problems)], notes, text };
}

/** The run alone, or A and B when the `twin` page key is given (and valid). */
function twinRuns(scenario: Scenario, twinText: string | undefined, problems: string[]): CliRun[] {
  if (twinText === undefined) return [{ scenario }];
  const twin = readTwin(twinText, scenario);
  if (!twin.ok) {
    for (const issue of twin.issues) problems.push(`scenario: ${issueProblem(issue)}`);
    return [{ scenario }];
  }
  return [
    { scenario, run: "A" },
    { scenario: twin.scenario, run: "B" },
  ];
}
