import { PRESETS, presetScenarioQuery } from "../content/presets.ts";
import { issueProblem, parseScenario, type Scenario } from "../sim/scenario/index.ts";
import { readTwin } from "../state/twin-override.ts";
import type { CliArgs } from "./args.ts";

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

/** `base` with the keys of `over` in place of its own (page keys included). */
function overlay(base: string, over: string): string {
  const merged = new URLSearchParams(base);
  const given = new URLSearchParams(over.replace(/^[#?]/, ""));
  for (const key of new Set(given.keys())) merged.delete(key);
  for (const [key, value] of given) merged.append(key, value);
  return merged.toString();
}

export function readRuns(args: CliArgs): { runs: CliRun[]; problems: string[] } {
  const problems: string[] = [];
  let text = args.scenario;
  if (args.preset !== null) {
    const preset = PRESETS.find((candidate) => candidate.id === args.preset);
    if (preset === undefined) {
      problems.push(`--preset "${args.preset}" is not a preset; see --list-presets`);
    } else {
      text = overlay(presetScenarioQuery(preset), args.scenario);
    }
  }
  const { scenario, issues, page } = parseScenario(text);
  for (const issue of issues) problems.push(`scenario: ${issueProblem(issue)}`);
  if (page["t"] !== undefined) {
    problems.push(
      `scenario: t=${page["t"]} is not accepted here: the command line always runs from second 0 for --duration seconds`,
    );
  }
  const twinText = page["twin"];
  if (twinText === undefined) return { runs: [{ scenario }], problems };
  const twin = readTwin(twinText, scenario);
  if (!twin.ok) {
    for (const issue of twin.issues) problems.push(`scenario: ${issueProblem(issue)}`);
    return { runs: [{ scenario }], problems };
  }
  return {
    runs: [
      { scenario, run: "A" },
      { scenario: twin.scenario, run: "B" },
    ],
    problems,
  };
}
