import type { CliArgs } from "./args.ts";
import { readRuns } from "./scenario-input.ts";

// The command line's side of a sweep's points (sweep/points.ts builds their texts): the base
// scenario read from the preset and --scenario as a run alone reads them, and each point's text
// checked as `npm run sim` would check it, so a point the scenario refuses is refused with the
// scenario's words, naming the point.

/** The base scenario text, its seed, and what refuses it (a twin, any scenario problem). */
export function sweepBase(args: CliArgs): {
  text: string;
  seed: number;
  problems: string[];
  notes: string[];
} {
  const { runs, problems, notes, text } = readRuns(args);
  if (runs.length > 1) {
    problems.push(
      "scenario: twin= is not accepted with --sweep: a sweep runs one scenario per point (sweep a gate with --sweep gates=<Gate> to compare off and on)",
    );
  }
  // A whole link's moment was dropped with a note: the points are read without it.
  const params = new URLSearchParams(text);
  params.delete("t");
  return { text: params.toString(), seed: runs[0]?.scenario.seed ?? 1, problems, notes };
}

/** What refuses a point's text, each problem naming the point (empty when it runs). */
export function pointProblems(args: CliArgs, text: string, label: string): string[] {
  const { problems } = readRuns({ ...args, preset: null, scenario: text });
  return problems.map((problem) => `at ${label}: ${problem}`);
}
